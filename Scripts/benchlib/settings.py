"""The bench's settings: its environment variables, read and checked once, and its targets."""

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from .errors import UsageError

# Targets (ratios against the reference tool). Missing one is reported, not fatal.
LIST_TARGET_RATIO = 4  # `report list` (50 reports) vs sqlite3's plain 50-row SELECT
LIST_ALL_TARGET_RATIO = 2  # `report list --all --format json` vs sqlite3 -json of the same rows
SHOW_TARGET_RATIO = 3  # `report show` of a 100-item report vs sqlite3 reading the same rows
SHORTCUT_TARGET_RATIO = 4  # `--shortcut ...showReports` one-shot vs the same sqlite3 SELECT
HANDOVER_TARGET_MS = 1000  # a launch on a terminal to its list on the open session's screen

ITEMS_PER_REPORT = 100  # report show times report 1 with this many items
LISTING_PAGE = 50  # the reports `report list` shows without --all


def _text(name: str, default: str) -> str:
    return os.environ.get(name) or default


def _count(name: str, default: int, at_least: int = 1) -> int:
    text = os.environ.get(name)
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name} is '{text}', not a whole number") from None
    if value < at_least:
        raise UsageError(f"{name} is {value}; it must be at least {at_least}")
    return value


def _counts(name: str, default: list[int], at_least: int = 1) -> list[int]:
    text = os.environ.get(name)
    if not text:
        return default
    try:
        values = [int(word) for word in text.split()]
    except ValueError:
        raise UsageError(f"{name} is '{text}', not whole numbers separated by spaces") from None
    if not values or min(values) < at_least:
        raise UsageError(f"{name} is '{text}'; each size must be at least {at_least}")
    return values


@dataclass(frozen=True)
class Settings:
    """What the environment asked for (see Scripts/bench --help)."""

    root: Path
    scratch: Path
    work: Path
    binary: Path | None
    min_runs: int
    warmup: int
    reports: int
    handover_runs: int
    duplicates_runs: int
    duplicate_sizes: list[int]
    import_rows: int
    import_runs: int
    import_shapes: list[str]
    turns_rows: int
    turns_runs: int
    baseline: Path | None
    hledger: bool
    ten_million: bool
    team_seconds: int
    web_seconds: int
    pgbench_scale: int
    tests_built: bool

    @property
    def expenses(self) -> int:
        return self.reports * ITEMS_PER_REPORT

    @staticmethod
    def from_environment(root: Path) -> "Settings":
        binary = os.environ.get("BENCH_BINARY")
        baseline = os.environ.get("BENCH_BASELINE")
        return Settings(
            root=root,
            scratch=Path(_text("BENCH_SCRATCH", str(root / ".build"))),
            work=Path(_text("BENCH_DIR", "/tmp/expenses-bench")),
            binary=Path(binary).absolute() if binary else None,
            min_runs=_count("BENCH_MIN_RUNS", 30),
            warmup=_count("BENCH_WARMUP", 3, at_least=0),
            # A page of `report list` at least, so that the listing compares 50 rows with 50.
            reports=_count("BENCH_REPORTS", 10000, at_least=LISTING_PAGE),
            # Two at least: the hand-over's 90th percentile needs two timed runs.
            handover_runs=_count("BENCH_HANDOVER_RUNS", 20, at_least=2),
            duplicates_runs=_count("BENCH_DUPLICATES_RUNS", 5),
            duplicate_sizes=_counts("BENCH_DUPLICATE_SIZES", [1000, 10000, 100000], at_least=50),
            import_rows=_count("BENCH_IMPORT_ROWS", 1000000, at_least=10),
            import_runs=_count("BENCH_IMPORT_RUNS", 3),
            import_shapes=_text("BENCH_IMPORT_SHAPES", "statement card bank").split(),
            turns_rows=_count("BENCH_TURNS_ROWS", 200000, at_least=10),
            turns_runs=_count("BENCH_TURNS_RUNS", 5),
            baseline=Path(baseline).absolute() if baseline else None,
            hledger=_text("BENCH_HLEDGER", "1") == "1",
            ten_million=os.environ.get("BENCH_10M") == "1",
            team_seconds=_count("BENCH_TEAM_SECONDS", 60),
            web_seconds=_count("BENCH_WEB_SECONDS", 10),
            pgbench_scale=_count("BENCH_PGBENCH_SCALE", 16),
            tests_built=os.environ.get("BENCH_TESTS_BUILT") == "1",
        )


def stdout_line_buffered() -> None:
    """Tables on stdout and hyperfine's progress on stderr interleave as they happen."""
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)
