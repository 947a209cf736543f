"""The web page (`expenses serve`, issue 47) against the commands it stands for, on the same data.

A: GET /reports of a logged-in session, by curl, from a serve of the bench database (its one
person logs in with the one-time link) vs A0: `expenses report list` of the same database, a
process of its own each time (target <= 2x); A1 is `report list --all`, the rows the page lists,
and C is curl's floor: the same serve answering a path it does not know (404).
B: POST /receipts of a sample receipt, by curl, into a serve of a file database vs B0: `receipt
capture` of the same file into an equivalent one (target <= 1.3x). Before each run the file is
made new (its bytes and a random tail), so that neither recognises it as captured before.
L: Tests/Drivers/web_load.py's 50 sessions on a throwaway team cluster (team_cluster), fifty
people each logged in with a connection of their own, reading their pages (no uploads: their OCR
is B's) for BENCH_WEB_SECONDS (default 10): p50/p99, requests per second, no error."""

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from .bench import Bench
from .errors import die, log
from .run import at_most, output, q, quiet, ratio, size
from .team_cluster import Cluster

WEB_LIST_TARGET_RATIO = 2  # GET /reports vs `report list` of the same database (issue 47)
WEB_CAPTURE_TARGET_RATIO = 1.3  # POST /receipts vs `receipt capture` of the same file (issue 47)
LOAD_SESSIONS = 50
CSRF = re.compile(r'name="csrf" value="([0-9a-f]{32})"')


class Serve:
    """`expenses serve` of a database on a loopback port the system picks, stopped on leaving."""

    def __init__(self, bench: Bench, database: str | Path, env: dict[str, str] | None = None):
        command = bench.expenses("--db", database, "serve", "--listen", "127.0.0.1:0")
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True,
            env=dict(os.environ, **(env or {})),
        )
        first = self.process.stdout.readline().strip()
        if not first.startswith("Serving http://127.0.0.1:"):
            self.stop()
            die(f"expenses serve did not start: {first!r}")
        self.url = first.removeprefix("Serving ")
        self.login = ""
        if not database_is_server(database):
            # A file database's one person: the one-time link is on the second line.
            second = self.process.stdout.readline().strip()
            self.login = second.split(": ", 1)[-1]

    def __enter__(self) -> "Serve":
        return self

    def __exit__(self, *exception) -> None:
        self.stop()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def session(self) -> tuple[str, str]:
        """Follows the one-time link: the session cookie ("expenses_session=...") and the CSRF
        token of its pages."""

        class Keep(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *arguments):
                return None

        opener = urllib.request.build_opener(Keep)
        try:
            opener.open(self.login, timeout=30)
            die(f"the log-in link {self.login} did not redirect")
        except urllib.error.HTTPError as answer:
            if answer.code != 303:
                die(f"the log-in link {self.login} answered {answer.code}")
            cookie = next(
                (value.split(";", 1)[0] for name, value in answer.headers.items()
                 if name.lower() == "set-cookie" and value.startswith("expenses_session=")),
                None,
            )
        if not cookie:
            die("the log-in link set no session cookie")
        page = urllib.request.urlopen(urllib.request.Request(self.url + "reports", headers={"Cookie": cookie}), timeout=120)
        token = CSRF.search(page.read().decode())
        return cookie, token.group(1) if token else ""


def database_is_server(database: str | Path) -> bool:
    return str(database).startswith(("postgres", "host="))


def curl(*arguments: str, body: str = "/dev/null") -> list[str]:
    """curl as the timed client: quiet, failing on an HTTP error, the body to BODY (- is stdout)."""
    return ["curl", "-sS", "--fail", "-o", body, "--max-time", "120", *arguments]


def section_web(bench: Bench) -> None:
    log("section: the web page (expenses serve)")
    if shutil.which("curl") is None:
        die("curl is missing (Scripts/bootstrap installs it)")
    web_list(bench)
    web_capture(bench)
    web_load(bench)


def web_list(bench: Bench) -> None:
    db = bench.database
    as_owner = {"EXPENSES_USER": "bench"}
    with Serve(bench, db, as_owner) as serve:
        cookie, _ = serve.session()
        page = output(["curl", "-sS", "--fail", "-b", cookie, serve.url + "reports"], "GET /reports")
        rows = page.count('href="/reports/')
        if rows < 50:
            die(f"GET /reports listed {rows} reports")
        env = ["env", "EXPENSES_USER=bench"]
        m = bench.compare(
            "web-list.json",
            [
                ("A curl GET /reports", curl("-b", cookie, serve.url + "reports")),
                ("A0 expenses report list", [*env, *bench.expenses("--db", db, "report", "list")]),
                ("A1 expenses report list --all", [*env, *bench.expenses("--db", db, "report", "list", "--all")]),
                ("C curl GET /unknown (404)", ["curl", "-sS", "-o", "/dev/null", "-b", cookie, serve.url + "unknown"]),
            ],
        )
    a, a0, a1, c = (m[name] for name in ("A curl GET /reports", "A0 expenses report list", "A1 expenses report list --all",
                                         "C curl GET /unknown (404)"))
    a_a0, a_a1 = ratio(a, a0), ratio(a, a1)
    verdict = bench.verdict(at_most(a_a0, WEB_LIST_TARGET_RATIO))
    print()
    print(f"Web: the reports list page ({bench.settings.reports} reports, a logged-in session, serve running)")
    print(f"  {'command':<40} {'mean ms':>10}")
    print(f"  {'A  curl GET /reports (' + str(rows) + ' rows)':<40} {a:>10.2f}")
    print(f"  {'A0 expenses report list (50)':<40} {a0:>10.2f}")
    print(f"  {'A1 expenses report list --all':<40} {a1:>10.2f}")
    print(f"  {'C  curl GET /unknown (404)':<40} {c:>10.2f}")
    print(f"  A/A0 = {a_a0} x (target <= {WEB_LIST_TARGET_RATIO} x: {verdict})   A/A1 = {a_a1} x   A-C = {a - c:.2f} ms")
    bench.record("web: GET /reports / report list", f"{a_a0}x", f"<= {WEB_LIST_TARGET_RATIO}x", verdict)
    bench.record("web: GET /reports / report list --all", f"{a_a1}x", "-", "info")
    bench.record("web: GET /reports, mean", f"{a:.2f} ms", "-", "info")


def web_capture(bench: Bench) -> None:
    sample = bench.settings.root / "Data/samples/receipts/hotel-walldorf-de.jpg"
    directory = bench.work / "web-capture"
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    served, alone = directory / "served.sqlite", directory / "alone.sqlite"
    for database in (served, alone):
        quiet(bench.expenses("--db", database, "category", "list"), f"creating {database}")
    receipt = directory / "receipt.jpg"
    # A receipt neither database has seen: the sample's bytes and a random tail (a JPEG reader
    # stops at its end marker), so each run is a first capture of a new file.
    prepare = ["sh", "-c", f"cp {q(sample)} {q(receipt)} && head -c 32 /dev/urandom >> {q(receipt)}"]
    quiet(prepare, "making a receipt")
    with Serve(bench, served) as serve:
        cookie, csrf = serve.session()
        form = output(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-b", cookie, serve.url + "receipts/new"], "GET /receipts/new")
        if form != "200":
            log(f"web: serve has no take-photo page yet (GET /receipts/new: {form}): the upload is not timed")
            bench.record("web: POST /receipts / receipt capture", "not run", f"<= {WEB_CAPTURE_TARGET_RATIO}x", "info")
            return
        form = ["-b", cookie, "-F", f"csrf={csrf}", "-F", f"receipt=@{receipt};type=image/jpeg", serve.url + "receipts"]
        upload = curl(*form)
        said = output(curl(*form, body="-"), "POST /receipts")
        if "Not captured" in said:
            die(f"POST /receipts did not capture the sample: {said[:300]}")
        m = bench.compare(
            "web-capture.json",
            [
                ("B curl POST /receipts", upload),
                ("B0 expenses receipt capture", bench.expenses("--db", alone, "receipt", "capture", receipt)),
            ],
            prepare=prepare,
            runs=min(bench.settings.min_runs, 10),
        )
    b, b0 = m["B curl POST /receipts"], m["B0 expenses receipt capture"]
    b_b0 = ratio(b, b0)
    verdict = bench.verdict(at_most(b_b0, WEB_CAPTURE_TARGET_RATIO))
    print()
    print(f"Web: a receipt's upload to its result ({sample.name}, {size(sample)}, OCR on, a file database)")
    print(f"  {'command':<40} {'mean ms':>10}")
    print(f"  {'B  curl POST /receipts':<40} {b:>10.2f}")
    print(f"  {'B0 expenses receipt capture':<40} {b0:>10.2f}")
    print(f"  B/B0 = {b_b0} x (target <= {WEB_CAPTURE_TARGET_RATIO} x: {verdict})")
    bench.record("web: POST /receipts / receipt capture", f"{b_b0}x", f"<= {WEB_CAPTURE_TARGET_RATIO}x", verdict)
    bench.record("web: POST /receipts, mean", f"{b:.2f} ms", "-", "info")


def web_load(bench: Bench) -> None:
    seconds = bench.settings.web_seconds
    driver = bench.settings.root / "Tests/Drivers/web_load.py"
    with Cluster(bench.work) as cluster:
        cluster.database(bench.binary, "web")
        # Fifty people, each a traveller with a trip of three items: fifty sessions are fifty
        # people, as in WebLoadTests, each with a connection of their own.
        people = [f"load{i}" for i in range(1, LOAD_SESSIONS + 1)]
        cluster.run("-U", "postgres", "-d", "web", "-c",
                    f"DO $$ BEGIN FOR i IN 1..{LOAD_SESSIONS} LOOP "
                    "IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'load' || i) THEN "
                    "EXECUTE format('CREATE ROLE %I LOGIN', 'load' || i); END IF; "
                    "EXECUTE format('GRANT expenses_traveller TO %I', 'load' || i); END LOOP; END $$",
                    what="the load test's people")
        for person in people:
            owner = cluster.connection("web", person)
            created = output(bench.expenses("--db", owner, "report", "new", f"{person}'s trip", "--from", "2026-03-02",
                                            "--to", "2026-03-06"), "report new")
            report = created.split()[2].rstrip(":")
            for day in range(3, 6):
                quiet(bench.expenses("--db", owner, "expense", "add", "--report", report, "--date", f"2026-03-0{day}",
                                     "--amount", f"1{day}.50", "--category", "taxi", "--merchant", f"Taxi {day}"), "expense add")
        # The cluster trusts its socket: any password logs a person in, with a connection of their own.
        with Serve(bench, f"host={cluster.directory} dbname=web") as serve:
            run = subprocess.run(
                [sys.executable, str(driver), "--url", serve.url, *(f"--user={person}:pw" for person in people),
                 "--sessions", str(LOAD_SESSIONS), "--seconds", str(seconds)],
                stdout=subprocess.PIPE, text=True,
            )
    try:
        result = json.loads(run.stdout)
    except ValueError:
        die(f"web_load.py failed (exit {run.returncode}): {run.stdout[-500:]}")
    (bench.work / "web-load.json").write_text(json.dumps(result, indent=1))
    if run.returncode != 0:
        die(f"web_load.py: {result['errors']} errors under load: {result['failures'][:3]}")
    print()
    print(f"Web: {LOAD_SESSIONS} sessions at once for {seconds} s on loopback (team cluster, a connection each)")
    print(f"  requests {result['requests']}, errors {result['errors']}, {result['requests_per_second']} requests/s")
    print(f"  latency ms: p50 {result['p50_ms']}, p90 {result['p90_ms']}, p99 {result['p99_ms']}, max {result['max_ms']};"
          f" log-in p50 {result['login_p50_ms']}")
    bench.record(f"web: {LOAD_SESSIONS} sessions, p99", f"{result['p99_ms']} ms", "-", "info")
    bench.record(f"web: {LOAD_SESSIONS} sessions, requests/s", f"{result['requests_per_second']}", "-", "info")
    bench.record(f"web: {LOAD_SESSIONS} sessions, errors", f"{result['errors']}", "0", bench.verdict(result["errors"] == 0))
