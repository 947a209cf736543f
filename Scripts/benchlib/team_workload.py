"""The team section's workload: TeamWorkloadTests drives the store in process (the test bundle's
debug build: the server does the work) with 16 clients, then again beside a member's session
left idle in a transaction after a workflow step (issue 40); pgbench's TPC-B-like run, 16 clients as
long, is what the same server does with transactions of its own choosing."""

import os
import re
import subprocess

from .bench import Bench
from .errors import die, log
from .team_cluster import Cluster


def team_workload(bench: Bench, cluster: Cluster) -> None:
    seconds, root, work = bench.settings.team_seconds, bench.settings.root, bench.work
    log(f"16-client workload for {seconds} s (TeamWorkloadTests), then pgbench for as long")
    build_log, out = work / "team-build.log", work / "team-workload.log"
    if not bench.settings.tests_built:
        with open(build_log, "w") as log_file:
            if subprocess.run(["swift", "build", "--build-tests"], cwd=root, stdout=log_file, stderr=subprocess.STDOUT).returncode:
                die(f"building the tests failed (log: {build_log})")
    environment = dict(os.environ, EXPENSES_WORKLOAD_SECONDS=str(seconds))
    with open(out, "w") as log_file:
        test = ["swift", "test", "--skip-build", "--filter", "TeamWorkloadTests"]
        if bench.settings.tests_built:
            test.append("--ignore-lock")  # nothing is built: another swift test may run beside it
        if subprocess.run(test, cwd=root, env=environment, stdout=log_file, stderr=subprocess.STDOUT).returncode:
            die(f"the workload test failed (log: {out})")
    found = re.search(r"TEAM-WORKLOAD: .*", out.read_text())
    if not found:
        die(f"the workload test printed no figures (log: {out})")
    workload = found.group(0)
    # The same sixteen beside a member's session idle in a transaction after a workflow step,
    # meant to hold the audit chain's end for the whole run (TeamWorkloadTests' second test).
    held = re.search(r"TEAM-WORKLOAD-IDLE: .*", out.read_text())
    if not held or "completed=yes" not in held.group(0):
        die(f"the workload beside an idle session printed no figures or did not complete (log: {out})")
    idle = held.group(0)

    cluster.run("-U", "postgres", "-d", "postgres", "-c", "DROP DATABASE IF EXISTS pgbench", "-c", "CREATE DATABASE pgbench",
                what="creating pgbench's database")
    host, scale = str(cluster.directory), str(bench.settings.pgbench_scale)
    initialize = ["pgbench", "-h", host, "-U", "postgres", "-i", "-s", scale, "-q", "pgbench"]
    if subprocess.run(initialize, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
        die("pgbench -i failed")
    run = subprocess.run(["pgbench", "-h", host, "-U", "postgres", "-c", "16", "-j", "2", "-T", str(seconds), "-r", "pgbench"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if run.returncode:
        die("pgbench failed")
    tps = re.search(r"^tps = ([0-9.]+)", run.stdout, re.MULTILINE)
    latency = re.search(r"^latency average = (\S+)", run.stdout, re.MULTILINE)
    tps_text = f"{float(tps.group(1)):.1f}" if tps else ""
    latency_text = latency.group(1) if latency else ""

    def figure(name: str, line: str = workload) -> str:
        value = re.search(rf"{name}=([0-9.]+|yes|no)", line)
        return value.group(1) if value else ""

    print()
    print(f"Team database: 16 clients, mixed workflow work for {seconds} s")
    print(f"  {workload.removeprefix('TEAM-WORKLOAD: ')}")
    print(f"Team database: the same, beside one member's session idle in a transaction after a workflow step")
    print(f"  {idle.removeprefix('TEAM-WORKLOAD-IDLE: ')}")
    print(f"  pgbench TPC-B-like, 16 clients, {seconds} s: {tps_text} tps, latency average {latency_text} ms")
    bench.record(f"team: 16 clients, operations/s (pgbench tps: {tps_text})", figure("per_second"), "-", "info")
    bench.record("team: 16 clients, p50 / p99", f"{figure('p50_ms')} / {figure('p99_ms')} ms", "-", "info")
    bench.record("team: 16 clients, retries", figure("retries"), "-", "info")
    bench.record("team: 16 clients beside an idle session, operations/s", figure("per_second", idle), "-", "info")
    bench.record("team: 16 clients beside an idle session, p50 / p99 / max",
                 f"{figure('p50_ms', idle)} / {figure('p99_ms', idle)} / {figure('max_ms', idle)} ms", "-", "info")
    bench.record("team: 16 clients beside an idle session, retries", figure("retries", idle), "-", "info")
    bench.record("team: the idle session open for the whole run", figure("idle_session_open_throughout", idle) or "no", "-", "info")
