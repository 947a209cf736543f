/// A source of statement records for `RowMapper`: fields as bytes, valid until the next record.
/// A CSV file is one (`CSVReader`, its columns as the file has them); a camt.053 or OFX
/// statement is another (`StatementEntryRecords`, each entry's fields in fixed columns). The
/// importer's loop and the mapper are generic over it, so that each source is specialised and
/// the CSV path pays no dynamic dispatch per cell.
public protocol StatementRecords: AnyObject {
    /// Moves to the next record; false at the end. Throws `CSVReader.Failure` at a line.
    func next() throws -> Bool
    var fieldCount: Int { get }
    /// The bytes of field `index` of the current record.
    func field(_ index: Int) -> UnsafeRawBufferPointer
    /// The record as the source has it, for `if row matches` and the rejects file.
    var rawRecord: UnsafeRawBufferPointer { get }
    /// The line of the file the record starts on.
    var recordLine: Int { get }
    var isBlankLine: Bool { get }
    /// Bytes of the file read so far, for progress.
    var bytesConsumed: Int { get }
    var recordEndsWithCRLF: Bool { get }
    /// Maps the current record through `mapper`: the mapper's entry point for this source, so
    /// that a caller generic over the source reaches its specialised code.
    func map(through mapper: RowMapper, into row: inout MappedRow)
}

extension CSVReader: StatementRecords {
    public func map(through mapper: RowMapper, into row: inout MappedRow) {
        mapper.map(self, into: &row)
    }
}
