"""Quick action, one-shot: `expenses --shortcut com.sap.example.showReports` as a launcher or a
script runs it without a terminal (stdin and stdout not a tty: no session opens, nothing is handed
over), on the bench database. A0 is the `report list` it resolves to, so what resolving the quick
action adds shows; C is the floor of listing's C: sqlite3 starting and reading 50 rows."""

from .bench import Bench
from .errors import die, log
from .listing import FIFTY_ROWS, differences
from .run import at_most, output, ratio
from .settings import SHORTCUT_TARGET_RATIO

SHOW_REPORTS = "com.sap.example.showReports"


# As the reports' traveller, for whom nothing waits: Show Reports is her report list (for an
# approver with reports to decide it is the inbox).
AS_TRAVELLER = ["env", "EXPENSES_USER=bench"]


def section_shortcut(bench: Bench) -> None:
    log("section: quick action one-shot")
    db = bench.database
    # Sanity before timing: the same list as the command it stands for, and no session started.
    via_shortcut = output([*AS_TRAVELLER, *bench.expenses("--db", db, "--shortcut", SHOW_REPORTS)], "--shortcut showReports")
    via_command = output([*AS_TRAVELLER, *bench.expenses("--db", db, "report", "list")], "report list")
    if via_shortcut != via_command:
        die(f"--shortcut showReports printed another list than report list:\n{differences(via_shortcut, via_command)}")

    m = bench.compare(
        "shortcut.json",
        [
            ("A expenses --shortcut showReports", [*AS_TRAVELLER, *bench.expenses("--db", db, "--shortcut", SHOW_REPORTS)]),
            ("A0 expenses report list", [*AS_TRAVELLER, *bench.expenses("--db", db, "report", "list")]),
            ("C sqlite3 50 rows", ["sqlite3", str(db), FIFTY_ROWS]),
        ],
    )
    a, a0, c = m["A expenses --shortcut showReports"], m["A0 expenses report list"], m["C sqlite3 50 rows"]
    a_c = ratio(a, c)
    verdict = bench.verdict(at_most(a_c, SHORTCUT_TARGET_RATIO))

    print()
    print(
        f"Quick action showReports, one-shot without a terminal "
        f"({bench.settings.reports} reports, {bench.settings.expenses} expenses)"
    )
    print(f"  {'command':<40} {'mean ms':>10}")
    print(f"  {'A  expenses --shortcut ...showReports':<40} {a:>10.2f}")
    print(f"  {'A0 expenses report list (table)':<40} {a0:>10.2f}")
    print(f"  {'C  sqlite3 SELECT id, title LIMIT 50':<40} {c:>10.2f}")
    print(f"  A/C = {a_c} x (target <= {SHORTCUT_TARGET_RATIO} x: {verdict})   A/A0 = {ratio(a, a0)} x")

    bench.record("--shortcut showReports / sqlite3 SELECT 50", f"{a_c}x", f"<= {SHORTCUT_TARGET_RATIO}x", verdict)
    bench.record("--shortcut showReports / report list", f"{ratio(a, a0)}x", "-", "info")
    bench.record("--shortcut showReports, mean", f"{a:.2f} ms", "-", "info")
