"""A REPL open on a pseudo-terminal, and quick actions launched on terminals of their own that it
takes over: the times from a launch's start to its list on the session's screen."""

import os
import pty
import random
import select
import shlex
import signal
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .errors import die

SHOW_REPORTS = "com.sap.example.showReports"


@dataclass
class Handovers:
    median: float
    p90: float
    fastest: float
    slowest: float
    handed: float  # median time to the launch's own exit


class Session:
    """A REPL at its prompt on a pty, and what it has written to its screen so far."""

    def __init__(self, binary: Path, database: Path, environment: dict):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                os.execve(binary, [str(binary), "--db", str(database)], environment)
            finally:
                os._exit(127)  # the child never returns into the bench
        self.screen = b""

    def fail(self, message: str) -> None:
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        tail = self.screen[-1500:].decode(errors="replace")
        die(f"{message}; the session's screen ends with:\n{tail}")

    def until(self, text: bytes, start: int, seconds: float = 10) -> int:
        """Reads the session's screen until `text` is on it after `start`; returns where it ends."""
        deadline = time.monotonic() + seconds
        while (found := self.screen.find(text, start)) < 0:
            ready, _, _ = select.select([self.fd], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                self.fail(f"the session did not show {text.decode()!r} within {seconds:.0f} s")
            try:
                self.screen += os.read(self.fd, 65536)
            except OSError:
                self.fail("the session ended")
        return found + len(text)

    def quit(self) -> None:
        os.write(self.fd, b"quit\r")
        deadline = time.monotonic() + 10
        while os.waitpid(self.pid, os.WNOHANG) == (0, 0):
            if time.monotonic() > deadline:
                self.fail("the session did not quit")
            if select.select([self.fd], [], [], 0.1)[0]:
                try:
                    os.read(self.fd, 65536)
                except OSError:
                    pass
        os.close(self.fd)


def measure(binary: Path, database: Path, runs: int, history: Path) -> Handovers:
    """RUNS timed hand-overs after two untimed ones. Each launch comes after a pause at the prompt
    drawn at random (fixed seed), so the session's look for launches (four times a second) is met
    at every phase."""
    # As the reports' traveller, for whom nothing waits: Show Reports is her report list.
    environment = dict(os.environ, TERM="xterm", EXPENSES_HISTORY=str(history), EXPENSES_USER="bench")
    one_shot = shlex.join([str(binary), "--db", str(database), "--shortcut", SHOW_REPORTS])
    launch = ["timeout", "-k", "2", "10", "script", "-qec", one_shot, "/dev/null"]
    session = Session(binary, database, environment)
    session.until(b"expenses> ", 0)
    pauses = random.Random(1)
    shown, handed = [], []
    for run in range(runs + 2):
        time.sleep(pauses.uniform(0.3, 0.8))
        start, mark = time.monotonic(), len(session.screen)
        launcher = subprocess.Popen(
            launch, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=environment
        )
        ended = {}

        def wait_for(launcher=launcher, ended=ended):
            ended["output"] = launcher.communicate()[0].decode(errors="replace")
            ended["at"] = time.monotonic()

        waiter = threading.Thread(target=wait_for)
        waiter.start()
        began = session.until(f"expenses: running quick action {SHOW_REPORTS}".encode(), mark)
        end = session.until(b"expenses> ", began)
        at = time.monotonic()
        waiter.join(15)
        if launcher.returncode != 0 or f"Handed {SHOW_REPORTS}" not in ended.get("output", ""):
            session.fail(f"launch {run} was not handed over (status {launcher.returncode}): {ended.get('output')}")
        if b"TITLE" not in session.screen[began:end]:
            session.fail(f"launch {run} showed no report list")
        if run >= 2:
            shown.append((at - start) * 1000)
            handed.append((ended["at"] - start) * 1000)
    session.quit()
    quantiles = statistics.quantiles(shown, n=10)
    return Handovers(statistics.median(shown), quantiles[-1], min(shown), max(shown), statistics.median(handed))
