import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ExportTests` that need no process of their own: run in this one, fast.
extension ExportTests {

    func testCSVAndJSON() throws {
        let csv = try app.ok("report", "export", "1", "--format", "csv")
        XCTAssertTrue(
            csv.hasPrefix(
                "id,reportId,date,category,merchant,description,reference,paidBy,amount,amountCurrency,"
                    + "rate,rateDecimal,converted,convertedCurrency,distanceKm,vehicle,fromPlace,toPlace,nights,"
                    + "vat,vatTax,vatTaxCurrency,vatNet,vatNetCurrency\r\n"), csv)
        XCTAssertTrue(csv.contains("2,1,2026-03-03,meals,Bahnhof Buffet,,,company,38.50,CHF,1.0412,1.0412,40.09,EUR,,,,,,,,,,\r\n"), csv)
        let json =
            try JSONSerialization.jsonObject(with: Data(try app.ok("report", "export", "1", "--format", "json").utf8)) as? [String: Any]
        XCTAssertEqual((json?["totals"] as? [String: Any])?["total"] as? [String: String], ["amount": "464.89", "currency": "EUR"])
    }

    func testOutputFileIsWrittenWholeOrNotAtAll() throws {
        let path = app.path("out.csv")
        XCTAssertEqual(try app.ok("report", "export", "1", "--format", "csv", "-o", path), "Exported report 1 to \(path)\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), try app.ok("report", "export", "1", "--format", "csv"))
        let missing = try app.run("report", "export", "1", "--format", "csv", "-o", app.path("no/dir/out.csv"))
        XCTAssertEqual(missing.status, 73)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.directory.path).filter { $0.contains(".tmp-") }, [])
    }

    func testHTMLIsSelfContainedAndEscaped() throws {
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-05", "--amount", "9", "--category", "meals",
            "--merchant", "<script>alert(1)</script> & Co")
        let html = try app.ok("report", "export", "1", "--format", "html")
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"))
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "nothing is fetched from elsewhere")
        for part in [
            "Traveller", "alice", "Workshop prep", "Walldorf, DE", "2026-03-02 to 2026-03-06", "Total in EUR",
            "Due to the employee", "Paid by the company", "Policy notes", "Approval history", "Certified honest",
        ] {
            XCTAssertTrue(html.contains(part), part)
        }
    }

    func testHTMLRendersInABrowser() throws {
        try app.ok("policy", "set", "missing-receipt", "warning")
        try app.ok("report", "submit", "1")
        try app.ok("--user", "bob", "report", "approve", "1", "--note", "Thanks")
        let html = app.path("report.html")
        let pdf = app.path("report.pdf")
        try app.ok("report", "export", "1", "--format", "html", "-o", html)
        let pages = try Browser.printToPDF(html: html, pdf: pdf)
        XCTAssertEqual(pages, 1, "one page for a three-item report without receipts")
        let text = try Browser.run("/usr/bin/pdftotext", pdf, "-")
        for part in ["Expense report 1: Walldorf customer workshop", "464.89 EUR", "Hotel Astoria", "approve"] {
            XCTAssertTrue(text.contains(part), "\(part) missing from the rendered page:\n\(text)")
        }
        XCTAssertGreaterThan(try Browser.inkedFraction(pdf: pdf, page: 1), 0.01, "the page came out blank")
    }

    // MARK: - The format from the file's name, and PDF

    func testTheOutputFilesExtensionNamesTheFormat() throws {
        try app.ok("report", "export", "1", "-o", app.path("trip.html"))
        XCTAssertTrue(try String(contentsOfFile: app.path("trip.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        try app.ok("report", "export", "1", "-o", app.path("trip.HTM"))
        XCTAssertTrue(try String(contentsOfFile: app.path("trip.HTM"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        try app.ok("report", "export", "1", "-o", app.path("items.csv"))
        XCTAssertEqual(
            try String(contentsOfFile: app.path("items.csv"), encoding: .utf8), try app.ok("report", "export", "1", "--format", "csv"))
        try app.ok("report", "export", "1", "-o", app.path("report.json"))
        XCTAssertEqual(
            try String(contentsOfFile: app.path("report.json"), encoding: .utf8), try app.ok("report", "export", "1", "--format", "json"))
        // An explicit --format wins over the name.
        try app.ok("report", "export", "1", "--format", "csv", "-o", app.path("odd.html"))
        XCTAssertTrue(try String(contentsOfFile: app.path("odd.html"), encoding: .utf8).hasPrefix("id,reportId,"))
        // -o - is stdout.
        XCTAssertTrue(try app.ok("report", "export", "1", "--format", "html", "-o", "-").hasPrefix("<!DOCTYPE html>"))
    }

    func testAFormatThatCannotBeToldIsAUsageError() throws {
        let unknown = try app.run("report", "export", "1", "-o", app.path("trip.txt"))
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(
            unknown.stderr.hasPrefix(
                "expenses: error: cannot tell the format from the name '\(app.path("trip.txt"))': "
                    + "give '--format <format>', one of 'csv', 'json', 'html' or 'pdf'"), unknown.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("trip.txt")))
        for arguments in [["report", "export", "1"], ["report", "export", "1", "-o", "-"]] {
            let missing = try app.run(arguments)
            XCTAssertEqual(missing.status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(
                missing.stderr.hasPrefix(
                    "expenses: error: missing argument '--format <format>': give one of "
                        + "'csv', 'json', 'html' or 'pdf', or an --output file named for it\n"), missing.stderr)
        }
    }

    func testPDFHoldsTheReportsTitleItemsAndTotals() throws {
        let pdf = app.path("walldorf.pdf")
        XCTAssertEqual(try app.ok("report", "export", "1", "-o", pdf), "Exported report 1 to \(pdf)\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
        XCTAssertTrue(bytes.starts(with: Data("%PDF-".utf8)))
        let mode = try FileManager.default.attributesOfItem(atPath: pdf)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "readable by you only, as every export")
        let text = try Browser.run("/usr/bin/pdftotext", "-layout", pdf, "-")
        for part in [
            "Expense report 1: Walldorf customer workshop", "Hotel Astoria", "Bahnhof Buffet", "412.80", "38.50 CHF",
            "Total in EUR", "464.89 EUR", "Due to the employee", "Paid by the company",
        ] {
            XCTAssertTrue(text.contains(part), "\(part) missing from the PDF:\n\(text)")
        }
        // As every output file: not replaced without --force, whole with it; no temporary file left.
        XCTAssertEqual(try app.run("report", "export", "1", "-o", pdf).status, 73)
        try app.ok("report", "export", "1", "--format", "pdf", "-o", pdf, "--force")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.directory.path).filter { $0.contains(".tmp-") }, [])
    }

    func testPDFWithoutChromiumIsUnavailableAndSaysHowToGetIt() throws {
        // A PATH without a browser on it (expenses needs no other program).
        let bin = app.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        app.environment["PATH"] = bin
        let result = try app.run("report", "export", "1", "-o", app.path("trip.pdf"))
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: a PDF is printed with Chromium, and there is none on PATH (chromium, chromium-browser, google-chrome)
            hint: install it (apt-get install chromium), or export --format html and print that from a browser

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("trip.pdf")))
    }
}
