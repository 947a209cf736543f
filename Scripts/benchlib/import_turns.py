"""The import in turns (issue 45): each shape's statement of BENCH_TURNS_ROWS rows (200,000)
imported by the app into a fresh copy of the import section's template, one open EUR report with
the ECB rates (A); with BENCH_BASELINE, by that binary (an earlier commit's build) into a template
it made itself, its schema being its own (A0); beside sqlite3's bare `.import` of the same file
into a table of its columns, in WAL mode as the app's database is (B). The commands take turns,
A A0 B A A0 B ..., BENCH_TURNS_RUNS times (5), each after a fresh copy written out (`sync`), so
that the machine's drift between runs falls on each alike; the medians count. Targets: the card
export at most 5x B; every other shape no slower than A0, when there is one (the card export's
ratio to A0 is said as information: its target is B's)."""

from pathlib import Path

from .bench import Bench
from .errors import log
from .import_files import shape_csv
from .import_shapes import SHAPES, Shape
from .run import Command, at_most, q, quiet, ratio, remove_database

TURNS_TARGET_CARD_BARE_RATIO = 5.0  # the card export vs sqlite3's bare .import of the same file
TURNS_TARGET_BASELINE_RATIO = 1.0  # every shape but the card export vs the baseline binary


def fresh_copy(template: Path, database: Path) -> Command:
    """A prepare step: DATABASE a copy of TEMPLATE, written out before the run is timed."""
    removed = " ".join(q(f"{database}{suffix}") for suffix in ("", "-wal", "-shm"))
    return ["bash", "-c", f"rm -f {removed} && cp {q(template)} {q(database)} && sync"]


def bare_import(shape: Shape, csv: Path, database: Path) -> Command:
    """B: sqlite3 loading the file into a bare table of the shape's columns, in WAL mode."""
    return ["sqlite3", "-cmd", "PRAGMA journal_mode = WAL", str(database), f"CREATE TABLE t ({shape.columns})", ".mode csv",
            f".separator {shape.separator}", f".import --skip {shape.skip} {csv} t"]


def baseline_template(bench: Bench, directory: Path) -> Path:
    """The baseline binary's own template: the bench's report and rates, made by it."""
    baseline = str(bench.settings.baseline)
    template = directory / "template-baseline.sqlite"
    remove_database(template)
    quiet([baseline, "--db", str(template), "report", "new", "Bench trip", "--currency", "EUR"], "report new (baseline)")
    quiet([baseline, "--db", str(template), "rates", "import", str(directory / "rates.csv")], "rates import (baseline)")
    return template


def import_turns(bench: Bench, directory: Path) -> None:
    """Every shape of BENCH_IMPORT_SHAPES in turns; the import section has made the templates."""
    rows, runs, baseline = bench.settings.turns_rows, bench.settings.turns_runs, bench.settings.baseline
    log(f"import in turns: {rows} rows a shape, {runs} runs a command" + (f", baseline {baseline}" if baseline else ""))
    old_template = baseline_template(bench, directory) if baseline else None
    fresh, old, bare = directory / "turns-fresh.sqlite", directory / "turns-baseline.sqlite", directory / "turns-bare.sqlite"
    print()
    print(f"Statement import in turns: {rows} rows, medians of {runs} runs taking turns"
          + (f"; A0 = {baseline}" if baseline else " (no BENCH_BASELINE: no A0)"))
    print(f"  {'shape':<10} {'A ms':>10} {'A0 ms':>10} {'B ms':>10} {'A/B':>7} {'A/A0':>7}")
    for name in bench.settings.import_shapes:
        shape = SHAPES[name]
        csv = shape_csv(bench, shape, rows)
        rules = directory / f"{shape.name}.rules"
        rules.write_text(shape.rules(bench.settings.root) + "\n")
        commands = [("A", fresh_copy(directory / "template.sqlite", fresh),
                     bench.expenses("--db", fresh, "import", csv, "--rules", rules, "--report", "1"))]
        if baseline and old_template:
            commands.append(("A0", fresh_copy(old_template, old),
                             [str(baseline), "--db", str(old), "import", str(csv), "--rules", str(rules), "--report", "1"]))
        commands.append(("B", ["rm", "-f", str(bare), f"{bare}-wal", f"{bare}-shm"], bare_import(shape, csv, bare)))
        m = bench.in_turns(f"import-turns-{shape.name}.json", commands, runs)
        a, b, a0 = m["A"], m["B"], m.get("A0")
        print(f"  {shape.name:<10} {a:>10.2f} {a0 if a0 is not None else '-':>10} {b:>10.2f} {a / b:>7.2f}"
              f" {f'{a / a0:.2f}' if a0 else '-':>7}")
        if shape.name == "card":
            verdict = bench.verdict(at_most(a / b, TURNS_TARGET_CARD_BARE_RATIO))
            bench.record(f"import card {rows} / sqlite3 .import (median of {runs})", f"{a / b:.2f}x",
                         f"<= {TURNS_TARGET_CARD_BARE_RATIO:g}x", verdict)
        else:
            bench.record(f"import {shape.name} {rows} / sqlite3 .import (median of {runs})", f"{a / b:.2f}x", "-", "info")
        if a0 and shape.name == "card":
            bench.record(f"import card {rows} / baseline (median of {runs})", f"{a / a0:.2f}x", "-", "info")
        elif a0:
            verdict = bench.verdict(at_most(a / a0, TURNS_TARGET_BASELINE_RATIO))
            bench.record(f"import {shape.name} {rows} / baseline (median of {runs})", f"{a / a0:.2f}x",
                         f"<= {TURNS_TARGET_BASELINE_RATIO:g}x", verdict)
