"""Hand-over to an open session: a REPL waits at its prompt on a pseudo-terminal, on a copy of the
bench database (the session and its launches are written to it); each run starts `expenses
--shortcut com.sap.example.showReports` on a terminal of its own, through script(1), as a
launcher's terminal window starts it, and times from that start to the report list and the prompt
after it on the open session's screen, no key pressed. The median of BENCH_HANDOVER_RUNS runs is
the figure, after two untimed ones (see handover_session). B, for the ratio: the same quick action
one-shot without a terminal, as hyperfine times it, i.e. what showing the list costs when no
session takes it."""

import shutil
from pathlib import Path

from .bench import Bench
from .errors import log
from .handover_session import SHOW_REPORTS, measure
from .run import at_most, ratio
from .settings import HANDOVER_TARGET_MS


def section_handover(bench: Bench) -> None:
    log("section: hand-over to an open session")
    directory = bench.work / "handover"
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    copy = directory / "bench.sqlite"
    shutil.copyfile(bench.database, copy)
    wal = Path(f"{bench.database}-wal")
    if wal.exists():
        shutil.copyfile(wal, Path(f"{copy}-wal"))

    runs = bench.settings.handover_runs
    times = measure(bench.binary, copy, runs, directory / "history")
    median, p90 = f"{times.median:.0f}", f"{times.p90:.0f}"
    fastest, slowest, handed = f"{times.fastest:.0f}", f"{times.slowest:.0f}", f"{times.handed:.0f}"

    name = "B expenses --shortcut showReports, no terminal"
    b = bench.compare("handover.json", [(name, bench.expenses("--db", copy, "--shortcut", SHOW_REPORTS))])[name]
    verdict = bench.verdict(at_most(median, HANDOVER_TARGET_MS))

    print()
    print(f"Hand-over of showReports to a session open on the bench database ({runs} launches on a terminal)")
    for label, value in [
        ("from starting the launch", "ms"),
        ("to the list on the open session's screen, median", median),
        ("  90th percentile", p90),
        ("  fastest / slowest", f"{fastest} / {slowest}"),
        ("to the launch's exit (taken by the session), median", handed),
        ("B  the same one-shot without a terminal, mean", f"{b:.2f}"),
    ]:
        print(f"  {label:<52} {value:>10}")
    print(f"  median = {median} ms (target <= {HANDOVER_TARGET_MS} ms: {verdict})   median/B = {ratio(float(median), b)} x")

    bench.record("hand-over: launch to list on the session, median", f"{median} ms", f"<= {HANDOVER_TARGET_MS} ms", verdict)
    bench.record("hand-over median / one-shot without a terminal", f"{ratio(float(median), b)}x", "-", "info")
    bench.record("hand-over: launch to its exit, median", f"{handed} ms", "-", "info")
    shutil.rmtree(directory)  # the copy is as large as the bench database
