"""Start-up: the fixed cost every one-shot command and shortcut pays before doing any work."""

from .bench import Bench
from .errors import log
from .run import ratio


def section_startup(bench: Bench) -> None:
    log("section: start-up")
    m = bench.compare(
        "startup.json",
        [("expenses --version", bench.expenses("--version")), ("sqlite3 -version", ["sqlite3", "-version"])],
    )
    app, ref = m["expenses --version"], m["sqlite3 -version"]
    print()
    print("Start-up")
    print(f"  {'expenses --version':<40} {app:>10.2f}")
    print(f"  {'sqlite3 -version':<40} {ref:>10.2f}")
    print(f"  ratio = {ratio(app, ref)} x")
    bench.record("start-up: expenses --version / sqlite3 -version", f"{ratio(app, ref)}x", "-", "info")
    bench.record("start-up: expenses --version, mean", f"{app:.2f} ms", "-", "info")
