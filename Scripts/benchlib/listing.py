"""Listing at scale: what a user sees first, on a database of a heavy user.

The app reads the trigger-kept item_count/total_minor; B computes the same numbers from the items,
which is what the app would cost without the triggers; C is the floor: sqlite3 starting and
reading 50 rows. A2 lists every report against C2: sqlite3 printing the same rows as JSON. A3
shows report 1 (100 items, with its policy notes) against C3: sqlite3 reading the report's row
and its items with their receipts' count, in the order the app shows them."""

import difflib
import json

from .bench import Bench
from .errors import die, log
from .run import at_most, output, ratio, sqlite
from .settings import ITEMS_PER_REPORT, LIST_ALL_TARGET_RATIO, LIST_TARGET_RATIO, LISTING_PAGE, SHOW_TARGET_RATIO

ORDER = "ORDER BY status = 'reimbursed', start_date DESC, id DESC"
AGGREGATE = " ".join(
    f"""SELECT r.id, r.title, r.start_date, r.end_date, r.status, count(e.id) AS item_count,
        coalesce(sum(e.converted_minor), 0) AS total_minor
        FROM (SELECT * FROM reports {ORDER} LIMIT 50) AS r LEFT JOIN expenses AS e ON e.report_id = r.id
        GROUP BY r.id ORDER BY r.status = 'reimbursed', r.start_date DESC, r.id DESC""".split()
)
FIFTY_ROWS = "SELECT id, title FROM reports LIMIT 50"
SHOW_ITEMS = """SELECT * FROM reports WHERE id = 1;
        SELECT e.*, (SELECT count(*) FROM expense_receipts l WHERE l.expense_id = e.id) FROM expenses e
        WHERE e.report_id = 1 ORDER BY e.date, e.id"""


def differences(a: str, b: str) -> str:
    return "\n".join(list(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm=""))[:10])


def app_rows(text: str) -> str:
    """The app's JSON listing as "id items total-in-minor-units" lines, as the aggregate prints them."""
    document = json.loads(text)
    rows = document if isinstance(document, list) else next(v for v in document.values() if isinstance(v, list))
    return "\n".join(
        f"{r['id']} {r['itemCount']} {r['total']['amount'].replace('.', '').lstrip('0') or '0'}" for r in rows
    )


def section_listing(bench: Bench) -> None:
    log("section: listing reports at scale")
    db = bench.database
    # Sanity before timing: the app's 50 and the aggregate's 50 are the same reports with the same
    # counts and totals, so A and B do the same work.
    listed = app_rows(output(bench.expenses("--db", db, "report", "list", "--limit", "50", "--format", "json"), "report list"))
    aggregated = sqlite(db, f"SELECT id, item_count, total_minor FROM ({AGGREGATE})", "-separator", " ")
    if len(listed.splitlines()) != LISTING_PAGE:
        die(f"report list printed {len(listed.splitlines())} reports, expected {LISTING_PAGE}")
    if listed != aggregated:
        die(f"report list and the aggregate query disagree:\n{differences(listed, aggregated)}")
    if sqlite(db, "SELECT count(*) FROM expenses WHERE report_id = 1") != str(ITEMS_PER_REPORT):
        die(f"report 1 should have {ITEMS_PER_REPORT} items")

    m = bench.compare(
        "listing.json",
        [
            ("A expenses report list", bench.expenses("--db", db, "report", "list", "--limit", "50", "--format", "json")),
            ("B sqlite3 aggregate", ["sqlite3", "-json", str(db), AGGREGATE]),
            ("C sqlite3 50 rows", ["sqlite3", str(db), FIFTY_ROWS]),
            ("A2 expenses report list --all", bench.expenses("--db", db, "report", "list", "--all", "--format", "json")),
            ("C2 sqlite3 -json all reports", ["sqlite3", "-json", str(db), f"SELECT * FROM reports {ORDER}"]),
            ("A3 expenses report show 1", bench.expenses("--db", db, "report", "show", "1")),
            ("C3 sqlite3 report 1 and its items", ["sqlite3", str(db), SHOW_ITEMS]),
        ],
    )
    a, b, c = m["A expenses report list"], m["B sqlite3 aggregate"], m["C sqlite3 50 rows"]
    a2, c2 = m["A2 expenses report list --all"], m["C2 sqlite3 -json all reports"]
    a3, c3 = m["A3 expenses report show 1"], m["C3 sqlite3 report 1 and its items"]
    a_c, a_b, a2_c2, a3_c3 = ratio(a, c), ratio(a, b), ratio(a2, c2), ratio(a3, c3)
    verdict = bench.verdict(at_most(a_c, LIST_TARGET_RATIO))
    verdict_all = bench.verdict(at_most(a2_c2, LIST_ALL_TARGET_RATIO))
    verdict_show = bench.verdict(at_most(a3_c3, SHOW_TARGET_RATIO))
    reports, expenses = bench.settings.reports, bench.settings.expenses

    print()
    print(f"Listing reports ({reports} reports, {expenses} expenses)")
    for name, value in [
        ("command", "mean ms"),
        ("A  expenses report list (50, json)", f"{a:.2f}"),
        ("B  sqlite3 aggregate over items (50)", f"{b:.2f}"),
        ("C  sqlite3 SELECT id, title LIMIT 50", f"{c:.2f}"),
        ("A2 expenses report list --all (json)", f"{a2:.2f}"),
        ("C2 sqlite3 -json all reports", f"{c2:.2f}"),
        ("A3 expenses report show 1 (100 items)", f"{a3:.2f}"),
        ("C3 sqlite3 report 1 and its items", f"{c3:.2f}"),
    ]:
        print(f"  {name:<40} {value:>10}")
    print(f"  A/C = {a_c} x (target <= {LIST_TARGET_RATIO} x: {verdict})   A/B = {a_b} x")
    print(
        f"  A2/C2 = {a2_c2} x (target <= {LIST_ALL_TARGET_RATIO} x: {verdict_all})"
        f"   A3/C3 = {a3_c3} x (target <= {SHOW_TARGET_RATIO} x: {verdict_show})"
    )

    bench.record("report list (50) / sqlite3 SELECT 50", f"{a_c}x", f"<= {LIST_TARGET_RATIO}x", verdict)
    bench.record("report list (50) / sqlite3 aggregate", f"{a_b}x", "-", "info")
    bench.record("report list (50), mean", f"{a:.2f} ms", "-", "info")
    bench.record(f"report list --all ({reports}), mean", f"{a2:.2f} ms", "-", "info")
    bench.record("report list --all json / sqlite3 -json all", f"{a2_c2}x", f"<= {LIST_ALL_TARGET_RATIO}x", verdict_all)
    bench.record("report show (100 items) / sqlite3 same rows", f"{a3_c3}x", f"<= {SHOW_TARGET_RATIO}x", verdict_show)
    bench.record("report show (100 items), mean", f"{a3:.2f} ms", "-", "info")
