"""Receipt matching at scale (issue 30): what matching adds to an import and to a capture.

Import: the card statement of BENCH_IMPORT_ROWS rows (1,000,000) imported into a copy of the
import section's template (a EUR report, the ECB rates) with no receipt (A), and into the same
with 1,000 unattached receipts (R) whose readings are a thousandth of the statement's lines (total,
currency, day, merchant: what OCR would read from their paper receipts), so that the import
matches every one of them to its new line, attaches it and logs it. Goal R/A <= 1.1.

Capture: `receipt capture` of a PDF receipt with a text layer (pdftotext reads it, no OCR noise)
into the bench's database of 1,000,000 items (the listing section's), its total and day those of
an item of a draft report there, so that the capture looks candidates up and attaches to one
(B), against the same capture into an empty database (E). A fresh copy of each database before
every run, written out (`sync`) before it is timed, so that no run waits for the copy's writeback.
Goal: B within 10 ms of E."""

import json
import shutil
from pathlib import Path

from .bench import Bench
from .errors import die, log
from .import_files import import_fixtures, shape_csv
from .import_shapes import CARD
from .run import output, q, quiet, ratio, remove_database, sqlite

MATCHING_TARGET_IMPORT_RATIO = 1.1  # an import with 1,000 unattached receipts vs with none
MATCHING_TARGET_CAPTURE_MS = 10  # receipt capture on 1,000,000 items minus on an empty database
RECEIPTS = 1000


def receipt_pdf(path: Path, lines: list[str]) -> None:
    """A one-page PDF 1.4 with LINES in Helvetica: a receipt with a text layer, as e-mails bring."""
    text = "BT /F1 11 Tf 14 TL 60 760 Td " + " ".join(f"({line}) '" for line in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        f"<< /Length {len(text)} >>\nstream\n{text}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    body, offsets = b"%PDF-1.4\n", []
    for number, obj in enumerate(objects, 1):
        offsets.append(len(body))
        body += f"{number} 0 obj\n{obj}\nendobj\n".encode()
    xref = len(body)
    body += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    body += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    body += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(body)


def with_receipts(template: Path, imported: Path, target: Path) -> None:
    """TEMPLATE with RECEIPTS unattached receipts read from every thousandth line of IMPORTED."""
    shutil.copyfile(template, target)
    every = max(1, int(sqlite(imported, "SELECT count(*) FROM expenses")) // RECEIPTS)
    sqlite(
        target,
        f"""ATTACH '{imported}' AS i;
        INSERT INTO receipts (sha256, media_type, size, original_name, source, captured_at, ocr_status, ocr_note, ocr_text,
                              suggested_merchant, suggested_date, suggested_amount, suggested_currency)
        SELECT printf('%064x', id), 'image/jpeg', 1000, 'receipt-' || id || '.jpg', 'file', '2026-01-01T00:00:00Z', 'done',
               'bench', '', merchant, date, printf('%d.%02d', amount_minor / 100, amount_minor % 100), currency
        FROM i.expenses WHERE id % {every} = 0 AND amount_minor > 0 ORDER BY id LIMIT {RECEIPTS};""",
    )


def section_matching(bench: Bench) -> None:
    log("section: matching")
    if shutil.which("pdftotext") is None:
        die("pdftotext is missing (Scripts/bootstrap installs poppler-utils)")
    directory = bench.work / "matching"
    import_fixtures(bench, directory)
    rows = bench.settings.import_rows
    csv, rules = shape_csv(bench, CARD, rows), directory / "card.rules"
    rules.write_text(CARD.rules(bench.settings.root) + "\n")
    template, plain, receipts = directory / "template.sqlite", directory / "plain.sqlite", directory / "receipts.sqlite"
    fresh, fresh_receipts = directory / "fresh.sqlite", directory / "fresh-receipts.sqlite"

    # The receipts' readings come from the lines the import makes: one import first, untimed.
    remove_database(plain)
    shutil.copyfile(template, plain)
    quiet(bench.expenses("--db", plain, "import", csv, "--rules", rules, "--report", "1"), "the card import")
    with_receipts(template, plain, receipts)
    prepare = ["bash", "-c", " && ".join(
        [f"rm -f {q(fresh)}* {q(fresh_receipts)}*", f"cp {q(template)} {q(fresh)}", f"cp {q(receipts)} {q(fresh_receipts)}", "sync"])]
    imports = bench.compare(
        "matching-import.json",
        [
            ("A import, no receipt", bench.expenses("--db", fresh, "import", csv, "--rules", rules, "--report", "1")),
            (f"R import, {RECEIPTS} unattached receipts",
             bench.expenses("--db", fresh_receipts, "import", csv, "--rules", rules, "--report", "1")),
        ],
        prepare=prepare,
        runs=bench.settings.import_runs,
        warmup=0,
    )
    quiet(prepare, "copying the databases")
    result = json.loads(output(
        bench.expenses("--db", fresh_receipts, "import", csv, "--rules", rules, "--report", "1", "--format", "json"), "import"))
    attached = result["receiptsAttached"]
    a, r = imports["A import, no receipt"], imports[f"R import, {RECEIPTS} unattached receipts"]

    # Capture: a receipt for an item of a draft report of the big database.
    big = bench.database
    found = sqlite(
        big,
        "SELECT e.amount_minor, e.date, e.merchant FROM expenses e JOIN reports r ON r.id = e.report_id"
        " WHERE r.status = 'draft' ORDER BY e.id LIMIT 1"
        " OFFSET (SELECT count(*) / 2 FROM expenses x JOIN reports y ON y.id = x.report_id WHERE y.status = 'draft')",
    ).split("|")
    minor, day, merchant = int(found[0]), found[1], found[2]
    pdf = directory / "receipt.pdf"
    receipt_pdf(pdf, [merchant.upper(), f"Date {day}", "Coffee 1", f"TOTAL EUR {minor // 100}.{minor % 100:02d}"])
    empty, big_copy, small_copy = directory / "empty.sqlite", directory / "big.sqlite", directory / "small.sqlite"
    remove_database(empty)
    quiet(bench.expenses("--db", empty, "report", "new", "Empty", "--currency", "EUR"), "report new")
    copies = ["bash", "-c", " && ".join(
        [f"rm -rf {q(big_copy)}* {q(small_copy)}* {q(directory / 'big.receipts')} {q(directory / 'small.receipts')}",
         f"cp {q(big)} {q(big_copy)}", f"cp {q(empty)} {q(small_copy)}", "sync"])]
    captures = bench.compare(
        "matching-capture.json",
        [
            ("E capture, empty database", bench.expenses("--db", small_copy, "receipt", "capture", pdf)),
            ("B capture, 1,000,000 items", bench.expenses("--db", big_copy, "receipt", "capture", pdf)),
        ],
        prepare=copies,
        runs=min(bench.settings.min_runs, 10),
    )
    quiet(copies, "copying the databases")
    said = output(bench.expenses("--db", big_copy, "receipt", "capture", pdf), "receipt capture")
    if "Attached to expense" not in said:
        die(f"the bench's receipt matched no item of the big database:\n{said}")
    e, b = captures["E capture, empty database"], captures["B capture, 1,000,000 items"]

    print()
    print(f"Matching: a {rows:,}-row card import with and without {RECEIPTS} unattached receipts ({attached} attached)")
    print(f"  {'A  import, no receipt':<44} {a:>10.1f} ms")
    print(f"  {'R  import, ' + str(RECEIPTS) + ' unattached receipts':<44} {r:>10.1f} ms")
    print(f"  R/A = {ratio(r, a)} x (target <= {MATCHING_TARGET_IMPORT_RATIO} x)")
    print(f"Matching: receipt capture of a PDF receipt (pdftotext), matched and attached on the big database")
    print(f"  {'E  capture, empty database':<44} {e:>10.2f} ms")
    print(f"  {'B  capture, 1,000,000 items':<44} {b:>10.2f} ms")
    print(f"  B - E = {b - e:.2f} ms (target within {MATCHING_TARGET_CAPTURE_MS} ms)")
    bench.record(f"import with {RECEIPTS} unattached receipts / none", f"{ratio(r, a)}x",
                 f"<= {MATCHING_TARGET_IMPORT_RATIO}x", bench.verdict(r / a <= MATCHING_TARGET_IMPORT_RATIO))
    bench.record("import: receipts attached to their lines", f"{attached}/{RECEIPTS}", "-", "info")
    bench.record("receipt capture on 1,000,000 items - on empty", f"{b - e:.2f} ms",
                 f"<= {MATCHING_TARGET_CAPTURE_MS} ms", bench.verdict(b - e <= MATCHING_TARGET_CAPTURE_MS))
