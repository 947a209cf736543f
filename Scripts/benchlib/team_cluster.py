"""A throwaway PostgreSQL cluster for the team section: initdb in a temporary directory (as
`nobody` when run as root, since PostgreSQL refuses to run as root), its socket in that directory,
no TCP, trust for local connections (no password prompts in the timings)."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .errors import die, log
from .run import Command, line, output

PG_BIN = Path("/usr/lib/postgresql/15/bin")


class Cluster:
    """A running server; stop() removes it. Use it in a `with`, so that it stops on any error."""

    def __init__(self, work: Path):
        if not (PG_BIN / "initdb").exists():
            die("PostgreSQL 15 is missing (Scripts/bootstrap installs it)")
        self.directory = Path(tempfile.mkdtemp(prefix="expenses-bench-pg-", dir="/tmp"))
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.directory, "nobody", "nogroup")
            self.as_user = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"]
        log(f"starting a throwaway PostgreSQL cluster in {self.directory}")
        data = self.directory / "data"
        initdb_log = work / "initdb.log"
        initdb = [*self.as_user, str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--locale=C", "-E", "UTF8"]
        with open(initdb_log, "w") as out:
            if subprocess.run(initdb, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
                self.stop()
                die(f"initdb failed (log: {initdb_log})")
        options = (
            f"-c listen_addresses='' -c unix_socket_directories='{self.directory}' -c shared_buffers=256MB -c max_connections=64"
        )
        start = [*self.as_user, str(PG_BIN / "pg_ctl"), "-D", str(data), "-l", str(self.directory / "server.log"), "-w", "-o", options, "start"]
        if subprocess.run(start, stdout=subprocess.DEVNULL).returncode != 0:
            server_log = (self.directory / "server.log").read_text(errors="replace")[-2000:]
            self.stop()
            die(f"the cluster did not start; its log ends with:\n{server_log}")

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exception) -> None:
        self.stop()

    def stop(self) -> None:
        if not self.directory.exists():
            return
        data = self.directory / "data"
        if (data / "postmaster.pid").exists():
            subprocess.run([*self.as_user, str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(self.directory, ignore_errors=True)

    def psql(self, *arguments: str) -> Command:
        """psql on this server: no ~/.psqlrc, quiet, unaligned, stopping at the first error."""
        return ["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", str(self.directory), *arguments]

    def run(self, *arguments: str, what: str, stdin: str | None = None) -> str:
        return output(self.psql(*arguments), what, stdin=stdin)

    def connection(self, database: str, role: str) -> str:
        """The connection string of DATABASE as ROLE."""
        return f"host={self.directory} dbname={database} user={role}"

    def database_setup(self, binary: Path, name: str) -> list[Command]:
        """The commands that make a fresh database set up by `expenses setup`, with the role `bench`,
        a traveller, who owns what the sections read, and `benchfinance`, who loads the rates."""
        role = "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{0}') THEN CREATE ROLE {0} LOGIN; END IF; END $$"
        return [
            self.psql("-U", "postgres", "-d", "postgres", "-c", f"DROP DATABASE IF EXISTS {name}",
                      "-c", f"CREATE DATABASE {name} LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"),
            [str(binary), "--db", self.connection(name, "postgres"), "setup"],
            self.psql("-U", "postgres", "-d", name, "-c", role.format("bench"), "-c", role.format("benchfinance"),
                      "-c", "GRANT expenses_traveller TO bench", "-c", "GRANT expenses_finance TO benchfinance"),
        ]

    def database(self, binary: Path, name: str) -> None:
        for command in self.database_setup(binary, name):
            output(command, f"setting up the team database {name} ({line(command)[:120]})")
