import ExpenseTestSupport
import Foundation
import XCTest

/// How capture uses what tesseract says of each word, checked with stand-ins for tesseract,
/// ImageMagick's convert and poppler's programs that print fixed readings, so that each rule is
/// seen on its own (the corpus, Scripts/corpus, measures them on real receipts): a line OCR could
/// hardly read is no merchant, a date is read again closer, and a PDF's seller that is only a
/// picture is read off the page drawn.
extension ReceiptOCRTests {
    /// A TSV row of a word: its line (block 1, paragraph 1), its box and confidence.
    private func word(_ line: Int, _ number: Int, _ text: String, confidence: Double, left: Int = 10, top: Int? = nil) -> String {
        "5\t1\t1\t1\t\(line)\t\(number)\t\(left)\t\(top ?? line * 40)\t120\t30\t\(confidence)\t\(text)"
    }

    /// Stand-ins on PATH: tesseract printing `page` as its TSV, and `closer` (by page segmentation
    /// mode) for a word read again; convert and pdftoppm writing their output files, recording
    /// their arguments; pdftotext printing `pdfText`.
    private func standIns(page: [String], closer: [String: String] = [:], pdfText: String = "") throws {
        let bin = app.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
        try ([header] + page).joined(separator: "\n").write(toFile: bin + "/page.tsv", atomically: true, encoding: .utf8)
        for (mode, text) in closer { try text.write(toFile: bin + "/closer-\(mode)", atomically: true, encoding: .utf8) }
        try pdfText.write(toFile: bin + "/pdf.txt", atomically: true, encoding: .utf8)
        let scripts = [
            "tesseract": """
            here=$(dirname "$0")
            case "$*" in
              *--list-langs*) printf 'List of available languages in "/x/" (2):\\neng\\ndeu\\n' ;;
              *" tsv") cat "$here/page.tsv" ;;
              *"--psm 7"*) cat "$here/closer-7" 2>/dev/null ;;
              *"--psm 8"*) cat "$here/closer-8" 2>/dev/null ;;
            esac
            """,
            "convert": #"echo "$*" >> "$(dirname "$0")/convert-args"; for last; do :; done; : > "$last""#,
            "pdftoppm": #"for last; do :; done; : > "$last.png""#,
            "pdftotext": #"cat "$(dirname "$0")/pdf.txt""#,
        ]
        for (name, body) in scripts {
            let path = bin + "/" + name
            try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        app.environment["PATH"] = bin + ":/usr/bin:/bin"
    }

    private func suggestion(_ file: String) throws -> [String: Any] {
        let json = try app.object("receipt", "capture", file, "--no-match")
        let ocr = try XCTUnwrap((json["receipt"] as? [String: Any])?["ocr"] as? [String: Any])
        XCTAssertEqual(ocr["status"] as? String, "done", "\(ocr)")
        return try XCTUnwrap(ocr["suggestion"] as? [String: Any])
    }

    /// The date word cut out (its box with half its height around it) and read alone twice:
    /// when both readings agree on another date, it stands; when they disagree, the page's does.
    func testADateIsReadAgainCloser() throws {
        let page = [
            word(1, 1, "Thalia", confidence: 91), word(2, 1, "Datum", confidence: 90),
            word(2, 2, "16.05.2020", confidence: 61, left: 300, top: 500), word(3, 1, "Summe", confidence: 92),
            word(3, 2, "49,90", confidence: 93),
        ]
        try standIns(page: page, closer: ["7": "06.05.2020\n", "8": "06.05.2020.\n"])
        XCTAssertEqual(try suggestion(ReceiptSamples.path("taxi-berlin-de.png"))["date"] as? String, "2020-05-06")
        let crop = try String(contentsOfFile: app.path("bin/convert-args"), encoding: .utf8)
        XCTAssertTrue(crop.contains(" -crop 150x60+285+485 +repage "), crop)

        try standIns(page: page, closer: ["7": "26.05.2020\n", "8": "28.05.2020\n"])
        XCTAssertEqual(try suggestion(ReceiptSamples.path("taxi-zurich-ch.png"))["date"] as? String, "2020-05-16", "they disagree")
        try standIns(page: page, closer: ["7": "Datum\n", "8": "Datum\n"])
        XCTAssertEqual(try suggestion(ReceiptSamples.path("kiosk-munich-de.jpg"))["date"] as? String, "2020-05-16", "no date")
    }

    /// A line tesseract could hardly read (60 on average, of 100) is no merchant's name.
    func testALineTesseractCouldHardlyReadIsNoMerchant() throws {
        try standIns(page: [
            word(1, 1, "Fad", confidence: 40), word(1, 2, "lunbeLd", confidence: 12), word(1, 3, "nell", confidence: 48),
            word(2, 1, "Pohlweg", confidence: 87), word(2, 2, "110", confidence: 88), word(3, 1, "SUMME", confidence: 95),
            word(3, 2, "24,23", confidence: 95), word(4, 1, "Aldi", confidence: 93), word(4, 2, "GmbH", confidence: 94),
            word(4, 3, "&", confidence: 90), word(4, 4, "Co.", confidence: 90), word(4, 5, "KG", confidence: 91),
        ])
        XCTAssertEqual(try suggestion(ReceiptSamples.path("taxi-berlin-de.png"))["merchant"] as? String, "Aldi")
    }

    /// A PDF whose text names no seller (it is a logo): the first page drawn and read by
    /// tesseract names it, and the note says so.
    func testAPDFsSellerThatIsOnlyAPictureIsReadOffThePage() throws {
        try standIns(
            page: [word(1, 1, "Saeco", confidence: 88), word(2, 1, "Factuuradres", confidence: 92)],
            pdfText: "           Factuuradres\n           Strategic Corp\n Kopie factuur\n Factuur totaal EUR        49,99\n")
        let pdf = app.path("invoice.pdf")
        try Data("%PDF-1.4\n%%EOF\n".utf8).write(to: URL(fileURLWithPath: pdf))
        let json = try app.object("receipt", "capture", pdf, "--no-match")
        let ocr = try XCTUnwrap((json["receipt"] as? [String: Any])?["ocr"] as? [String: Any])
        XCTAssertEqual((ocr["suggestion"] as? [String: Any])?["merchant"] as? String, "Saeco")
        XCTAssertEqual(ocr["note"] as? String, "pdftotext; the merchant, a picture in the PDF, read by tesseract")
    }
}
