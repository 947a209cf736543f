import ExpenseSupport
import Rendering

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A PDF receipt's pages as pictures for the printable report, which Chromium would print as a
/// grey box: `pdfinfo` counts them and `pdftoppm` (poppler-utils) draws the first
/// `maximumPages` as PNGs, each fitted into `longestSide` pixels (about 150 dpi on A4: small print
/// stays readable, a poster cannot take all the memory), in a private temporary directory that is
/// removed afterwards. Never fatal: a PDF poppler cannot read, or a missing program, is said on
/// the receipt's page instead.
struct PDFReceiptPages {
    var pdfinfo = "pdfinfo"
    var pdftoppm = "pdftoppm"
    var maximumPages = 10
    var longestSide = 1754
    var timeLimit: Double = 60
    /// The session's working directory, which the programs start in; nil for the process's.
    var directory: String?

    /// How receipt `name`, a PDF of `bytes`, is printed.
    func content(of bytes: [UInt8], name: String) throws -> ReportHTML.Receipt.Content {
        let temporary = try TemporaryDirectory("receipt-pages")
        defer { temporary.remove() }
        let file = temporary.file("receipt.pdf")
        try OutputFile.write(bytes: bytes, to: file, mode: 0o600, replacing: false)
        let count: Int
        switch try run([pdfinfo, file]) {
        case .failed(let reason): return unprintable(name, reason)
        case .output(let info):
            // "Pages:          3"
            let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            guard let pages = line.flatMap({ Int($0.dropFirst("Pages:".count).trimmingSpaces) }), pages > 0 else {
                return unprintable(name, "pdfinfo found no pages in it")
            }
            count = pages
        }
        let shown = min(count, maximumPages)
        let prefix = temporary.file("page")
        let arguments = [pdftoppm, "-png", "-scale-to", "\(longestSide)", "-f", "1", "-l", "\(shown)", file, prefix]
        if case .failed(let reason) = try run(arguments) { return unprintable(name, reason) }
        // page-01.png, page-02.png ...: the numbers are padded to one width, so the names sort.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
            .filter { $0.hasPrefix("page-") && $0.hasSuffix(".png") }.sorted()
        var pages: [[UInt8]] = []
        for pageName in names {
            do throws(FileBytes.Failure) {
                pages.append(try FileBytes.read(temporary.file(pageName), regularOnly: true))
            } catch {
                return unprintable(name, "its page \(pages.count + 1) cannot be read back: \(error)")
            }
        }
        guard !pages.isEmpty else { return unprintable(name, "pdftoppm drew none of its pages") }
        return .pages(pages, more: count - pages.count)
    }

    private func unprintable(_ name: String, _ reason: String) -> ReportHTML.Receipt.Content {
        .unprintable("The PDF \(name) cannot be printed here: \(reason). 'expenses receipt export' writes the file itself.")
    }

    /// The program's standard output, or why it gave none; Ctrl-C ends the export.
    private func run(_ arguments: [String]) throws -> Outcome {
        let program = arguments[0]
        var process = Subprocess(arguments, timeLimit: timeLimit)
        process.directory = directory
        let result: Subprocess.Result
        do throws(Subprocess.Failure) {
            result = try process.run()
        } catch {
            switch error {
            case .notFound:
                return .failed("\(program) is not installed (apt-get install poppler-utils)")
            case .cannotStart(_, let reason):
                return .failed("\(program) cannot be started: \(reason)")
            }
        }
        if result.cancelled { throw Cancellation.cancelled }
        if result.timedOut { return .failed("\(program) took longer than \(Int(timeLimit)) s and was stopped") }
        guard result.succeeded else {
            let detail = result.stderrText.split(separator: "\n").last { !$0.trimmingSpaces.isEmpty }.map { ": \($0)" } ?? ""
            return .failed("\(program) cannot read it\(detail)")
        }
        return .output(result.stdoutText)
    }

    /// What a program gave: its standard output, or why it gave none (words for the receipt's page).
    private enum Outcome {
        case output(String)
        case failed(String)
    }
}
