import ExpenseSupport
import ReceiptReading

/// A date read again closer, as a person holds a receipt nearer when a digit is unclear. Read
/// with the whole page, tesseract takes a faint or crowded digit for another (`06.05.2020` read
/// `16.05.2020`, `27.02.2020` read `21.02.2020`, both on receipts of the corpus); the same word
/// cut out of the picture (ImageMagick's `convert`) and read alone, as one line and as one word,
/// is read right. Only when both of those agree on another date does it replace the first
/// reading; when they disagree, the first stands. Without `convert` the page is left as read.
extension ReceiptOCREngine {
    /// The margin around a word's box, in its heights: the crop holds the whole of each digit.
    static let closerMargin = 0.5
    /// The most words read again on a page: a receipt prints its date once or twice.
    static let closerWords = 4

    func readingDatesAgain(_ page: TesseractPage, in path: String) -> TesseractPage {
        var page = page
        let dated = page.lines.indices.flatMap { line in page.lines[line].indices.map { (line, $0) } }
            .filter { Self.isDate(page.lines[$0.0][$0.1].text) }.prefix(Self.closerWords)
        guard !dated.isEmpty, let directory = try? TemporaryDirectory("closer") else { return page }
        defer { directory.remove() }
        for (number, (line, index)) in dated.enumerated() {
            let word = page.lines[line][index]
            if let again = readAgain(word, in: path, to: directory.file("word\(number).png")), again != word.text {
                page.lines[line][index].text = again
            }
        }
        return page
    }

    /// Whether a word is a date with its day, month and year in figures (06.05.2020, 24/02/20).
    static func isDate(_ word: String) -> Bool {
        word.filter(\.isASCIIDigitCharacter).count >= 4 && !ReceiptDates.dates(in: word, slashOrder: .dayFirst).isEmpty
    }

    /// The word cut out of the picture at `crop` and read twice: as a line and as a word. Their
    /// reading when they agree and it is a date; else nil.
    private func readAgain(_ word: TesseractPage.Word, in path: String, to crop: String) -> String? {
        let margin = max(8, Int(Double(word.height) * Self.closerMargin))
        let box = "\(word.width + 2 * margin)x\(word.height + 2 * margin)+\(max(0, word.left - margin))+\(max(0, word.top - margin))"
        guard case .printed = run(subprocess([convert, path, "-crop", box, "+repage", crop]), missing: "apt-get install imagemagick")
        else { return nil }
        let readings = ["7", "8"].map { mode -> String? in
            var process = subprocess([tesseract, crop, "stdout", "--psm", mode, "-l", "eng"])
            process.extraEnvironment = ["OMP_THREAD_LIMIT": "1"]
            guard case .printed(let text) = run(process) else { return nil }
            // A full stop after the year, or spaces, are the crop's edges, not the date's.
            return String(text.trimmingSpaces.reversed().drop { ".,:;".contains($0) }.reversed())
        }
        guard let first = readings[0], readings.allSatisfy({ $0 == first }), Self.isDate(first) else { return nil }
        return first
    }
}
