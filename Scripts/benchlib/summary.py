"""The final summary: every section's figures and verdicts, and whether a target was missed."""

import os
import subprocess

from .bench import Bench


def print_summary(bench: Bench) -> None:
    hyperfine = subprocess.run(["hyperfine", "--version"], capture_output=True, text=True).stdout.strip()
    sqlite3 = subprocess.run(["sqlite3", "-version"], capture_output=True, text=True).stdout.split(" ")[0]
    shell = " ".join(bench.hyperfine_shell) or "with a shell"
    print()
    print("==================================== summary ====================================")
    print(f"binary:   {bench.binary}")
    print(f"database: {bench.database_note}")
    print(f"tools:    {hyperfine} ({shell}), sqlite3 {sqlite3}, {len(os.sched_getaffinity(0))} cores")
    print(f"samples:  {bench.work}/*.json (hyperfine exports)")
    print()
    for record in bench.records:
        print(f"  {record.name:<50} {record.value:>12}  {record.target:<8} {record.verdict}")
    print()
    print(f"RESULT: target missed ({bench.missed})" if bench.missed else "RESULT: all targets met")
    print("=================================================================================")
