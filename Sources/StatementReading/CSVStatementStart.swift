import ExpenseSupport

/// The start of a CSV statement as its rules read it: the preamble lines `skip` passes over,
/// then the header (unless `header no`). The importer, the fuzz target and the tests read it
/// through this one place, then each record after it through a `RowMapper`.
public struct CSVStatementStart {
    public var preamble: [[UInt8]] = []
    /// The header's names, trimmed; nil with `header no`.
    public var names: [String]?
    /// The header as the file has it, for the rejects file.
    public var headerBytes: [UInt8]?

    /// Reads up to the first record after the header.
    /// - Parameter misread: told a header cell that looks like UTF-8 read in the rules'
    ///   single-byte encoding, with its line.
    public static func read(
        _ reader: CSVReader, rules: ImportRules, file: String,
        misread: ([UInt8], Int) -> Void = { _, _ in }
    ) throws(ExpenseError) -> CSVStatementStart {
        var start = CSVStatementStart()
        do {
            for _ in 0..<rules.skipLines {
                guard let line = try reader.skipLine() else { break }
                start.preamble.append(line)
            }
            guard rules.hasHeader else { return start }
            while try reader.next() {
                if reader.isBlankLine { continue }
                var names: [String] = []
                for index in 0..<reader.fieldCount {
                    if rules.encoding.misreads(reader.field(index)) { misread(Array(reader.field(index)), reader.recordLine) }
                    guard let name = rules.encoding.decode(reader.field(index)) else {
                        throw ExpenseError(
                            .invalidData, "the header is not valid UTF-8",
                            hint: "if the file is Latin-1 or Windows-1252, add 'encoding windows-1252' to the rules",
                            location: "\(file):\(reader.recordLine)")
                    }
                    names.append(name.trimmingSpaces)
                }
                start.names = names
                start.headerBytes = Array(reader.rawRecord)
                return start
            }
        } catch let failure as CSVReader.Failure {
            throw ExpenseError(.invalidData, failure.message, location: "\(file):\(failure.line)")
        } catch let error as ExpenseError {
            throw error
        } catch {
            throw ExpenseError(.io, "cannot read \(file): \(error)")
        }
        throw ExpenseError(
            .invalidData, "\(file) is empty: it has no header line",
            hint: rules.skipLines > 0 ? "the rules skip \(rules.skipLines) line(s) first; is that too many?" : nil)
    }
}
