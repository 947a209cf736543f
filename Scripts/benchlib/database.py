"""The bench database: a heavy user's 10,000 reports of 100 items each, generated once and reused."""

import hashlib
import time
from pathlib import Path

from .bench import Bench
from .errors import die, log
from .run import output, quiet, remove, size, sqlite
from .settings import ITEMS_PER_REPORT


def generator_sql(reports: int) -> str:
    """The bulk data, as one SQL script run in one transaction. Deterministic: everything derives
    from the row number, so two machines measure the same file. Reports start on dates spread over
    2024-2026 and last 1-5 days; every expense belongs to a report (ITEMS_PER_REPORT each), is
    dated within its trip, in EUR like its report (so rate '1', source 'same', converted =
    amount), and the triggers keep reports.item_count and total_minor as the app would."""
    expenses = reports * ITEMS_PER_REPORT
    return f"""PRAGMA foreign_keys = ON;
PRAGMA cache_size = -262144;  -- 256 MiB: the index builds of a million rows stay in memory
BEGIN IMMEDIATE;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {reports})
INSERT INTO reports (id, title, purpose, destination, start_date, end_date, currency, status, owner,
                     created_at, updated_at)
SELECT i,
       'Trip ' || i,
       CASE i % 3 WHEN 0 THEN 'Customer workshop' WHEN 1 THEN 'Conference' ELSE '' END,
       CASE i % 4 WHEN 0 THEN 'Walldorf, DE' WHEN 1 THEN 'Paris, FR' WHEN 2 THEN 'Berlin, DE' ELSE 'Madrid, ES' END,
       date('2024-01-01', '+' || ((i * 7919) % 1090) || ' days'),
       date('2024-01-01', '+' || ((i * 7919) % 1090 + i % 5) || ' days'),
       'EUR',
       'draft',
       'bench',
       '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {expenses} - 1),
     item(i, report) AS (SELECT i, i / {ITEMS_PER_REPORT} + 1 FROM n)
INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency,
                      rate, rate_date, rate_source, converted_minor, paid_by, created_at, updated_at)
SELECT report,
       date('2024-01-01', '+' || ((report * 7919) % 1090 + i % (report % 5 + 1)) || ' days'),
       CASE i % 5 WHEN 0 THEN 'lodging' WHEN 1 THEN 'meals' WHEN 2 THEN 'taxi' WHEN 3 THEN 'rail' ELSE 'airfare' END,
       'Merchant ' || (i % 97),
       '',
       100 + (i * 37) % 50000,
       'EUR',
       '1', NULL, 'same', 100 + (i * 37) % 50000,
       CASE WHEN i % 7 = 0 THEN 'company' ELSE 'personal' END,
       '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
FROM item;
-- Then the workflow, as the app takes it: the schema freezes items outside draft and accepts a
-- status change only along a legal transition logged first. Statuses by id % 10: 0 submitted,
-- 1 approved, 2 rejected, 3-4 draft, 5-9 reimbursed. The log refuses an entry without a hash;
-- these carry a placeholder, so the generated log is no valid chain (db check would say so):
-- no section reads the log.
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
SELECT id, created_at, 'bench', 'submit', 'draft', 'submitted', printf('%064x', id) FROM reports WHERE id % 10 NOT IN (3, 4);
UPDATE reports SET status = 'submitted' WHERE id % 10 NOT IN (3, 4);
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
SELECT id, created_at, 'approver', 'approve', 'submitted', 'approved', printf('%064x', id) FROM reports WHERE id % 10 = 1 OR id % 10 >= 5;
UPDATE reports SET status = 'approved' WHERE id % 10 = 1 OR id % 10 >= 5;
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, reason, hash)
SELECT id, created_at, 'approver', 'reject', 'submitted', 'rejected', 'receipts missing', printf('%064x', id) FROM reports WHERE id % 10 = 2;
UPDATE reports SET status = 'rejected' WHERE id % 10 = 2;
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, reason, hash)
SELECT id, created_at, 'finance', 'reimburse', 'approved', 'reimbursed', 'PAY-' || id, printf('%064x', id) FROM reports WHERE id % 10 >= 5;
UPDATE reports SET status = 'reimbursed' WHERE id % 10 >= 5;
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
ANALYZE;
"""


def schema_key(root: Path, generator: str) -> str:
    """A hash of the schema's sources and of a generator: a new migration or a changed generator
    builds a fresh database instead of measuring a stale file."""
    digest = hashlib.sha256()
    for source in sorted((root / "Sources/ExpenseStore/Migration").glob("*.swift")):
        digest.update(source.read_bytes())
    digest.update(generator.encode())
    return digest.hexdigest()[:12]


def counts(database: Path) -> str:
    """"reports expenses items-by-trigger" of a database, to check it is the one we meant to build."""
    return sqlite(
        database,
        "SELECT (SELECT count(*) FROM reports) || ' ' || (SELECT count(*) FROM expenses)"
        " || ' ' || (SELECT coalesce(sum(item_count), 0) FROM reports)",
    )


def ensure_database(bench: Bench) -> None:
    """Builds the database once and reuses it; sets bench.database and its note."""
    reports = bench.settings.reports
    expenses = reports * ITEMS_PER_REPORT
    generator = generator_sql(reports)
    database = bench.work / f"bench-{schema_key(bench.settings.root, generator)}.sqlite"
    expected = f"{reports} {expenses} {expenses}"
    bench.database = database
    if database.exists():
        try:
            reusable = counts(database) == expected
        except Exception:
            reusable = False
        if reusable:
            bench.database_note = f"reused {database}"
            log(f"database: {bench.database_note}")
            return
    log(f"generating {reports} reports and {expenses} expenses in {database}")
    # Databases of an older schema or generator are 160+ MiB each and never read again.
    for old in bench.work.glob("bench-*.sqlite*"):
        remove(old)
    start = time.monotonic()
    # The real binary creates the file and runs its migrations, so the schema is the app's own.
    quiet(bench.expenses("--db", database, "category", "list"), f"creating {database}")
    output(["sqlite3", "-bail", database], "generating the bench database", stdin=generator)
    seconds = time.monotonic() - start
    found = counts(database)
    if found != expected:
        die(f"generated database has counts '{found}', expected '{expected}'")
    bench.database_note = f"generated in {seconds:.1f} s ({size(database)}) at {database}"
    log(f"database: {bench.database_note}")
