import StatementReading

/// The ECB's reference rates file on disk: StatementReading's `ReferenceRates` reads it.
public enum ReferenceRatesFile {
    public typealias Day = ReferenceRates.Day

    /// Calls `body` with each day of the file, in file order; errors are located `FILE:LINE`.
    public static func read(_ input: InputFile, _ body: (Day) throws -> Void) throws {
        try ReferenceRates.read(input.csvReader(separator: UInt8(ascii: ",")), file: input.path, body)
    }
}
