"""Running the tools the bench measures and compares with: commands, their output, their memory."""

import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from .errors import die

Command = list[str]


def q(argument: str | Path) -> str:
    """One argument quoted for a command line: hyperfine splits commands POSIX-style both with a
    shell and with -N, and single quotes work in both."""
    return shlex.quote(str(argument))


def line(command: Command) -> str:
    return " ".join(q(argument) for argument in command)


def output(
    command: Command,
    what: str,
    stdin: str | None = None,
    env: dict | None = None,
    cwd: Path | None = None,
    exits: tuple[int, ...] = (0,),
) -> str:
    """The command's standard output without its last newline; stops the bench when it exits
    with another status than EXITS."""
    environment = dict(os.environ, **env) if env else None
    result = subprocess.run(
        [str(argument) for argument in command],
        input=stdin,
        stdout=subprocess.PIPE,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        text=True,
        env=environment,
        cwd=cwd,
    )
    if result.returncode not in exits:
        die(f"{what} failed (exit {result.returncode}): {line(command)[:300]}")
    return result.stdout.removesuffix("\n")


def quiet(command: Command, what: str, stdin: str | None = None, env: dict | None = None) -> None:
    """Runs the command for what it does, its output thrown away; stops the bench when it fails."""
    output(command, what, stdin=stdin, env=env)


def sqlite(database: Path, sql: str, *options: str) -> str:
    return output(["sqlite3", *options, database, sql], f"sqlite3 on {database}")


def peak(command: Command, exits: tuple[int, ...] = (0,)) -> tuple[int, float]:
    """Runs the command once: its maximum resident set size in KiB and its wall time in seconds."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as times:
        output(["/usr/bin/time", "-f", "%M %e", "-o", times.name, *command], f"{line(command)[:200]}", exits=exits)
        kib, seconds = times.read().split()[-2:]
    return int(kib), float(seconds)


def mib(kib: int) -> str:
    return f"{kib / 1024:.1f}"


def ratio(a: float, b: float) -> str:
    """A / B to one decimal, as the tables print it and the verdicts compare it."""
    return f"{a / b:.1f}"


def at_most(value: str | float, limit: float) -> bool:
    return float(value) <= limit


def per_second(rows: int, ms: float) -> int:
    return int(rows / (ms / 1000))


def size(path: Path) -> str:
    """The file's size as `du -h` says it."""
    return output(["du", "-h", path], "du").split()[0]


def remove(*paths: Path) -> None:
    for path in paths:
        path.unlink(missing_ok=True)


def remove_database(path: Path) -> None:
    """A SQLite file and its WAL and shared-memory files."""
    remove(path, Path(f"{path}-wal"), Path(f"{path}-shm"))
