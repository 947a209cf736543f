"""The run's shared state: the binary, the hyperfine runs, the summary every section adds to."""

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from .errors import die, log
from .run import Command, line, output
from .settings import Settings


def install(packages: list[str]) -> None:
    """Installs Debian packages; `apt-get update` only runs when something is missing, so a second
    run touches no network."""
    if not packages:
        return
    log(f"installing {' '.join(packages)}")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    apt = [*sudo, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]
    for command in ([*apt, "update", "-qq"], [*apt, "install", "-y", "-qq", "--no-install-recommends", *packages]):
        if subprocess.run(command, stdout=subprocess.DEVNULL).returncode != 0:
            die(f"could not install {' '.join(packages)} (Scripts/bootstrap installs what the bench needs)")


@dataclass
class Record:
    name: str
    value: str
    target: str
    verdict: str


@dataclass
class Bench:
    """One run of the bench: what every section reads and the summary they write."""

    settings: Settings
    binary: Path = Path()
    database: Path | None = None
    database_note: str = "not generated (no section selected needs it)"
    hyperfine_shell: list[str] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)

    @property
    def work(self) -> Path:
        return self.settings.work

    @property
    def missed(self) -> int:
        return sum(1 for record in self.records if record.verdict == "target missed")

    def record(self, name: str, value: str, target: str, verdict: str) -> None:
        """A line for the final summary. VERDICT is "ok", "target missed" or "info"; a missed
        target makes the summary say so (the exit code stays 0)."""
        self.records.append(Record(name, value, target, verdict))
        with open(self.work / "summary.tsv", "a") as summary:
            summary.write(f"{name}\t{value}\t{target}\t{verdict}\n")

    def verdict(self, ok: bool) -> str:
        return "ok" if ok else "target missed"

    def expenses(self, *arguments: str | Path) -> Command:
        return [str(self.binary), *map(str, arguments)]

    def compare(
        self,
        json_name: str,
        commands: list[tuple[str, Command]],
        prepare: Command | None = None,
        runs: int | None = None,
        warmup: int | None = None,
        exits: tuple[int, ...] = (0,),
    ) -> dict[str, float]:
        """Times the commands side by side in one hyperfine run, exports the samples to
        WORK/JSON_NAME and returns each one's mean in milliseconds. Each command is run once
        first, outside hyperfine, so a failing command stops the bench with its own error instead
        of a timing. PREPARE runs untimed before every run; RUNS replaces BENCH_MIN_RUNS (for
        commands that take seconds); WARMUP replaces BENCH_WARMUP. EXITS are the statuses that mean
        the command did its work (`report check` exits 1 when a finding blocks submit); with any
        but 0, hyperfine ignores every command's status, each having been checked by its first run."""
        arguments: list[str] = []
        for name, command in commands:
            if prepare:
                output(prepare, f"prepare ({line(prepare)[:200]})")
            status = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL).returncode
            if status not in exits:
                die(f"'{name}' failed (exit {status}): {line(command)}")
            arguments += ["--command-name", name, line(command)]
        path = self.work / json_name
        hyperfine = [
            "hyperfine",
            *self.hyperfine_shell,
            "--warmup",
            str(self.settings.warmup if warmup is None else warmup),
            "--min-runs",
            str(runs or self.settings.min_runs),
            "--style",
            "basic",
            *(["--prepare", line(prepare)] if prepare else []),
            *(["--ignore-failure"] if exits != (0,) else []),
            "--export-json",
            str(path),
            *arguments,
        ]
        sys.stdout.flush()
        if subprocess.run(hyperfine, stdout=sys.stderr, stdin=subprocess.DEVNULL).returncode != 0:
            die(f"hyperfine failed timing {', '.join(name for name, _ in commands)}")
        return self.means(json_name)

    def in_turns(self, json_name: str, commands: list[tuple[str, Command, Command]], runs: int) -> dict[str, float]:
        """Times the commands (name, prepare, command) taking turns, A B C A B C ..., RUNS times
        each, so that what the machine does meanwhile (the noise between runs here is 15-25 %)
        falls on each alike; each run after its untimed PREPARE. Exports the samples to
        WORK/JSON_NAME and returns each one's median in milliseconds."""
        samples: dict[str, list[float]] = {name: [] for name, _, _ in commands}
        for _ in range(runs):
            for name, prepare, command in commands:
                output(prepare, f"prepare ({line(prepare)[:200]})")
                start = time.monotonic()
                status = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL).returncode
                samples[name].append((time.monotonic() - start) * 1000)
                if status != 0:
                    die(f"'{name}' failed (exit {status}): {line(command)}")
        (self.work / json_name).write_text(json.dumps({"samples_ms": samples}, indent=1))
        return {name: round(statistics.median(times), 2) for name, times in samples.items()}

    def means(self, json_name: str) -> dict[str, float]:
        """Each command's mean in milliseconds, from a hyperfine export of this run."""
        path = self.work / json_name
        try:
            results = json.loads(path.read_text())["results"]
        except (OSError, ValueError, KeyError) as error:
            die(f"cannot read hyperfine's results in {path}: {error}")
        return {result["command"]: round(result["mean"] * 1000, 2) for result in results}

    def mean(self, json_name: str, name: str) -> float:
        means = self.means(json_name)
        if name not in means:
            die(f"no result named {name!r} in {self.work / json_name}")
        return means[name]


def ensure_tools() -> list[str]:
    """Installs hyperfine and sqlite3 when missing; returns hyperfine's -N when it has it."""
    missing = [tool for tool in ("hyperfine", "sqlite3") if shutil.which(tool) is None]
    install(missing)
    # -N (no intermediate shell) removes the ~1 ms shell spawn from every sample, which matters
    # when the commands themselves take a few ms. It appeared in hyperfine 1.13; older ones lack it.
    help_text = subprocess.run(["hyperfine", "--help"], capture_output=True, text=True).stdout
    return ["-N"] if "--shell=none" in help_text else []


def build_binary(settings: Settings) -> Path:
    """The release binary, built (SwiftPM makes this a no-op when nothing changed), or the one
    BENCH_BINARY names, used as it is."""
    if settings.binary:
        binary = settings.binary
        log(f"binary: {binary} (BENCH_BINARY, not built)")
    else:
        log(f"building release binary (scratch: {settings.scratch})")
        build = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--scratch-path", str(settings.scratch)]
        # The full log only when it fails; a no-op build says nothing worth reading.
        build_log = settings.work / "build.log"
        with open(build_log, "w") as out:
            if subprocess.run(build, cwd=settings.root, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
                sys.stderr.write(build_log.read_text())
                die(f"release build failed (log: {build_log})")
        binary = Path(output([*build, "--show-bin-path"], "swift build --show-bin-path", cwd=settings.root)) / "expenses"
    if not os.access(binary, os.X_OK):
        die(f"release binary not found at {binary}" if not settings.binary else f"BENCH_BINARY {binary} is not an executable")
    output([str(binary), "--version"], f"{binary} --version")
    return binary
