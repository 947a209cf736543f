"""Paying at scale (issue 41): `pay --approved` over BENCH_REPORTS approved reports of
ITEMS_PER_REPORT items each, every traveller with an account, beside `report list --all` on the
same database. Each timed run starts from a fresh copy (a run records the reports it pays, so a
second `pay` on the same file would pay nothing); the file it writes is checked once for its
number of transactions. Peak memory from GNU time, one run each."""

import re

from .bench import Bench
from .errors import die, log
from .run import mib, output, peak, quiet, ratio, remove, sqlite
from .settings import ITEMS_PER_REPORT


def generator_sql(reports: int) -> str:
    """Approved reports of fifty travellers in EUR, ITEMS_PER_REPORT items each (one in seven paid
    by the company), each with the two audit entries that got it there, an account per
    traveller and the company's. Deterministic, as the shared database's generator."""
    expenses = reports * ITEMS_PER_REPORT
    return f"""PRAGMA foreign_keys = ON;
PRAGMA cache_size = -262144;
BEGIN IMMEDIATE;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {reports})
INSERT INTO reports (id, title, purpose, destination, start_date, end_date, currency, status, owner, created_at, updated_at)
SELECT i, 'Trip ' || i || ' to Walldorf', 'Customer workshop', 'Walldorf, DE',
       date('2024-01-01', '+' || ((i * 7919) % 1090) || ' days'), date('2024-01-01', '+' || ((i * 7919) % 1090 + i % 5) || ' days'),
       'EUR', 'draft', 'traveller ' || (i % 50), '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {expenses} - 1),
     item(i, report) AS (SELECT i, i / {ITEMS_PER_REPORT} + 1 FROM n)
INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency,
                      rate, rate_date, rate_source, converted_minor, paid_by, created_at, updated_at)
SELECT report, date('2024-01-01', '+' || ((report * 7919) % 1090) || ' days'),
       CASE i % 5 WHEN 0 THEN 'lodging' WHEN 1 THEN 'meals' WHEN 2 THEN 'taxi' WHEN 3 THEN 'rail' ELSE 'airfare' END,
       'Merchant ' || (i % 97), '', 100 + (i * 37) % 50000, 'EUR', '1', NULL, 'same', 100 + (i * 37) % 50000,
       CASE WHEN i % 7 = 0 THEN 'company' ELSE 'personal' END, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
FROM item;
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
SELECT id, created_at, owner, 'submit', 'draft', 'submitted', printf('%064x', id) FROM reports;
UPDATE reports SET status = 'submitted';
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
SELECT id, created_at, 'approver', 'approve', 'submitted', 'approved', printf('%064x', id) FROM reports;
UPDATE reports SET status = 'approved';
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 49)
INSERT INTO payees (user_name, holder, iban, bic, changed_at, changed_by)
SELECT 'traveller ' || i, 'Traveller ' || i, 'DE89370400440532013000', NULL, '2026-01-01T00:00:00Z', 'traveller ' || i FROM n;
INSERT INTO company_account (singleton, name, iban, bic) VALUES (1, 'Bench GmbH', 'DE02120300000000202051', NULL);
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
ANALYZE;
"""


def section_pay(bench: Bench) -> None:
    log("section: pay --approved at scale")
    reports = bench.settings.reports
    template = bench.work / f"pay-{reports}.sqlite"
    database = bench.work / "pay.sqlite"
    xml = bench.work / "pay.xml"
    remove(template, database, xml)
    quiet(bench.expenses("--db", template, "category", "list"), f"creating {template}")
    output(["sqlite3", "-bail", template], "generating the pay database", stdin=generator_sql(reports))
    if sqlite(template, "SELECT count(*) FROM reports WHERE status = 'approved'") != str(reports):
        die(f"the pay database should hold {reports} approved reports")
    prepare = ["sh", "-c", f"cp {template} {database} && rm -f {database}-wal {database}-shm {xml}"]
    pay = bench.expenses("--db", database, "--user", "finance", "pay", "--approved", "-o", xml, "--execution-date", "2099-01-02")
    listing = bench.expenses("--db", database, "report", "list", "--all", "--format", "json")

    # Sanity first: one transfer per report, the control sum the items' personal part.
    output(prepare, "copying the pay database")
    output(pay, "pay --approved")
    written = xml.read_text()
    count = re.search(r"<NbOfTxs>(\d+)</NbOfTxs>", written)
    expected = sqlite(template, "SELECT coalesce(sum(converted_minor), 0) FROM expenses WHERE paid_by = 'personal'")
    total = re.search(r"<CtrlSum>([0-9.]+)</CtrlSum>", written)
    if not count or int(count.group(1)) != reports:
        die(f"pay --approved wrote {count.group(1) if count else 'no'} transfers, expected {reports}")
    if not total or total.group(1).replace(".", "") != expected:
        die(f"pay --approved's control sum {total.group(1) if total else '-'} is not the items' {expected}")

    runs = bench.settings.import_runs
    m = bench.compare(
        "pay.json",
        [("A expenses pay --approved", pay), ("B expenses report list --all", listing)],
        prepare=prepare, runs=runs, warmup=0,
    )
    a, b = m["A expenses pay --approved"], m["B expenses report list --all"]
    output(prepare, "copying the pay database")
    pay_kib, _ = peak(pay)
    list_kib, _ = peak(listing)

    print()
    print(f"Paying ({reports} approved reports, {reports * ITEMS_PER_REPORT} items, {runs} runs each)")
    for name, value in [
        ("A expenses pay --approved (ms)", a),
        ("B expenses report list --all (ms)", b),
        ("A/B", ratio(a, b)),
        ("A peak RSS (MiB)", mib(pay_kib)),
        ("B peak RSS (MiB)", mib(list_kib)),
    ]:
        print(f"  {name:<36} {value}")
    bench.record("pay --approved, ms", f"{a:.0f}", f"beside report list --all: {b:.0f} ms", "info")
    bench.record("pay --approved / report list --all", ratio(a, b), "-", "info")
    bench.record("pay --approved peak RSS, MiB", mib(pay_kib), f"report list --all: {mib(list_kib)}", "info")
    remove(database, xml)
