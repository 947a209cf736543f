import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementReading

/// A row as the reading thread hands it over: mapped and fingerprinted, not yet checked
/// against the database (rates) nor written.
struct ReadRow {
    let line: Int
    var row: MappedRow
    var fingerprint: ImportFingerprint?
    let bytesConsumed: Int
    /// The record as the file has it, for the rejects file; only kept for rows that are or
    /// may turn out invalid (no rate), or may be the footer, when there is a rejects file.
    let text: [UInt8]
    let crlf: Bool
    /// One of the last rows, which `skip-end` leaves out.
    var isFooter = false
    /// A cell that looks like UTF-8 read in the rules' encoding, on the first row read after it.
    var misread: (text: [UInt8], line: Int)?
}

/// The importer's reading thread.
enum StatementReadAhead {
    /// Reads the rest of a statement on a second thread: CSV parsing, the rules and the
    /// fingerprints of the next rows run there while this thread converts and writes the rows
    /// before. The reader and the mapper belong to that thread until it has stopped.
    static func start<Records: StatementRecords>(
        _ reader: Records, _ mapper: RowMapper, rules: ImportRules, file: String, keepText: Bool, reportCurrency: Currency?
    ) -> ProducerThread<ReadRow> {
        let skipEnd = rules.skipEndRows
        let skipEndLine = rules.lines["skip-end"] ?? 0
        return ProducerThread { emit in
            let counter = OccurrenceCounter(spill: .temporaryFile())
            // In the file's order, footer rows excepted: a row's occurrence counts the identical rows before it.
            func fingerprint(_ row: MappedRow) throws -> ImportFingerprint? {
                guard !row.skipped else { return nil }
                if let id = row.externalID { return .externalID(id) }
                guard let date = row.date, let amount = row.amount else { return nil }
                // Invalid rows count too, so that fixing one and importing the file again
                // numbers its identical neighbours as the first import did.
                let content = RowFingerprint.content(
                    day: date.dayNumber, amountMinor: amount.minorUnits,
                    currency: amount.currency.code, merchant: row.statementMerchant)
                let occurrence = try counter.next(day: date.dayNumber, content: content)
                return .contentKey(RowFingerprint.key(content: content, occurrence: occurrence))
            }
            // The last rows wait here until the file ends, or until more rows show they are none of the footer.
            var footer = Holdback<ReadRow>(count: skipEnd)
            var row = MappedRow()
            var misreadTold = false
            while try nextRecord(reader, file) {
                if reader.isBlankLine { continue }
                reader.map(through: mapper, into: &row)
                let unfingerprinted = row.externalID == nil && (row.date == nil || row.amount == nil)
                let mayBeRejected =
                    skipEnd > 0
                    || (!row.skipped
                        && (!row.problems.isEmpty || unfingerprinted || (reportCurrency.map { row.amount?.currency != $0 } ?? false)))
                let read = ReadRow(
                    line: reader.recordLine, row: row, bytesConsumed: reader.bytesConsumed,
                    text: keepText && mayBeRejected ? Array(reader.rawRecord) : [], crlf: reader.recordEndsWithCRLF)
                guard var item = footer.push(read) else { continue }
                item.fingerprint = try fingerprint(item.row)
                if !misreadTold, let misread = mapper.misread {
                    item.misread = misread
                    misreadTold = true
                }
                guard emit(item) else { return }
            }
            for var item in footer.drain() {
                item.row.skippedBy = skipEndLine
                item.isFooter = true
                if !misreadTold, let misread = mapper.misread {
                    item.misread = misread
                    misreadTold = true
                }
                guard emit(item) else { return }
            }
        }
    }

    private static func nextRecord<Records: StatementRecords>(_ reader: Records, _ file: String) throws -> Bool {
        do {
            return try reader.next()
        } catch let failure as CSVReader.Failure {
            throw ExpenseError(.invalidData, failure.message, location: "\(file):\(failure.line)")
        }
    }
}
