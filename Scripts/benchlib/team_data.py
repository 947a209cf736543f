"""The team section's data: the bench's reports in the server's schema, and the import floor's
staged rows and script."""

import csv
from pathlib import Path

from .settings import ITEMS_PER_REPORT

STAGED_COLUMNS = ("import_line, report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,"
                  " rate_source, converted_minor, paid_by, import_key, external_id")


def team_generator_sql(reports: int) -> str:
    """The bench's data in the server's schema, owned by bench: the same rows as
    database.generator_sql makes for SQLite (reports over 2024-2026, 100 EUR items each, statuses
    by id % 10, a log entry per step). Loaded as the superuser with triggers off
    (session_replication_role), then the cached totals set in one UPDATE, as the triggers would
    have kept them."""
    expenses, per = reports * ITEMS_PER_REPORT, ITEMS_PER_REPORT
    return f"""SET session_replication_role = replica;
BEGIN;
INSERT INTO reports (id, title, purpose, destination, start_date, end_date, currency, status, owner, created_at, updated_at)
SELECT i, 'Trip ' || i,
       CASE i % 3 WHEN 0 THEN 'Customer workshop' WHEN 1 THEN 'Conference' ELSE '' END,
       CASE i % 4 WHEN 0 THEN 'Walldorf, DE' WHEN 1 THEN 'Paris, FR' WHEN 2 THEN 'Berlin, DE' ELSE 'Madrid, ES' END,
       to_char(date '2024-01-01' + (i * 7919) % 1090, 'YYYY-MM-DD'),
       to_char(date '2024-01-01' + (i * 7919) % 1090 + i % 5, 'YYYY-MM-DD'),
       'EUR',
       CASE WHEN i % 10 = 0 THEN 'submitted' WHEN i % 10 = 1 THEN 'approved' WHEN i % 10 = 2 THEN 'rejected'
            WHEN i % 10 IN (3, 4) THEN 'draft' ELSE 'reimbursed' END,
       'bench', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
FROM generate_series(1, {reports}) AS i;
INSERT INTO expenses (id, report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date, rate_source,
                      converted_minor, paid_by, created_at, updated_at, owner)
SELECT i + 1, i / {per} + 1,
       to_char(date '2024-01-01' + ((i / {per} + 1) * 7919) % 1090 + i % ((i / {per} + 1) % 5 + 1), 'YYYY-MM-DD'),
       CASE i % 5 WHEN 0 THEN 'lodging' WHEN 1 THEN 'meals' WHEN 2 THEN 'taxi' WHEN 3 THEN 'rail' ELSE 'airfare' END,
       'Merchant ' || (i % 97), '', 100 + (i * 37) % 50000, 'EUR', '1', NULL, 'same', 100 + (i * 37) % 50000,
       CASE WHEN i % 7 = 0 THEN 'company' ELSE 'personal' END, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'bench'
FROM generate_series(0, {expenses} - 1) AS i;
UPDATE reports r SET item_count = t.n, total_minor = t.total
FROM (SELECT report_id, count(*) AS n, sum(converted_minor) AS total FROM expenses GROUP BY report_id) AS t WHERE t.report_id = r.id;
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, reason, hash)
SELECT id, created_at, 'bench', 'submit', 'draft', 'submitted', '', lpad(to_hex(id), 64, '0') FROM reports WHERE status <> 'draft';
SELECT setval(pg_get_serial_sequence('reports', 'id'), {reports});
SELECT setval(pg_get_serial_sequence('expenses', 'id'), {expenses});
COMMIT;
"""


def staged_rows(statement: Path, path: Path) -> None:
    """The statement's rows as the app stages them (COPY's text format), parsed once here: ISO
    dates, minor units, rate 1 (D measures storing, not converting). Kept: PATH is named after the
    statement, which is named after its size and generator."""
    if path.exists():
        return
    part = Path(f"{path}.part")
    with open(statement, newline="") as source, open(part, "w") as out:
        rows = csv.reader(source)
        next(rows)
        for line, row in enumerate(rows, start=2):
            date = f"{row[0][6:10]}-{row[0][3:5]}-{row[0][0:2]}"
            cents = int(row[2].replace(".", ""))
            merchant = row[1].replace("\\", "\\\\").replace("\t", "\\t")
            out.write(f"{line}\t1\t{date}\tother\t{merchant}\t\t{cents}\tEUR\t1\t\\N\tsame\t{cents}\tpersonal\t{line}\t\\N\n")
    part.rename(path)


def floor_sql(staged: Path) -> str:
    """D's script: the server's staging table and its one insert (import_rows)."""
    return f"""BEGIN;
SELECT expenses.import_begin('bench', 'bench', 1, 'now') AS batch \\gset
\\copy pg_temp.expenses_import_staging ({STAGED_COLUMNS}) FROM '{staged}'
SELECT expenses.import_rows(:batch, 'now');
COMMIT;
"""
