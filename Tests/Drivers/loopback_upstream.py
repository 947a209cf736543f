#!/usr/bin/env python3
"""A stand-in for `expenses serve` behind a reverse proxy in tests: listens on 127.0.0.1 on a
port the system chooses, prints "listening on 127.0.0.1:PORT" once it accepts, and answers
every request with JSON saying what arrived (method, path, headers, body length), so a test can
see what the proxy forwarded. Standard library only. Stops on SIGTERM."""
import json
import signal
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Echo(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        received = 0
        while received < length:
            chunk = self.rfile.read(min(65536, length - received))
            if not chunk:
                break
            received += len(chunk)
        body = json.dumps(
            {"method": self.command, "path": self.path, "headers": dict(self.headers.items()), "bodyLength": received}
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = answer

    def log_message(self, format, *args):
        pass


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"listening on 127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
