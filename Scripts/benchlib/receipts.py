"""Receipts: how much of what the samples say OCR gets right, and what a capture costs.

Accuracy: each sample of Data/samples/receipts is captured into a fresh database and its
suggestion compared with truth.csv, field by field (merchant without regard to case and spaces,
date, total, currency; the category guess is shown, not counted). Time: `receipt capture` of one
sample with OCR (A) and without (B), each run on a copy of an empty database with an empty vault
(hyperfine --prepare), against the floor of storing a file by its hash: `sha256sum` and `cp` of
the same file (C, in one sh). D is tesseract alone with the app's arguments: how much of A is the
engine."""

import csv
import json
import shutil
import subprocess
from decimal import Decimal

from .bench import Bench
from .errors import die, log
from .run import output, q, quiet, ratio, size

FIELDS = ["merchant", "date", "total", "currency"]


def norm(text: str | None) -> str:
    return " ".join((text or "").lower().split())


def accuracy(truth: dict[str, dict], found: dict[str, dict]) -> tuple[list[str], int, int, str]:
    """The table of samples, the fields right, the fields in all, and the count per field."""
    right = {f: 0 for f in FIELDS}
    categories = 0
    lines = [f"  {'sample':<26} {'merchant':<9} {'date':<5} {'total':<6} {'currency':<9} category (truth)"]
    for name, want in truth.items():
        got = found.get(name) or {}
        total = got.get("total") or {}
        ok = {
            "merchant": norm(got.get("merchant")) == norm(want["merchant"]),
            "date": got.get("date") == want["date"],
            "total": total.get("amount") is not None and Decimal(total["amount"]) == Decimal(want["total"]),
            "currency": total.get("currency") == want["currency"],
        }
        for f in FIELDS:
            right[f] += ok[f]
        categories += got.get("category") == want["category"]
        marks = ["yes" if ok[f] else "NO" for f in FIELDS]
        lines.append(
            f"  {name:<26} {marks[0]:<9} {marks[1]:<5} {marks[2]:<6} {marks[3]:<9} "
            f"{got.get('category') or '-'} ({want['category']})"
        )
    n = len(truth)
    lines.append("  per field: " + ", ".join(f"{f} {right[f]}/{n}" for f in FIELDS) + f"; category guessed {categories}/{n}")
    return lines, sum(right.values()), n * len(FIELDS), ",".join(f"{f}={right[f]}/{n}" for f in FIELDS)


def section_receipts(bench: Bench) -> None:
    log("section: receipts")
    samples, directory = bench.settings.root / "Data/samples/receipts", bench.work / "receipts"
    if not (samples / "truth.csv").is_file():
        die(f"no {samples}/truth.csv")
    if shutil.which("tesseract") is None:
        die("tesseract is missing (Scripts/bootstrap installs it)")
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)

    with open(samples / "truth.csv", newline="") as file:
        truth = {row["file"]: row for row in csv.DictReader(file)}
    found = {}
    for name in truth:
        captured = output(
            bench.expenses("--db", directory / "accuracy.sqlite", "receipt", "capture", samples / name, "--format", "json"),
            f"receipt capture {name}",
        )
        receipt = json.loads(captured)["receipt"]
        found[receipt["originalName"]] = receipt["ocr"]["suggestion"]
    table, fields_right, fields_total, per_field = accuracy(truth, found)

    # Each run captures into a copy of an empty, migrated database (a user's database exists
    # already; creating one is not what capture costs) with an empty vault.
    sample, fresh, template = samples / "hotel-walldorf-de.jpg", directory / "fresh", directory / "template.sqlite"
    quiet(bench.expenses("--db", template, "category", "list"), f"creating {template}")
    # In an sh of its own: hyperfine -N runs commands without a shell, so `&&` would reach rm.
    prepare = ["sh", "-c", f"rm -rf {q(fresh)} && mkdir -p {q(fresh)} && cp {q(template)} {q(fresh / 'e.sqlite')}"]
    database = fresh / "e.sqlite"
    fast = bench.compare(
        "receipts-capture.json",
        [
            ("B expenses receipt capture --no-ocr", bench.expenses("--db", database, "receipt", "capture", sample, "--no-ocr")),
            ("C sha256sum + cp", ["sh", "-c", f"sha256sum {q(sample)} >/dev/null && cp {q(sample)} {q(fresh / 'copy')}"]),
        ],
        prepare=prepare,
    )
    slow = bench.compare(
        "receipts-ocr.json",
        [
            ("A expenses receipt capture (OCR)", bench.expenses("--db", database, "receipt", "capture", sample)),
            ("D tesseract alone", ["env", "OMP_THREAD_LIMIT=1", "tesseract", str(sample), "stdout", "--psm", "6", "-l", "eng+deu"]),
        ],
        prepare=prepare,
        runs=min(bench.settings.min_runs, 10),
    )
    a, d = slow["A expenses receipt capture (OCR)"], slow["D tesseract alone"]
    b, c = fast["B expenses receipt capture --no-ocr"], fast["C sha256sum + cp"]
    percent = f"{100 * fields_right / fields_total:.1f}"
    version = subprocess.run(["tesseract", "--version"], capture_output=True, text=True)
    version = (version.stdout + version.stderr).splitlines()[0]

    print()
    print(f"Receipts: OCR accuracy on {len(truth)} samples (Data/samples/receipts, {version})")
    print("\n".join(table))
    print(f"  fields right: {fields_right} / {fields_total} ({percent} %)")
    print()
    print(f"Receipts: capture time ({sample.name}, {size(sample)}, an empty database and vault each run)")
    print(f"  {'command':<40} {'mean ms':>10}")
    print(f"  {'A  receipt capture (with OCR)':<40} {a:>10.2f}")
    print(f"  {'B  receipt capture --no-ocr':<40} {b:>10.2f}")
    print(f"  {'C  sha256sum + cp (in sh)':<40} {c:>10.2f}")
    print(f"  {'D  tesseract alone':<40} {d:>10.2f}")
    print(f"  B/C = {ratio(b, c)} x   A/D = {ratio(a, d)} x")

    bench.record("receipts: OCR fields right", f"{fields_right}/{fields_total} ({percent} %)", "-", "info")
    bench.record("receipts: OCR per field", per_field, "-", "info")
    bench.record("receipt capture --no-ocr / sha256sum+cp", f"{ratio(b, c)}x", "-", "info")
    bench.record("receipt capture with OCR / tesseract alone", f"{ratio(a, d)}x", "-", "info")
    bench.record("receipt capture with OCR, mean", f"{a:.2f} ms", "-", "info")
    bench.record("receipt capture --no-ocr, mean", f"{b:.2f} ms", "-", "info")
