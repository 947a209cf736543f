"""The team database on PostgreSQL, side by side with psql on the same server in the same run.

A throwaway cluster (team_cluster) is started and stopped here. Measured:
  - `--shortcut ...showReports` on the 10,000-report / 1,000,000-item database (BENCH_REPORTS), as
    its owner (row security on), vs psql reading 50 rows as the same role: target <= 3x;
  - `expenses import` of the import section's 1,000,000-row statement (BENCH_IMPORT_ROWS) vs psql's
    \\copy into a bare table: <= 3x; and vs the server's own cost of the same rows, staged and
    inserted by one call of its import function (D): <= 1.3x;
  - the 16-client workload (TeamWorkloadTests, BENCH_TEAM_SECONDS, default 60) beside pgbench's
    TPC-B-like run with 16 clients for as long: operations per second, p50/p99, retries; and the 16 clients again
    beside one member's session idle in a transaction after a workflow step, and when the server
    ended it."""

import shutil
import time

from .bench import Bench
from .errors import die, log
from .import_files import import_fixtures, shape_csv
from .import_shapes import STATEMENT
from .imports import ensure_import_tools
from .listing import FIFTY_ROWS
from .run import at_most, line, mib, output, peak, per_second, quiet, ratio
from .shortcut import SHOW_REPORTS
from .team_cluster import Cluster
from .team_data import floor_sql, staged_rows, team_generator_sql
from .team_workload import team_workload

TEAM_SHORTCUT_TARGET_RATIO = 3
TEAM_IMPORT_TARGET_RATIO = 3
TEAM_IMPORT_TARGET_FLOOR_RATIO = 1.3  # the import vs the server's own cost of the same rows (D)


def section_team(bench: Bench) -> None:
    log("section: the team database on PostgreSQL")
    if shutil.which("pgbench") is None:
        die("pgbench is missing (postgresql-contrib, with Scripts/bootstrap's postgresql)")
    with Cluster(bench.work) as cluster:
        start = time.monotonic()
        cluster.database(bench.binary, "bench")
        cluster.run("-U", "postgres", "-d", "bench", what="generating the team database", stdin=team_generator_sql(bench.settings.reports))
        cluster.run("-U", "postgres", "-d", "bench", "-c", "VACUUM ANALYZE", what="VACUUM ANALYZE")
        log(f"team database: {bench.settings.reports} reports, {bench.settings.expenses} items in {time.monotonic() - start:.0f} s")
        # What an item costs on disk, with its indexes: for docs/TEAM.md's sizing.
        per_item = cluster.run(
            "-U", "postgres", "-d", "bench", "-c", "SELECT pg_total_relation_size('expenses') / count(*) FROM expenses", what="sizing"
        )
        bench.record("team: disk per item, with indexes", f"{per_item} bytes", "-", "info")
        team_shortcut(bench, cluster)
        team_import(bench, cluster)
        team_workload(bench, cluster)


def team_shortcut(bench: Bench, cluster: Cluster) -> None:
    db = cluster.connection("bench", "bench")
    via_shortcut = output(bench.expenses("--db", db, "--shortcut", SHOW_REPORTS), "--shortcut showReports on the server")
    via_command = output(bench.expenses("--db", db, "report", "list"), "report list on the server")
    if via_shortcut != via_command:
        die("--shortcut showReports printed another list than report list on the server")
    if len(via_command.splitlines()) <= 50:
        die(f"report list on the server printed too little: {via_command}")
    m = bench.compare(
        "team-shortcut.json",
        [
            ("A expenses --shortcut showReports", bench.expenses("--db", db, "--shortcut", SHOW_REPORTS)),
            ("A0 expenses report list", bench.expenses("--db", db, "report", "list")),
            ("C psql 50 rows", ["psql", "-X", "-At", "-h", str(cluster.directory), "-U", "bench", "-d", "bench", "-c", FIFTY_ROWS]),
        ],
    )
    a, a0, c = m["A expenses --shortcut showReports"], m["A0 expenses report list"], m["C psql 50 rows"]
    a_c = ratio(a, c)
    verdict = bench.verdict(at_most(a_c, TEAM_SHORTCUT_TARGET_RATIO))
    print()
    print(
        f"Team database: quick action showReports, one-shot "
        f"({bench.settings.reports} reports, {bench.settings.expenses} items, row security on)"
    )
    print(f"  {'command':<40} {'mean ms':>10}")
    print(f"  {'A  expenses --shortcut ...showReports':<40} {a:>10.2f}")
    print(f"  {'A0 expenses report list (table)':<40} {a0:>10.2f}")
    print(f"  {'C  psql SELECT id, title LIMIT 50':<40} {c:>10.2f}")
    print(f"  A/C = {a_c} x (target <= {TEAM_SHORTCUT_TARGET_RATIO} x: {verdict})")
    bench.record("team: --shortcut showReports / psql SELECT 50", f"{a_c}x", f"<= {TEAM_SHORTCUT_TARGET_RATIO}x", verdict)
    bench.record("team: --shortcut showReports, mean", f"{a:.2f} ms", "-", "info")


def team_import(bench: Bench, cluster: Cluster) -> None:
    ensure_import_tools()
    rows = bench.settings.import_rows
    directory = bench.work / "import"
    import_fixtures(bench, directory)
    # The import section's first statement and its rules, generated here when it has not run.
    csv = shape_csv(bench, STATEMENT, rows)
    rules = directory / "statement.rules"
    rules.write_text(STATEMENT.rules(bench.settings.root) + "\n")
    owner = cluster.connection("imports", "bench")
    finance = cluster.connection("imports", "benchfinance")
    # A fresh database before every run: set up, with finance's rates and the bench's report.
    prepare_script = bench.work / "team-import-prepare.sh"
    steps = [
        *cluster.database_setup(bench.binary, "imports"),
        bench.expenses("--db", finance, "rates", "import", directory / "rates.csv"),
        bench.expenses("--db", owner, "report", "new", "Bench trip", "--currency", "EUR"),
        cluster.psql("-U", "postgres", "-d", "imports", "-c",
                     "CREATE TABLE bare (date text, description text, amount text, currency text, category text)"),
    ]
    prepare_script.write_text("set -e\n" + "".join(f"{line(step)} >/dev/null\n" for step in steps))
    prepare = ["bash", str(prepare_script)]
    app_import = bench.expenses("--db", owner, "import", csv, "--rules", rules, "--report", "1")
    copy_import = ["psql", "-X", "-q", "-h", str(cluster.directory), "-U", "postgres", "-d", "imports",
                   "-c", f"\\copy bare FROM '{csv}' WITH (FORMAT csv, HEADER)"]
    # D: the server's own cost of the same rows, already parsed, into the same schema as the same
    # role (the write layer's checks, triggers, indexes, CHECKs, foreign keys): COPY into the
    # staging table the server makes and one call of import_rows, in one transaction. What A
    # costs beyond D is the app's reading, validating and sending.
    staged, floor_script = csv.with_suffix(".copy"), bench.work / "team-floor.sql"
    staged_rows(csv, staged)
    floor_script.write_text(floor_sql(staged))
    floor_import = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", str(cluster.directory), "-U", "bench", "-d", "imports",
                    "-f", str(floor_script)]

    quiet(prepare, "preparing the team import database")
    quiet(app_import, "expenses import into the server")
    counts = cluster.run(
        "-U", "postgres", "-d", "imports",
        "-c", "SELECT count(*) || ' ' || count(*) FILTER (WHERE rate_source = 'table') FROM expenses",
        "-c", "SELECT item_count = (SELECT count(*) FROM expenses) AND total_minor = (SELECT sum(converted_minor) FROM expenses) FROM reports",
        what="counting the imported rows",
    )
    if counts != f"{rows} {rows // 10}\nt":
        die(f"import of {rows} rows into the server gave: {counts}")

    names = ("A expenses import", "B psql \\copy", "D psql COPY + INSERT ... SELECT into the schema")
    m = bench.compare(
        "team-import.json",
        list(zip(names, (app_import, copy_import, floor_import))),
        prepare=prepare, runs=bench.settings.import_runs, warmup=0,
    )
    a, b, d = (m[name] for name in names)
    a_b = ratio(a, b)
    quiet(prepare, "preparing the team import database")
    a_mib = mib(peak(app_import)[0])
    verdict = bench.verdict(at_most(a_b, TEAM_IMPORT_TARGET_RATIO))
    floor_verdict = bench.verdict(at_most(a / d, TEAM_IMPORT_TARGET_FLOOR_RATIO))
    print()
    print(f"Team database: statement import ({rows} rows, into a report with rates, row security and triggers on)")
    print(f"  {'command':<34} {'mean ms':>10} {'rows/s':>12}")
    print(f"  {'A  expenses import':<34} {a:>10.2f} {per_second(rows, a):>12}")
    copy_label = "B  psql \\copy (bare table)"
    print(f"  {copy_label:<34} {b:>10.2f} {per_second(rows, b):>12}")
    print(f"  {'D  psql COPY + INSERT..SELECT (schema)':<34} {d:>10.2f} {per_second(rows, d):>12}")
    print(
        f"  A/B = {a_b} x (target <= {TEAM_IMPORT_TARGET_RATIO} x: {verdict})   A/D = {a / d:.2f} x"
        f" (target <= {TEAM_IMPORT_TARGET_FLOOR_RATIO} x: {floor_verdict})   D/B = {ratio(d, b)} x"
        f"   A peak {a_mib} MiB"
    )
    bench.record(f"team: import {rows} / psql \\copy", f"{a_b}x", f"<= {TEAM_IMPORT_TARGET_RATIO}x", verdict)
    bench.record(f"team: import {rows}, peak RSS", f"{a_mib} MiB", "-", "info")
    bench.record("team: import / the server's own cost (D)", f"{a / d:.2f}x", f"<= {TEAM_IMPORT_TARGET_FLOOR_RATIO}x", floor_verdict)
    bench.record("team: the server's own cost (D) / psql \\copy", f"{ratio(d, b)}x", "-", "info")
