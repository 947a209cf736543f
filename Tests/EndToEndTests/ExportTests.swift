import Foundation
import XCTest

/// `report export`: CSV, JSON, and the printable HTML checked in a real browser (headless
/// Chromium, installed by Scripts/bootstrap) by printing it to PDF.
final class ExportTests: XCTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        try app.walldorfTrip()
    }

    override func tearDown() { app = nil }

    func testCSVAndJSON() throws {
        let csv = try app.ok("report", "export", "1", "--format", "csv")
        XCTAssertTrue(csv.hasPrefix("id,reportId,date,category,merchant,description,reference,paidBy,amount,amountCurrency,"
                                    + "rate,rateDecimal,converted,convertedCurrency\r\n"), csv)
        XCTAssertTrue(csv.contains("2,1,2026-03-03,meals,Bahnhof Buffet,,,company,38.50,CHF,1.0412,1.0412,40.09,EUR\r\n"), csv)
        let json = try JSONSerialization.jsonObject(with: Data(try app.ok("report", "export", "1", "--format", "json").utf8)) as? [String: Any]
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
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-05", "--amount", "9", "--category", "meals",
                   "--merchant", "<script>alert(1)</script> & Co")
        let html = try app.ok("report", "export", "1", "--format", "html")
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"))
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "nothing is fetched from elsewhere")
        for part in ["Traveller", "alice", "Workshop prep", "Walldorf, DE", "2026-03-02 to 2026-03-06", "Total in EUR",
                     "Due to the employee", "Paid by the company", "Policy notes", "Approval history", "Certified honest"] {
            XCTAssertTrue(html.contains(part), part)
        }
    }

    func testHTMLRendersInABrowser() throws {
        try app.ok("policy", "set", "missing-receipt", "warning")
        try app.ok("report", "submit", "1")
        try app.ok("--user", "bob", "report", "approve", "1", "--note", "Thanks")
        let html = app.path("report.html"), pdf = app.path("report.pdf")
        try app.ok("report", "export", "1", "--format", "html", "-o", html)
        let pages = try Browser.printToPDF(html: html, pdf: pdf)
        XCTAssertEqual(pages, 1, "one page for a three-item report without receipts")
        let text = try Browser.run("/usr/bin/pdftotext", pdf, "-")
        for part in ["Expense report 1: Walldorf customer workshop", "464.89 EUR", "Hotel Astoria", "approve"] {
            XCTAssertTrue(text.contains(part), "\(part) missing from the rendered page:\n\(text)")
        }
        XCTAssertGreaterThan(try Browser.inkedFraction(pdf: pdf, page: 1), 0.01, "the page came out blank")
    }
}

/// Headless Chromium and poppler, as a reader's browser and printer.
enum Browser {
    static func printToPDF(html: String, pdf: String) throws -> Int {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else {
            XCTFail("chromium is missing: Scripts/bootstrap installs it")
            return 0
        }
        _ = try run(chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--user-data-dir=" + NSTemporaryDirectory() + "/chromium-\(UUID().uuidString)",
                    "--print-to-pdf=" + pdf, "file://" + html)
        let info = try run("/usr/bin/pdfinfo", pdf)
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        return Int(line.split(separator: " ").last ?? "") ?? 0
    }

    /// The share of a page's pixels that are not white, from a grey rendering of it.
    static func inkedFraction(pdf: String, page: Int) throws -> Double {
        let prefix = pdf + "-page"
        _ = try run("/usr/bin/pdftoppm", "-gray", "-r", "40", "-f", "\(page)", "-l", "\(page)", pdf, prefix)
        let file = try FileManager.default.contentsOfDirectory(atPath: (prefix as NSString).deletingLastPathComponent)
            .first { $0.hasPrefix((prefix as NSString).lastPathComponent) && $0.hasSuffix(".pgm") }
        let data = try Data(contentsOf: URL(fileURLWithPath: (prefix as NSString).deletingLastPathComponent + "/" + (file ?? "")))
        // P5 header: magic, width, height, maxval, each followed by white space, then the pixels.
        var fields: [String] = [], index = 0, current = ""
        while fields.count < 4, index < data.count {
            let byte = data[index]
            index += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        let pixels = data[index...]
        guard fields.first == "P5", !pixels.isEmpty else { return 0 }
        return Double(pixels.filter { $0 < 200 }.count) / Double(pixels.count)
    }

    @discardableResult
    static func run(_ arguments: String...) throws -> String {
        let result = try Tool.run(arguments)
        XCTAssertEqual(result.status, 0, arguments.joined(separator: " "))
        return result.stdout
    }
}
