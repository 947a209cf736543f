"""Statement import, in the shapes users' files have (import_shapes).

Each shape is a deterministic statement of BENCH_IMPORT_ROWS rows (1,000,000) and the rules that
read it, imported by the app with validation, fingerprints and every index on into a EUR report
with the ECB rates loaded (a tenth of the card rows are in USD or CHF, so they are converted): A
into a fresh database, A' again into the database that holds it (every row a duplicate, nothing
added). Beside them, in the same run: B, the floor of loading the same file, `sqlite3 .import`
into a bare table; D, SQLite's own cost of the same rows in the app's schema (import_files.floor_sql:
the rows B parsed, turned by plain SQL into what the app stores, in one INSERT ... SELECT), and D'
the same into D's own result; E, D's rows into a table of the expense's columns with no index,
CHECK or foreign key; S, SQLite alone storing the rows the app stored (import_files.store_sql),
and S' the same into S's result: no importer into this schema beats S on the machine as it is
during the run, so the summary says when S itself is below the rows/s target. A, B, D, E and S are
timed by hyperfine, a fresh copy of the database before every run; peak memory is /usr/bin/time's
maximum RSS of one run. hledger 1.x reads the first shape with equivalent rules once (it keeps the
whole journal in memory, about 8 GB and minutes for a million rows; BENCH_HLEDGER=0 leaves it
out). BENCH_10M=1 adds every shape at 10,000,000 rows (A and B once each)."""

import shutil
from pathlib import Path

from .bench import Bench, install
from .errors import die, log
from .import_files import (IMPORT_SUMMARY_SQL, checkpoint_copy, floor_sql, import_fixtures, shape_csv, sqlite3_import,
                           store_sql)
from .import_shapes import SHAPES, STATEMENT, Shape
from .import_turns import import_turns
from .run import at_most, mib, peak, per_second, q, quiet, ratio, remove, remove_database, size, sqlite

IMPORT_TARGET_FLOOR_RATIO = 1.3  # expenses import vs SQLite's own cost of the same rows (D)
IMPORT_TARGET_ROWS_PER_S = 150000  # expenses import at 1,000,000 rows, fresh or again
IMPORT_TARGET_RSS_MIB = 64  # peak memory of expenses import, at any size


def ensure_import_tools() -> None:
    """Installs hledger and GNU time when missing (Debian packages hledger and time)."""
    missing = [] if shutil.which("hledger") else ["hledger"]
    if not Path("/usr/bin/time").exists():
        missing.append("time")
    install(missing)


def import_targets(bench: Bench, label: str, a: float, d: float, rows_s: int, a_mib: str) -> None:
    """The verdicts of one import against the targets."""
    verdict = bench.verdict(at_most(ratio(a, d), IMPORT_TARGET_FLOOR_RATIO))
    bench.record(f"{label} / SQLite's own (D)", f"{ratio(a, d)}x", f"<= {IMPORT_TARGET_FLOOR_RATIO}x", verdict)
    verdict = bench.verdict(rows_s >= IMPORT_TARGET_ROWS_PER_S)
    bench.record(f"{label}, rows/s", str(rows_s), f">= {IMPORT_TARGET_ROWS_PER_S}", verdict)
    verdict = bench.verdict(at_most(a_mib, IMPORT_TARGET_RSS_MIB))
    bench.record(f"{label}, peak RSS", f"{a_mib} MiB", f"< {IMPORT_TARGET_RSS_MIB} MiB", verdict)


def import_shape(bench: Bench, directory: Path, shape: Shape) -> None:
    """Measures one shape at BENCH_IMPORT_ROWS rows, fresh and again."""
    rows = bench.settings.import_rows
    csv = shape_csv(bench, shape, rows)
    rules = directory / f"{shape.name}.rules"
    rules.write_text(shape.rules(bench.settings.root) + "\n")
    fresh, bare, floor = directory / "fresh.sqlite", directory / "bare.sqlite", directory / "floor.sqlite"
    row, store = directory / "row.sqlite", directory / "store.sqlite"
    stored, store_again = directory / f"{shape.name}-stored.sqlite", directory / f"{shape.name}-store-again.sqlite"
    loaded, again = directory / f"{shape.name}-loaded.sqlite", directory / f"{shape.name}-again.sqlite"
    floor_again = directory / f"{shape.name}-floor-again.sqlite"

    def fresh_copies(app: Path, floor_from: Path, store_from: Path) -> list[str]:
        """--prepare, through bash (with -N hyperfine runs it without a shell, and `&&` would
        reach rm): the app's, D's and S's databases copied from the ones given."""
        removed = " ".join(q(p) for p in (fresh, f"{fresh}-wal", f"{fresh}-shm", bare, floor, row, store))
        return ["bash", "-c", f"rm -f {removed} && cp {q(app)} {q(fresh)} && cp {q(floor_from)} {q(floor)}"
                f" && cp {q(directory / 'template-row.sqlite')} {q(row)} && cp {q(store_from)} {q(store)}"]

    prepare = fresh_copies(directory / "template.sqlite", directory / "template-floor.sqlite", directory / "template-floor.sqlite")
    app_import = bench.expenses("--db", fresh, "import", csv, "--rules", rules, "--report", "1")

    # D's input: the rows as B parses them, loaded once.
    remove(loaded)
    quiet(sqlite3_import(shape, csv, loaded), f"sqlite3 .import of the {shape.name} statement")
    floor_script = floor_sql(shape, loaded)
    floor_import = ["sqlite3", str(floor), floor_script]
    row_import = ["sqlite3", str(row), floor_script]
    store_import = ["sqlite3", str(store), store_sql(stored)]

    # Sanity before timing: every row arrives, with the report's totals right, and D stores what
    # the app stores. The databases that hold the statement, for the second import, are kept.
    quiet(prepare, "copying the template databases")
    quiet(app_import, f"expenses import of the {shape.name} statement")
    quiet(floor_import, f"D for the {shape.name} statement")
    app_rows, floor_rows = sqlite(fresh, IMPORT_SUMMARY_SQL), sqlite(floor, IMPORT_SUMMARY_SQL)
    stored_count = app_rows.split("|")[0]
    if stored_count != str(rows):
        die(f"import of {rows} {shape.name} rows stored {stored_count}")
    totals = "SELECT item_count = (SELECT count(*) FROM expenses) AND total_minor = (SELECT sum(converted_minor) FROM expenses) FROM reports"
    if sqlite(fresh, totals) != "1":
        die(f"import of the {shape.name} statement left the report's totals wrong")
    if app_rows != floor_rows:
        die(f"D stores other rows than the app for the {shape.name} statement:\napp: {app_rows}\nD:   {floor_rows}")
    checkpoint_copy(fresh, again)
    # S's input: the app's rows, in a file of its own that S only reads.
    remove_database(stored)
    remove(Path(f"{stored}-journal"))
    shutil.copyfile(fresh, stored)
    sqlite(stored, "PRAGMA journal_mode = DELETE")
    quiet(store_import, f"S for the {shape.name} statement")
    if sqlite(store, IMPORT_SUMMARY_SQL) != app_rows:
        die(f"S stores other rows than the app for the {shape.name} statement")
    # S' into S's result, which holds the app's rows (D's content fingerprints are not the app's).
    checkpoint_copy(store, store_again)
    checkpoint_copy(floor, floor_again)

    runs = bench.settings.import_runs
    bare_import = sqlite3_import(shape, csv, bare)
    m = bench.compare(
        f"import-{shape.name}.json",
        [("A", app_import), ("B", bare_import), ("D", floor_import), ("E", row_import), ("S", store_import)],
        prepare=prepare, runs=runs, warmup=1,
    )
    # Again: into the databases that hold the statement; B has nothing to deduplicate against.
    m2 = bench.compare(
        f"import-{shape.name}-again.json",
        [("A'", app_import), ("D'", floor_import), ("S'", store_import)],
        prepare=fresh_copies(again, floor_again, store_again), runs=runs, warmup=1,
    )
    a, b, d, e, s = m["A"], m["B"], m["D"], m["E"], m["S"]
    a2, d2, s2 = m2["A'"], m2["D'"], m2["S'"]
    if sqlite(fresh, "SELECT count(*) FROM expenses") != str(rows):
        die(f"the second import of the {shape.name} statement added rows")

    log("peak memory: expenses import fresh and again, sqlite3 .import (one run each)")
    quiet(prepare, "copying the template databases")
    a_peak, _ = peak(app_import)
    a2_peak, _ = peak(app_import)
    remove(bare)
    b_peak, _ = peak(bare_import)

    def figures(label: str, ms: float, *more: str) -> str:
        columns = [f"{ms:.2f}", str(per_second(rows, ms)), *more]
        widths = [10, 10, 9, 9, 9]
        return f"  {label:<40}" + "".join(f" {text:>{width}}" for text, width in zip(columns, widths))

    print()
    print(f"Statement import, {shape.name}: {shape.title} ({rows} rows, {size(csv)})")
    print(f"  {'command':<40} {'mean ms':>10} {'rows/s':>10} {'peak MiB':>9} {'A/D':>9} {'A/B':>9}")
    print(figures("A   expenses import", a, mib(a_peak), ratio(a, d), ratio(a, b)))
    print(figures("B   sqlite3 .import (bare table)", b, mib(b_peak)))
    print(figures("D   sqlite3 INSERT..SELECT (schema)", d))
    print(figures("E   sqlite3 INSERT..SELECT (row only)", e))
    print(figures("S   sqlite3 INSERT..SELECT (app's rows)", s))
    print(figures("A'  expenses import again (duplicates)", a2, mib(a2_peak), ratio(a2, d2), ratio(a2, b)))
    print(figures("D'  sqlite3 INSERT..SELECT again", d2))
    print(figures("S'  sqlite3 INSERT..SELECT again (app's)", s2))
    print(
        f"  targets: A/D <= {IMPORT_TARGET_FLOOR_RATIO} x, >= {IMPORT_TARGET_ROWS_PER_S} rows/s, peak < {IMPORT_TARGET_RSS_MIB} MiB;"
        f" D/B = {ratio(d, b)} x, E/B = {ratio(e, b)} x: SQLite's own share"
    )

    import_targets(bench, f"import {shape.name} {rows}", a, d, per_second(rows, a), mib(a_peak))
    import_targets(bench, f"import {shape.name} {rows} again", a2, d2, per_second(rows, a2), mib(a2_peak))
    bench.record(f"import {shape.name} {rows} / sqlite3 .import", f"{ratio(a, b)}x", "-", "info")
    # Whether the rows/s target can be met in this run at all: S and S' are SQLite alone.
    for label, ms in (("S", s), ("S'", s2)):
        alone = per_second(rows, ms)
        verdict = "info" if alone >= IMPORT_TARGET_ROWS_PER_S else "info: SQLite alone is below the rows/s target"
        bench.record(f"import {shape.name} {rows}, SQLite alone ({label}), rows/s", str(alone), "-", verdict)
    bench.record(f"import {shape.name} {rows} again / sqlite3 .import", f"{ratio(a2, b)}x", "-", "info")


def section_import(bench: Bench) -> None:
    shapes = bench.settings.import_shapes
    log(f"section: statement import ({' '.join(shapes)})")
    unknown = [name for name in shapes if name not in SHAPES]
    if unknown:
        die(f"unknown import shape '{unknown[0]}' (known: {' '.join(SHAPES)})")
    ensure_import_tools()
    directory = bench.work / "import"
    import_fixtures(bench, directory)
    import_turns(bench, directory)
    for name in shapes:
        import_shape(bench, directory, SHAPES[name])
    if bench.settings.hledger:
        if STATEMENT.name in shapes:
            import_hledger(bench, directory)
        else:
            log("hledger left out: it is compared with the statement shape, which BENCH_IMPORT_SHAPES leaves out")
    if bench.settings.ten_million:
        for name in shapes:
            import_10m(bench, directory, SHAPES[name])


def import_hledger(bench: Bench, directory: Path) -> None:
    """hledger print of the first shape, once: the same rows read by a tool of the kind."""
    rows = bench.settings.import_rows
    csv = shape_csv(bench, STATEMENT, rows)
    log(f"hledger print of {rows} rows (once; it holds the whole journal in memory)")
    c_peak, seconds = peak(["hledger", "-f", str(csv), "--rules-file", str(directory / "statement.hledger.rules"), "print"])
    a = bench.mean(f"import-{STATEMENT.name}.json", "A")
    c = round(seconds * 1000, 2)
    print()
    print(
        f"  C   hledger print of the statement (once): {c:.2f} ms, {per_second(rows, c)} rows/s, "
        f"peak {mib(c_peak)} MiB; A/C = {a / c:.3f} x"
    )
    bench.record(f"import statement {rows} / hledger print", f"{a / c:.3f}x", "-", "info")


def import_10m(bench: Bench, directory: Path, shape: Shape) -> None:
    """A shape at 10,000,000 rows, the app and sqlite3 once each (it takes minutes): peak memory."""
    rows = 10000000
    csv = shape_csv(bench, shape, rows)
    fresh, bare, rules = directory / "fresh.sqlite", directory / "bare.sqlite", directory / f"{shape.name}.rules"
    log(f"10M, {shape.name}: expenses import, then sqlite3 .import (once each)")
    remove_database(fresh)
    remove(bare)
    shutil.copyfile(directory / "template.sqlite", fresh)
    a_peak, a = peak(bench.expenses("--db", fresh, "import", csv, "--rules", rules, "--report", "1"))
    if sqlite(fresh, "SELECT count(*) FROM expenses") != str(rows):
        die(f"10M import of the {shape.name} statement is incomplete")
    b_peak, b = peak(sqlite3_import(shape, csv, bare))
    verdict = bench.verdict(at_most(mib(a_peak), IMPORT_TARGET_RSS_MIB))
    print()
    print(f"Statement import, {shape.name}, 10,000,000 rows ({size(csv)}, once each)")
    print(f"  {'command':<40} {'seconds':>10} {'rows/s':>10} {'peak MiB':>9}")
    print(f"  {'A   expenses import':<40} {a:>10} {int(rows / a):>10} {mib(a_peak):>9}")
    print(f"  {'B   sqlite3 .import (bare table)':<40} {b:>10} {int(rows / b):>10} {mib(b_peak):>9}")
    bench.record(f"import {shape.name} 10M / sqlite3 .import", f"{a / b:.1f}x", "-", "info")
    bench.record(f"import {shape.name} 10M, peak RSS", f"{mib(a_peak)} MiB", f"< {IMPORT_TARGET_RSS_MIB} MiB", verdict)
