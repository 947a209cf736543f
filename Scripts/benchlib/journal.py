"""Booking at scale: `journal` over every report of the generated database approved (its 10,000
reports of 100 items by default; half of them reimbursed, so their payments are booked too), in
CSV and DATEV, beside `report list --all` on the same database: the time a finance member waits
for a month's books against the time the list of the reports takes. Peak memory from GNU time."""

import shutil

from .bench import Bench
from .errors import die, log
from .run import mib, output, peak, ratio, remove_database, sqlite

# Every report approved on 2026-01-01 along legal transitions logged first (the schema refuses
# anything else): drafts (id % 10 in 3, 4) submitted, the rejected reopened and submitted, then
# every submitted one approved. Placeholder hashes, as the generated log has (no section reads
# the chain).
APPROVE_ALL = """
BEGIN IMMEDIATE;
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
SELECT id, created_at, 'bench', 'reopen', 'rejected', 'draft', printf('%064x', id) FROM reports WHERE status = 'rejected';
UPDATE reports SET status = 'draft' WHERE status = 'rejected';
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
SELECT id, created_at, 'bench', 'submit', 'draft', 'submitted', printf('%064x', id) FROM reports WHERE status = 'draft';
UPDATE reports SET status = 'submitted' WHERE status = 'draft';
INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
SELECT id, created_at, 'approver', 'approve', 'submitted', 'approved', printf('%064x', id) FROM reports WHERE status = 'submitted';
UPDATE reports SET status = 'approved' WHERE status = 'submitted';
COMMIT;
"""


def section_journal(bench: Bench) -> None:
    log("section: journal over every report approved")
    source = bench.database
    db = bench.work / "journal.sqlite"
    remove_database(db)
    shutil.copyfile(source, db)
    sqlite(db, APPROVE_ALL)
    reports = int(sqlite(db, "SELECT count(*) FROM reports WHERE status IN ('approved', 'reimbursed')"))
    paid = int(sqlite(db, "SELECT count(*) FROM reports WHERE status = 'reimbursed'"))
    if reports != bench.settings.reports:
        die(f"{reports} reports approved, expected {bench.settings.reports}")
    config = bench.work / "journal-config"
    config.mkdir(exist_ok=True)
    (config / "expenses").mkdir(exist_ok=True)
    (config / "expenses" / "config").write_text("datev.consultant = 1234567\ndatev.client = 42\n")
    env_prefix = ["env", f"XDG_CONFIG_HOME={config}", "EXPENSES_USER=finance"]
    period = ["--from", "2026-01-01", "--to", "2026-01-31", "--again"]
    csv = bench.work / "journal.csv"
    datev = bench.work / "EXTF_journal.csv"
    journal_csv = env_prefix + bench.expenses("--db", db, "journal", *period, "--format", "csv", "-o", csv, "--force")
    journal_datev = env_prefix + bench.expenses("--db", db, "journal", *period, "--format", "datev", "-o", datev, "--force")
    list_all = bench.expenses("--db", db, "report", "list", "--all", "--format", "json")
    # Sanity before timing: every report's costs and every payment are in the file, one line a posting.
    output(journal_csv, "journal csv")
    transactions = {line.split(",", 1)[0] for line in csv.read_text().splitlines()[1:]}
    if len(transactions) != reports + paid:
        die(f"journal booked {len(transactions)} transactions, expected {reports} reports and {paid} payments")
    runs = max(1, min(bench.settings.min_runs, 3))
    m = bench.compare(
        "journal.json",
        [
            ("J1 expenses journal --format csv", journal_csv),
            ("J2 expenses journal --format datev", journal_datev),
            ("L expenses report list --all", list_all),
        ],
        runs=runs,
        warmup=0,
    )
    j1, j2, listed = m["J1 expenses journal --format csv"], m["J2 expenses journal --format datev"], m["L expenses report list --all"]
    kib_csv, _ = peak(journal_csv)
    kib_datev, _ = peak(journal_datev)
    kib_list, _ = peak(list_all)
    postings = len(csv.read_text().splitlines()) - 1
    print()
    print(f"Journal ({reports} approved reports, {paid} of them paid: {postings} postings)")
    for name, value in [
        ("journal csv", f"{j1:.0f} ms, peak {mib(kib_csv)} MiB"),
        ("journal datev", f"{j2:.0f} ms, peak {mib(kib_datev)} MiB"),
        ("report list --all", f"{listed:.0f} ms, peak {mib(kib_list)} MiB"),
        ("journal csv / report list --all", ratio(j1, listed)),
    ]:
        print(f"  {name:<34} {value}")
    bench.record("journal csv, ms", f"{j1:.0f}", "info", "info")
    bench.record("journal datev, ms", f"{j2:.0f}", "info", "info")
    bench.record("journal csv / report list --all", ratio(j1, listed), "info", "info")
    bench.record("journal csv peak RSS, MiB", mib(kib_csv), "info", "info")
    remove_database(db)
