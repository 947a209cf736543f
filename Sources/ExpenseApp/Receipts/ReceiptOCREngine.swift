import ExpenseCore
import ExpenseSupport
import ReceiptReading

/// Text recognition of a receipt file: `tesseract` (or the program of `receipts.ocr-command`) for
/// images and scans (a PDF without a text layer, its first page drawn by `pdftoppm`), `pdftotext` for PDFs with a text
/// layer (e-receipts), each run with an argv array and a time limit; an e-mail receipt's text is
/// its body's (`readMessage`), read without any program. Never fatal: when a program
/// is missing, the file is of a kind it cannot read, or it fails, the result says so and capture
/// goes on without a suggestion.
struct ReceiptOCREngine {
    var tesseract = "tesseract"
    var pdftotext = "pdftotext"
    var pdftoppm = "pdftoppm"
    /// ImageMagick, to cut a word out of a picture and read it again (`readingDatesAgain`).
    var convert = "convert"
    var timeLimit: Double = 60
    /// The session's working directory, which the OCR programs start in; nil for the process's.
    var directory: String?
    /// Languages to read with, in order of preference, when their data is installed.
    var preferredLanguages = ["eng", "deu", "fra", "ita", "spa", "nld"]
    /// `receipts.ocr-command`: the words of a program that reads pictures instead of tesseract,
    /// `{input}` standing for the picture's path; nil for tesseract.
    var command: String?
    static let inputPlaceholder = "{input}"

    func read(path: String, type: ReceiptMediaType) -> ReceiptOCR {
        switch type {
        case .pdf: return readPDF(path)
        case .heic: return ReceiptOCR(status: .skipped, note: "tesseract cannot read HEIC images")
        case .jpeg, .png, .webp: return readImage(path)
        case .message: return readMessage(path)
        }
    }

    /// The most of a message file read for its text: receipts are at most `receipts.max-size`,
    /// which is less by default.
    var maximumMessageBytes = 64 << 20

    /// An e-mail that is itself the receipt, from its file.
    private func readMessage(_ path: String) -> ReceiptOCR {
        do throws(FileBytes.Failure) {
            return read(message: try FileBytes.read(path, limit: maximumMessageBytes, regularOnly: true))
        } catch {
            return ReceiptOCR(status: .failed, note: "the message cannot be read: \(error)")
        }
    }

    /// An e-mail that is itself the receipt: its HTML body rendered to text, else its plain text.
    /// The merchant is the payee or shop the message names (`MailReceipts.merchant`); where the
    /// text names no date, the message's Date stands in.
    func read(message bytes: [UInt8]) -> ReceiptOCR {
        var limits = MailLimits()
        limits.maximumMessageBytes = max(limits.maximumMessageBytes, bytes.count)
        let (text, mail) = MailReceipts.text(ofMessage: bytes, limits: limits)
        guard let mail else { return ReceiptOCR(status: .failed, note: "the message cannot be read as an e-mail") }
        var suggestion = ReceiptTextReader.suggestion(from: text)
        suggestion.merchant = mail.merchant(text: text, read: suggestion.merchant)
        if suggestion.date == nil { suggestion.date = mail.date }
        return ReceiptOCR(status: .done, note: "e-mail text", text: Self.tidy(text), suggestion: suggestion)
    }

    /// `tesseract FILE stdout -l eng+deu --psm 6`: page segmentation mode 6 ("a single uniform
    /// block of text") keeps a receipt's label and amount on one line, where the default mode
    /// reads the right-aligned amounts as a column of their own and loses which label each has.
    private func readImage(_ path: String) -> ReceiptOCR {
        if let command { return readImage(path, command: command) }
        let languages: [String]
        switch installedLanguages() {
        case .installed(let installed): languages = preferredLanguages.filter(installed.contains)
        case .unavailable(let result): return result
        }
        var arguments = [tesseract, path, "stdout", "--psm", "6"]
        if !languages.isEmpty { arguments += ["-l", languages.joined(separator: "+")] }
        // Each word with its box and confidence: the lines OCR could hardly read are no
        // merchant's name, and a date is read again closer (`readingDatesAgain`).
        arguments.append("tsv")
        var process = subprocess(arguments)
        // One thread: OpenMP's threads make it slower, not faster, on a small machine, and the
        // result is the same.
        process.extraEnvironment = ["OMP_THREAD_LIMIT": "1"]
        let note = "tesseract" + (languages.isEmpty ? "" : ", \(languages.joined(separator: "+"))")
        switch run(process) {
        case .failed(let result):
            return result
        case .printed(let tsv):
            let page = readingDatesAgain(TesseractPage(tsv: tsv), in: path)
            let text = Self.tidy(page.text)
            return ReceiptOCR(
                status: .done, note: note, text: text, suggestion: ReceiptTextReader.suggestion(from: text, unsure: page.unsureLines))
        }
    }

    /// A picture read by the program of `receipts.ocr-command` (a neural OCR engine, say), its
    /// words with `{input}` replaced by the picture's path, run without a shell; the text it
    /// prints is read as tesseract's is.
    private func readImage(_ path: String, command: String) -> ReceiptOCR {
        guard let words = try? Tokenizer.words(command), let program = words.first else {
            return ReceiptOCR(status: .failed, note: "receipts.ocr-command cannot be read: \(command)")
        }
        let name = program.split(separator: "/").last.map(String.init) ?? program
        return finish(
            subprocess(words.map { $0.replacing(Self.inputPlaceholder, with: path) }), note: "\(name) (receipts.ocr-command)",
            missing: "receipts.ocr-command names it")
    }

    /// `pdftotext -layout -l 5 FILE -`: the text of an e-receipt's first pages.
    private func readPDF(_ path: String) -> ReceiptOCR {
        let result = finish(subprocess([pdftotext, "-layout", "-l", "5", path, "-"]), note: "pdftotext")
        if result.status == .done, result.text.trimmingSpaces.isEmpty { return readScannedPDF(path) }
        if result.status == .skipped {
            return ReceiptOCR(status: .skipped, note: "pdftotext is not installed (apt-get install poppler-utils)")
        }
        // A seller whose name is only a picture (its logo, a footer drawn as an image) is read
        // off the page drawn, as a person sees it.
        if result.status == .done, result.suggestion.merchant == nil {
            let drawn = readScannedPDF(path)
            if let merchant = drawn.suggestion.merchant {
                var read = result
                read.suggestion.merchant = merchant
                read.note += "; the merchant, a picture in the PDF, read by tesseract"
                return read
            }
        }
        return result
    }

    /// A PDF without a text layer (a scan): its first page drawn as a grey picture at 300 dpi by
    /// pdftoppm (poppler-utils, beside pdftotext) in a directory of our own, then read by tesseract.
    private func readScannedPDF(_ path: String) -> ReceiptOCR {
        let directory: TemporaryDirectory
        do {
            directory = try TemporaryDirectory("scan")
        } catch {
            return ReceiptOCR(status: .failed, note: "the PDF has no text layer (a scan), and \(error.message)")
        }
        defer { directory.remove() }
        let page = directory.file("page")
        let arguments = [pdftoppm, "-r", "300", "-gray", "-png", "-f", "1", "-l", "1", "-singlefile", path, page]
        let drawn = finish(subprocess(arguments), note: "pdftoppm")
        switch drawn.status {
        case .skipped:
            return ReceiptOCR(
                status: .skipped, note: "the PDF has no text layer (a scan), and pdftoppm is not installed to draw it for tesseract")
        case .failed:
            return ReceiptOCR(status: .failed, note: "the PDF has no text layer (a scan): \(drawn.note)")
        case .done:
            var read = readImage(page + ".png")
            read.note = read.status == .done ? "a scan without a text layer, read by \(read.note)" : read.note
            return read
        }
    }

    /// `arguments` to run within the time limit, in the session's directory.
    func subprocess(_ arguments: [String]) -> Subprocess {
        var process = Subprocess(arguments, timeLimit: timeLimit)
        process.directory = directory
        return process
    }

    /// `process` run, its output the text read; `missing` says why the program should be there.
    private func finish(
        _ process: Subprocess, note: String, missing: String = "Scripts/bootstrap, or apt-get install tesseract-ocr"
    ) -> ReceiptOCR {
        switch run(process, missing: missing) {
        case .failed(let result):
            return result
        case .printed(let output):
            let text = Self.tidy(output)
            return ReceiptOCR(status: .done, note: note, text: text, suggestion: ReceiptTextReader.suggestion(from: text))
        }
    }

    enum Outcome {
        /// What the program printed.
        case printed(String)
        /// It is missing, could not start, timed out, was cancelled or failed: the result saying so.
        case failed(ReceiptOCR)
    }

    /// `process` run within the time limit; `missing` says why the program should be there.
    func run(_ process: Subprocess, missing: String = "Scripts/bootstrap, or apt-get install tesseract-ocr") -> Outcome {
        let program = process.arguments[0]
        let result: Subprocess.Result
        do throws(Subprocess.Failure) {
            result = try process.run()
        } catch {
            switch error {
            case .notFound:
                return .failed(ReceiptOCR(status: .skipped, note: "\(program) is not installed (\(missing))"))
            case .cannotStart(_, let reason):
                return .failed(ReceiptOCR(status: .failed, note: "\(program) cannot be started: \(reason)"))
            }
        }
        if result.timedOut {
            return .failed(ReceiptOCR(status: .failed, note: "\(program) took longer than \(Int(timeLimit)) s and was stopped"))
        }
        if result.cancelled { return .failed(ReceiptOCR(status: .failed, note: "\(program) was cancelled (Ctrl-C)")) }
        guard result.succeeded else {
            let reason = result.stderrText.split(separator: "\n").last.map(String.init) ?? "\(result.termination)"
            return .failed(ReceiptOCR(status: .failed, note: "\(program) failed: \(reason)"))
        }
        return .printed(result.stdoutText)
    }

    private enum Languages {
        case installed(Set<String>)
        /// tesseract is missing or broken: the reading ends here, with this result.
        case unavailable(ReceiptOCR)
    }

    /// The languages tesseract has data for.
    private func installedLanguages() -> Languages {
        do throws(Subprocess.Failure) {
            var process = subprocess([tesseract, "--list-langs"])
            process.timeLimit = 10
            let result = try process.run()
            // "List of available languages in "/usr/share/tesseract-ocr/5/tessdata/" (3):" then one per line.
            let lines = (result.stdoutText + "\n" + result.stderrText).split(separator: "\n").dropFirst()
            return .installed(Set(lines.map { $0.trimmingSpaces }))
        } catch {
            switch error {
            case .notFound:
                return .unavailable(
                    ReceiptOCR(status: .skipped, note: "tesseract is not installed (Scripts/bootstrap, or apt-get install tesseract-ocr)"))
            case .cannotStart(_, let reason):
                return .unavailable(ReceiptOCR(status: .failed, note: "tesseract cannot be started: \(reason)"))
            }
        }
    }

    /// Trailing blanks and the form feed tesseract ends a page with removed; blank lines kept
    /// single.
    static func tidy(_ text: String) -> String {
        var lines: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            while let last = line.last, last.isWhitespace { line.removeLast() }
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
