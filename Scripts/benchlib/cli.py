"""Scripts/bench's command line: which sections run, the shared setup before them, the summary."""

import sys
from pathlib import Path
from typing import Callable

from .bench import Bench, build_binary, ensure_tools
from .database import ensure_database
from .duplicates import section_duplicates
from .errors import BenchError, UsageError
from .handover import section_handover
from .imports import section_import
from .journal import section_journal
from .listing import section_listing
from .matching import section_matching
from .pay import section_pay
from .receipts import section_receipts
from .settings import Settings, stdout_line_buffered
from .shortcut import section_shortcut
from .startup import section_startup
from .summary import print_summary
from .team import section_team
from .web import section_web

USAGE = """\
Scripts/bench: the project's benchmark: speed and memory side by side with the reference tools, as ratios.

Measures the release build of `expenses` side by side with reference tools in the same run and
prints ratios. It never fails because a number is slow: it prints "target missed" and exits 0.
It exits non-zero only when something could not run (install, build, data, a command failing):
1, or 64 when asked for a section or a setting it does not know.

  Scripts/bench                  # every section
  Scripts/bench listing          # only the named sections: {sections}
  Scripts/bench --sections       # their names, one a line
  BENCH_10M=1 Scripts/bench import   # the statement import, also at 10,000,000 rows
  BENCH_IMPORT_SHAPES=card Scripts/bench import   # one shape of statement (statement card bank)

Environment:
  BENCH_SCRATCH   SwiftPM scratch path for the release build (default: the package's .build)
  BENCH_BINARY    this `expenses` instead of building the release one (Scripts/bench-smoke: the debug build)
  BENCH_TESTS_BUILT=1  the test bundle is built: the team section neither builds it nor waits for SwiftPM's lock
                  (Scripts/test runs the bench sections beside its own tests)
  BENCH_DIR       work dir for the generated databases and hyperfine JSON (default: /tmp/expenses-bench)
  BENCH_MIN_RUNS  at least this many timed runs per command (default: 30)
  BENCH_WARMUP    untimed runs before each command (default: 3)
  BENCH_REPORTS   reports of 100 items in the listing, shortcut, handover and team databases (default: 10000)
  BENCH_HANDOVER_RUNS  timed hand-overs to an open session (default: 20)
  BENCH_DUPLICATES_RUNS  timed runs per command and size in the duplicates section (default: 5)
  BENCH_DUPLICATE_SIZES  the duplicates section's report sizes (default: "1000 10000 100000")
  BENCH_IMPORT_ROWS  rows of each statement in the import and team sections (default: 1000000)
  BENCH_IMPORT_RUNS  timed runs per command in the import, team and pay sections (default: 3)
  BENCH_IMPORT_SHAPES  the import section's shapes of statement (default: statement card bank)
  BENCH_TURNS_ROWS  rows of each statement in the import section's runs in turns (default: 200000)
  BENCH_TURNS_RUNS  runs per command taking turns there, of which the median counts (default: 5)
  BENCH_BASELINE  another expenses binary (an earlier commit's release build), imported beside this
                  one in those runs: the figures before and after, side by side
  BENCH_HLEDGER  0: the import section leaves out hledger (minutes and about 8 GB at a million rows)
  BENCH_TEAM_SECONDS  how long the team section's 16-client workload and pgbench run (default: 60)
  BENCH_WEB_SECONDS  how long the web section's 50 sessions run against serve (default: 10)
  BENCH_PGBENCH_SCALE  pgbench's scale factor in the team section (default: 16, one branch a client)

Adding a measurement: write a module in Scripts/benchlib with a `section_NAME(bench)` function that
times commands with `bench.compare` and reports with `bench.record`, then add it to SECTIONS in
Scripts/benchlib/cli.py. The shared setup (tools, binary, database) runs once before any section.
"""

# In the order they run; True: the section reads the generated database.
SECTIONS: dict[str, tuple[Callable[[Bench], None], bool]] = {
    "listing": (section_listing, True),
    "startup": (section_startup, False),
    "shortcut": (section_shortcut, True),
    "handover": (section_handover, True),
    "receipts": (section_receipts, False),
    "import": (section_import, False),
    "duplicates": (section_duplicates, False),
    "matching": (section_matching, True),
    "pay": (section_pay, False),
    "team": (section_team, False),
    "journal": (section_journal, True),
    "web": (section_web, True),
}


def usage() -> str:
    return USAGE.format(sections=" ".join(SECTIONS))


def run(arguments: list[str], root: Path) -> int:
    if any(argument in ("-h", "--help", "help") for argument in arguments):
        print(usage(), end="")
        return 0
    if arguments == ["--sections"]:
        print("\n".join(SECTIONS))
        return 0
    for argument in arguments:
        if argument not in SECTIONS:
            raise UsageError(f"unknown section '{argument}' (known: {' '.join(SECTIONS)})")
    selected = arguments or list(SECTIONS)
    settings = Settings.from_environment(root)
    settings.work.mkdir(parents=True, exist_ok=True)
    (settings.work / "summary.tsv").write_text("")
    bench = Bench(settings)
    bench.hyperfine_shell = ensure_tools()
    bench.binary = build_binary(settings)
    if any(SECTIONS[name][1] for name in selected):
        ensure_database(bench)
    for name in selected:
        SECTIONS[name][0](bench)
    print_summary(bench)
    return 0


def main(root: Path) -> int:
    stdout_line_buffered()
    try:
        return run(sys.argv[1:], root)
    except UsageError as error:
        print(f"bench: error: {error}\nSee 'Scripts/bench --help'.", file=sys.stderr)
        return 64
    except BenchError as error:
        print(f"bench: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("bench: interrupted", file=sys.stderr)
        return 130
