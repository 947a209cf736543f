import ExpenseSupport

/// What tesseract read on a picture, from its TSV output (`tesseract IMAGE stdout tsv`): each
/// word with its box and how sure tesseract is of it (0 to 100), in its lines. Besides the text
/// the plain output gives, it says which lines OCR could hardly read (a logo read as letters:
/// "Fad lunbeLd nell" for A L D I), and where a word stands, to read it again closer.
public struct TesseractPage: Equatable, Sendable {
    public struct Word: Equatable, Sendable {
        public var text: String
        public var confidence: Double
        public var left: Int
        public var top: Int
        public var width: Int
        public var height: Int

        public init(text: String, confidence: Double, left: Int, top: Int, width: Int, height: Int) {
            self.text = text
            self.confidence = confidence
            self.left = left
            self.top = top
            self.width = width
            self.height = height
        }
    }

    /// The words of each line, in reading order; a new block or paragraph starts after an
    /// empty line (`[]`), as in tesseract's plain text.
    public var lines: [[Word]]

    /// A line read with less confidence than this on average is one OCR could hardly read.
    public static let unsureBelow = 60.0

    /// The page from tesseract's TSV: a header line, then one row per page, block, paragraph,
    /// line and word (`level` 1 to 5), 12 columns separated by tabs; words are level 5.
    public init(tsv: String) {
        var lines: [[Word]] = []
        var current: (block: Substring, paragraph: Substring, line: Substring)?
        for row in tsv.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).dropFirst() {
            let columns = row.split(separator: "\t", maxSplits: 11, omittingEmptySubsequences: false)
            guard columns.count == 12, columns[0] == "5",
                let left = Int(columns[6]), let top = Int(columns[7]), let width = Int(columns[8]), let height = Int(columns[9]),
                let confidence = Double(columns[10])
            else { continue }
            let text = columns[11].trimmingSpaces
            guard !text.isEmpty else { continue }
            let key = (columns[2], columns[3], columns[4])
            if let current, current == key {
                lines[lines.count - 1].append(Word(text: text, confidence: confidence, left: left, top: top, width: width, height: height))
                continue
            }
            if let current, current.block != key.0 || current.paragraph != key.1 { lines.append([]) }
            current = key
            lines.append([Word(text: text, confidence: confidence, left: left, top: top, width: width, height: height)])
        }
        self.lines = lines
    }

    /// The text, a line's words joined by a space.
    public var text: String { lines.map { $0.map(\.text).joined(separator: " ") }.joined(separator: "\n") }

    /// The lines OCR could hardly read (`unsureBelow`), as text.
    public var unsureLines: Set<String> {
        Set(
            lines.filter { !$0.isEmpty && $0.map(\.confidence).reduce(0, +) / Double($0.count) < Self.unsureBelow }
                .map { $0.map(\.text).joined(separator: " ") })
    }
}
