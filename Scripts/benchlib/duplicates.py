"""Duplicates at scale: `report check` (every policy rule, the duplicate groups among them) and
`report show` on one report of 1,000, 10,000 and 100,000 items (BENCH_DUPLICATE_SIZES), next to the
same grouping done by sqlite3 with GROUP BY (date, amount and currency, with the category, then
with the merchant), in the same run. Each report holds ordinary items, a tenth of them copied once
(a pair each) and one in fifty identical (one large group): pairwise comparison made the first
quadratic and the second quadratic in findings too (1,000 identical items were 499,500)."""

import json
from pathlib import Path

from .bench import Bench
from .database import schema_key
from .errors import die, log
from .run import at_most, mib, output, peak, quiet, ratio, remove, sqlite

DUPLICATES_TARGET_MS = 2000  # report check and report show of 100,000 items, each
DUPLICATES_TARGET_RSS_MIB = 100  # their peak memory, each
AS_BENCH = {"EXPENSES_USER": "bench"}
CHECKED = (0, 1)  # report check's 1: a finding blocks submit, as the bench's items' missing receipts do

# The grouping sqlite3 does for B: groups of two or more items of report 1.
DUPLICATES_GROUP_BY = """SELECT date, amount_minor, currency, category, count(*), group_concat(id) FROM expenses
    WHERE report_id = 1 GROUP BY date, amount_minor, currency, category HAVING count(*) > 1;
    SELECT date, amount_minor, currency, lower(trim(merchant)), count(*), group_concat(id) FROM expenses
    WHERE report_id = 1 AND trim(merchant) <> '' GROUP BY date, amount_minor, currency, lower(trim(merchant)) HAVING count(*) > 1;"""


def duplicates_sql(n: int) -> str:
    """The report and its N items, deterministic. Item i copies the fields of item k: itself, the
    one before it (i % 10 = 9), or item 0 (i % 50 = 0). Distinct k never share a date and an
    amount (k % 365 and k * 7919 % 50000 repeat together only after 18,250,000)."""
    return f"""PRAGMA foreign_keys = ON;
BEGIN IMMEDIATE;
INSERT INTO reports (id, title, purpose, destination, start_date, end_date, currency, status, owner, created_at, updated_at)
VALUES (1, 'Duplicates {n}', '', '', '2026-01-01', '2026-12-31', 'EUR', 'draft', 'bench', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {n} - 1),
     item(i, k) AS (SELECT i, CASE WHEN i % 10 = 9 THEN i - 1 WHEN i % 50 = 0 THEN 0 ELSE i END FROM n)
INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency,
                      rate, rate_date, rate_source, converted_minor, paid_by, created_at, updated_at)
SELECT 1, date('2026-01-01', '+' || (k % 365) || ' days'),
       CASE k % 5 WHEN 0 THEN 'meals' WHEN 1 THEN 'taxi' WHEN 2 THEN 'rail' WHEN 3 THEN 'lodging' ELSE 'airfare' END,
       'Merchant ' || (k % 97), '', 100 + (k * 7919) % 50000, 'EUR', '1', NULL, 'same', 100 + (k * 7919) % 50000,
       'personal', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
FROM item;
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
ANALYZE;
"""


def duplicates_database(bench: Bench, n: int) -> Path:
    """The database of N items, built once per schema and generator."""
    generator = duplicates_sql(n)
    path = bench.work / f"duplicates-{n}-{schema_key(bench.settings.root, generator)}.sqlite"
    try:
        reusable = path.exists() and sqlite(path, "SELECT item_count FROM reports WHERE id = 1") == str(n)
    except Exception:
        reusable = False
    if not reusable:
        for old in bench.work.glob(f"duplicates-{n}-*.sqlite*"):
            remove(old)
        quiet(bench.expenses("--db", path, "category", "list"), f"creating {path}")
        output(["sqlite3", "-bail", path], f"generating {n} items", stdin=generator)
    return path


def section_duplicates(bench: Bench) -> None:
    log("section: duplicates at scale (report check, report show)")
    sizes = bench.settings.duplicate_sizes
    rows = []
    for n in sizes:
        db = duplicates_database(bench, n)
        # Sanity before timing: the app finds the groups sqlite3 finds (here every group has its
        # category and merchant in common, so both GROUP BYs find each one).
        findings = json.loads(output(bench.expenses("--db", db, "report", "check", "1", "--format", "json"), "report check", env=AS_BENCH, exits=CHECKED))
        app_groups = sum(1 for finding in findings if finding["key"].startswith("duplicate:"))
        sql_groups = sqlite(
            db,
            "SELECT count(*) FROM (SELECT 1 FROM expenses WHERE report_id = 1"
            " GROUP BY date, amount_minor, currency, category HAVING count(*) > 1)",
        )
        if str(app_groups) != sql_groups:
            die(f"report check found {app_groups} duplicate groups in {n} items, sqlite3 {sql_groups}")

        check = ["env", "EXPENSES_USER=bench", *bench.expenses("--db", db, "report", "check", "1")]
        show = ["env", "EXPENSES_USER=bench", *bench.expenses("--db", db, "report", "show", "1")]
        m = bench.compare(
            f"duplicates-{n}.json",
            [("A expenses report check", check), ("A2 expenses report show", show),
             ("B sqlite3 GROUP BY", ["sqlite3", str(db), DUPLICATES_GROUP_BY])],
            runs=bench.settings.duplicates_runs, warmup=1, exits=CHECKED,
        )
        a, a2, b = m["A expenses report check"], m["A2 expenses report show"], m["B sqlite3 GROUP BY"]
        mib_a, mib_a2 = mib(peak(check, exits=CHECKED)[0]), mib(peak(show)[0])
        rows.append(
            f"  {n:>9} {a:>10.2f} {mib_a:>8} {a2:>10.2f} {mib_a2:>8} {b:>11.2f} {ratio(a, b):>9} {ratio(a2, b):>9}"
        )
        bench.record(f"report check, {n} items / sqlite3 GROUP BY", f"{ratio(a, b)}x", "-", "info")
        bench.record(f"report show, {n} items / sqlite3 GROUP BY", f"{ratio(a2, b)}x", "-", "info")
        if n == sizes[-1]:
            for name, value, memory in (("report check", a, mib_a), ("report show", a2, mib_a2)):
                verdict = bench.verdict(at_most(value, DUPLICATES_TARGET_MS))
                bench.record(f"{name}, {n} items, mean", f"{value:.2f} ms", f"< {DUPLICATES_TARGET_MS} ms", verdict)
                verdict = bench.verdict(at_most(memory, DUPLICATES_TARGET_RSS_MIB))
                bench.record(f"{name}, {n} items, peak RSS", f"{memory} MiB", f"< {DUPLICATES_TARGET_RSS_MIB} MiB", verdict)
    print()
    print("Duplicates: one report, a tenth of its items in pairs and one in fifty identical")
    print(f"  {'items':>9} {'check ms':>10} {'MiB':>8} {'show ms':>10} {'MiB':>8} {'sqlite3 ms':>11} {'check/B':>9} {'show/B':>9}")
    print("\n".join(rows))
    print("  B = sqlite3 GROUP BY (date, amount, currency, and category; then merchant) over the same items")
