import Foundation
import XCTest

/// Headless Chromium and poppler, as a reader's browser and printer.
public enum Browser {
    public static func printToPDF(html: String, pdf: String) throws -> Int {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else {
            XCTFail("chromium is missing: Scripts/bootstrap installs it")
            return 0
        }
        _ = try run(
            chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
            "--user-data-dir=" + NSTemporaryDirectory() + "/chromium-\(UUID().uuidString)",
            "--print-to-pdf=" + pdf, "file://" + html)
        let info = try run("/usr/bin/pdfinfo", pdf)
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        return Int(line.split(separator: " ").last ?? "") ?? 0
    }

    /// The share of a page's pixels that are not white, from a grey rendering of it.
    public static func inkedFraction(pdf: String, page: Int) throws -> Double {
        let prefix = pdf + "-page"
        _ = try run("/usr/bin/pdftoppm", "-gray", "-r", "40", "-f", "\(page)", "-l", "\(page)", pdf, prefix)
        let file = try FileManager.default.contentsOfDirectory(atPath: (prefix as NSString).deletingLastPathComponent)
            .first { $0.hasPrefix((prefix as NSString).lastPathComponent) && $0.hasSuffix(".pgm") }
        let data = try Data(contentsOf: URL(fileURLWithPath: (prefix as NSString).deletingLastPathComponent + "/" + (file ?? "")))
        // P5 header: magic, width, height, maxval, each followed by white space, then the pixels.
        var fields: [String] = []
        var index = 0
        var current = ""
        while fields.count < 4, index < data.count {
            let byte = data[index]
            index += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if !current.isEmpty {
                    fields.append(current)
                    current = ""
                }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        let pixels = data[index...]
        guard fields.first == "P5", !pixels.isEmpty else { return 0 }
        return Double(pixels.filter { $0 < 200 }.count) / Double(pixels.count)
    }

    /// The words of the PDF (a page of it, or all) in the order they were printed, one space
    /// between them: a table's cell wrapped over lines reads as one.
    public static func text(pdf: String, page: Int? = nil) throws -> String {
        let pages = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        let text = try Tool.run(["/usr/bin/pdftotext", "-raw"] + pages + [pdf, "-"]).stdout
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The first page whose text contains `text`; nil when none does.
    public static func page(containing text: String, pdf: String) throws -> Int? {
        let info = try run("/usr/bin/pdfinfo", pdf)
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        let count = Int(line.split(separator: " ").last ?? "") ?? 0
        return try (1...max(count, 1)).first { try self.text(pdf: pdf, page: $0).contains(text) }
    }

    /// What tesseract reads on a page drawn at 300 dpi: the text of the pictures on it, which
    /// pdftotext does not see.
    public static func ocr(pdf: String, page: Int) throws -> String {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        let picture = pdf + "-ocr-\(page)"
        _ = try run("/usr/bin/pdftoppm", "-r", "300", "-gray", "-png", "-singlefile", "-f", "\(page)", "-l", "\(page)", pdf, picture)
        return try run("/usr/bin/tesseract", picture + ".png", "stdout", "--psm", "6")
    }

    @discardableResult
    public static func run(_ arguments: String...) throws -> String {
        let result = try Tool.run(arguments)
        XCTAssertEqual(result.status, 0, arguments.joined(separator: " "))
        return result.stdout
    }
}
