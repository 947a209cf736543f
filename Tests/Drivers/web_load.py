#!/usr/bin/env python3
"""A bounded load test of `expenses serve` (issue 47): N sessions at once for S seconds against a
server already running on loopback. Standard library only (threads and http.client).

Each session is one keep-alive connection, as a browser tab's: it logs in on the team database's
form (GET /login for the form's CSRF token and its cookie, POST /login with a name and password
from --user, taken in turn), then loops until the time is up: GET /reports, GET /reports/{id} of
the first report the list links to, GET /approvals; with --upload FILE, each session also POSTs
the file to /receipts as the take-photo form does, once every --upload-interval seconds (the
sessions' first ones spread over that interval, so that fifty sessions that started together do
not take fifty photos in one moment), with a random tail after its
bytes (an image reader stops at its end) so that each upload is a new photo to capture, not one
the server recognises (skipped when the server has no /receipts/new). Log-ins are timed apart
from the loop.

Prints one JSON object: sessions, seconds, requests, errors (any status but 2xx/3xx, or a
connection error), the fewest requests a session made, the pages' latency p50/p90/p99/max in ms,
uploads and their p50/max apart (an OCR run is seconds, not a page's milliseconds), requests per
second, log-in p50/max, and the first few failures in words. Exits 1 when there was
any error (or a session could not log in), 2 on bad arguments.

  web_load.py --url http://127.0.0.1:8080/ --user alice:alice-pw --user bob:bob-pw \\
      [--sessions 50] [--seconds 30] [--upload receipt.jpg --upload-interval 60]
"""

import argparse
import http.client
import json
import os
import re
import sys
import threading
import time
import urllib.parse
import uuid

CSRF = re.compile(r'name="csrf" value="([0-9a-f]{32})"')
REPORT_LINK = re.compile(r'href="/reports/(\d+)"')
FAILURES_KEPT = 10


class Failure(Exception):
    """A request that did not get the answer a browser would go on with."""


class Session:
    """One person's browser tab: a connection, its cookies, the CSRF token of its pages."""

    def __init__(self, host: str, port: int, timeout: float):
        self.host, self.port, self.timeout = host, port, timeout
        self.connection: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def request(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None) -> tuple[int, str]:
        """The status and body text; reconnects once when the server closed the idle connection."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}
        if content_type:
            headers["Content-Type"] = content_type
        for attempt in (0, 1):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                text = response.read().decode("utf-8", "replace")
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
                # A keep-alive connection the server closed between two requests: a browser opens
                # another and sends again. Twice is an error.
                self.close()
                if attempt == 1 or body is not None:
                    raise Failure(f"{method} {path}: {type(error).__name__}: {error}") from None
                continue
            except (OSError, http.client.HTTPException) as error:
                self.close()
                raise Failure(f"{method} {path}: {type(error).__name__}: {error}") from None
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name.strip()] = rest.split(";", 1)[0]
            if response.getheader("Connection", "").lower() == "close":
                self.close()
            if not 200 <= response.status < 400:
                raise Failure(f"{method} {path}: {response.status} {text[:200].strip()}")
            return response.status, text
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def log_in(self, name: str, password: str) -> None:
        _, form = self.request("GET", "/login")
        token = CSRF.search(form)
        if not token:
            raise Failure("GET /login: no CSRF token in the form")
        body = urllib.parse.urlencode({"csrf": token.group(1), "name": name, "password": password}).encode()
        status, text = self.request("POST", "/login", body, "application/x-www-form-urlencoded")
        if status != 303 or "expenses_session" not in self.cookies:
            raise Failure(f"POST /login as {name}: {status}, no session cookie: {text[:200].strip()}")


def multipart(csrf: str, filename: str, data: bytes) -> tuple[bytes, str]:
    """The take-photo form's body: the CSRF field and the file as `receipt`."""
    boundary = "----web-load-" + uuid.uuid4().hex
    kind = "application/pdf" if filename.lower().endswith(".pdf") else "image/png" if filename.lower().endswith(".png") else "image/jpeg"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{csrf}\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="{filename}"\r\n'
        f"Content-Type: {kind}\r\n\r\n"
    ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


class Totals:
    """What every session measured, behind one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.upload_latencies: list[float] = []
        self.logins: list[float] = []
        self.per_session: list[int] = []
        self.errors = 0
        self.uploads = 0
        self.failures: list[str] = []

    def failed(self, what: str) -> None:
        with self.lock:
            self.errors += 1
            if len(self.failures) < FAILURES_KEPT:
                self.failures.append(what)


def session_loop(index: int, arguments, users, upload, start: threading.Barrier, deadline: list[float], totals: Totals) -> None:
    session = Session(arguments.host, arguments.port, arguments.request_timeout)
    name, password = users[index % len(users)]
    made, latencies, uploads = 0, [], []
    try:
        started = time.monotonic()
        session.log_in(name, password)
        with totals.lock:
            totals.logins.append((time.monotonic() - started) * 1000)
        _, page = session.request("GET", "/reports")
        token = CSRF.search(page)
        session.csrf = token.group(1) if token else ""
        link = REPORT_LINK.search(page)
        paths = ["/reports"] + ([f"/reports/{link.group(1)}"] if link else []) + ["/approvals"]
        can_upload = upload is not None and session.request("GET", "/receipts/new")[0] == 200
    except Failure as failure:
        totals.failed(f"session {index} ({name}) setting up: {failure}")
        start.abort()
        return
    try:
        start.wait()
    except threading.BrokenBarrierError:
        return
    interval = arguments.upload_interval
    next_upload = time.monotonic() + interval * index / arguments.sessions
    while time.monotonic() < deadline[0]:
        steps: list[tuple[str, str]] = [("GET", path) for path in paths]
        if can_upload and time.monotonic() >= next_upload:
            steps.append(("POST", "/receipts"))
            next_upload += interval
        for method, path in steps:
            body, kind = multipart(session.csrf, upload[0], upload[1] + os.urandom(16)) if method == "POST" else (None, None)
            began = time.monotonic()
            try:
                session.request(method, path, body, kind)
            except Failure as failure:
                totals.failed(f"session {index} ({name}): {failure}")
                continue
            (uploads if method == "POST" else latencies).append((time.monotonic() - began) * 1000)
            made += 1
    session.close()
    with totals.lock:
        totals.latencies += latencies
        totals.upload_latencies += uploads
        totals.uploads += len(uploads)
        totals.per_session.append(made)


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-fraction * len(ordered) // 1))))
    return round(ordered[rank - 1], 2)


def parse(argv: list[str]):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True, help="the server, http://127.0.0.1:PORT/ (plain HTTP on loopback)")
    parser.add_argument("--user", action="append", required=True, metavar="NAME:PASSWORD", help="a person to log in as; sessions take them in turn")
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--upload", metavar="FILE", help="a receipt to POST to /receipts now and then")
    parser.add_argument("--upload-interval", type=float, default=60, metavar="SECONDS", help="each session's time between two photos")
    parser.add_argument("--request-timeout", type=float, default=60, metavar="SECONDS", help="a request unanswered this long is an error (serve stops OCR at 60 s)")
    arguments = parser.parse_args(argv)
    url = urllib.parse.urlsplit(arguments.url)
    if url.scheme != "http" or not url.hostname or url.port is None:
        parser.error(f"--url {arguments.url}: give http://HOST:PORT/")
    if arguments.sessions < 1 or arguments.seconds <= 0 or arguments.upload_interval <= 0:
        parser.error("--sessions must be at least 1, --seconds and --upload-interval more than 0")
    if any(":" not in user for user in arguments.user):
        parser.error("--user is NAME:PASSWORD")
    arguments.host, arguments.port = url.hostname, url.port
    return arguments


def main(argv: list[str]) -> int:
    arguments = parse(argv)
    users = [tuple(user.split(":", 1)) for user in arguments.user]
    upload = None
    if arguments.upload:
        with open(arguments.upload, "rb") as file:
            upload = (arguments.upload.rsplit("/", 1)[-1], file.read())
    totals = Totals()
    deadline = [0.0]
    # Every session logs in first; the clock starts when the last one is ready.
    start = threading.Barrier(arguments.sessions + 1)
    threads = [
        threading.Thread(target=session_loop, args=(i, arguments, users, upload, start, deadline, totals), daemon=True)
        for i in range(arguments.sessions)
    ]
    for thread in threads:
        thread.start()
    deadline[0] = float("inf")
    try:
        start.wait()
        began = time.monotonic()
        deadline[0] = began + arguments.seconds
    except threading.BrokenBarrierError:
        began = time.monotonic()
        deadline[0] = began
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    requests = len(totals.latencies) + len(totals.upload_latencies)
    result = {
        "sessions": arguments.sessions,
        "seconds": round(elapsed, 2),
        "requests": requests,
        "errors": totals.errors,
        "sessions_finished": len(totals.per_session),
        "fewest_requests_of_a_session": min(totals.per_session) if len(totals.per_session) == arguments.sessions else 0,
        "uploads": totals.uploads,
        "p50_ms": percentile(totals.latencies, 0.50),
        "p90_ms": percentile(totals.latencies, 0.90),
        "p99_ms": percentile(totals.latencies, 0.99),
        "max_ms": round(max(totals.latencies), 2) if totals.latencies else 0.0,
        "upload_p50_ms": percentile(totals.upload_latencies, 0.50),
        "upload_max_ms": round(max(totals.upload_latencies), 2) if totals.upload_latencies else 0.0,
        "requests_per_second": round(requests / elapsed, 1) if elapsed > 0 else 0.0,
        "login_p50_ms": percentile(totals.logins, 0.50),
        "login_max_ms": round(max(totals.logins), 2) if totals.logins else 0.0,
        "failures": totals.failures,
    }
    print(json.dumps(result, indent=1))
    return 1 if totals.errors or len(totals.per_session) != arguments.sessions else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
