import ExpenseCore
import ExpenseSupport

/// Applies a rules file to the records of one statement, whose header (if any) it has resolved
/// the rules' column names against. Runs once per row of files with millions of them, so it
/// works on the reader's bytes and decodes only the cells it uses, each once.
public final class RowMapper {
    let rules: ImportRules
    let categories: Set<String>
    let knownCategories: [String]
    // 0-based columns of the mapped fields; -1 when the rules do not map the field.
    let dateColumn: Int, amountColumn: Int, debitColumn: Int, creditColumn: Int, currencyColumn: Int,
        categoryColumn: Int
    let merchantColumns: [Int], descriptionColumns: [Int], externalIDColumns: [Int]
    /// Each distinct subject the conditions test, as 0-based columns joined with spaces (none:
    /// the record as the file has it), which one each condition tests, and where its result is
    /// among those of its subject's conditions: a row's subject is folded and looked up once for
    /// all the rules that test it.
    let subjectColumns: [[Int]]
    let conditionSubjects: [Int]
    let conditionSlots: [Int]
    /// Per subject, the conditions that test it, in the rules' order.
    let subjectConditions: [[Int]]
    /// Per subject, the fields a row needs to have it (0 for the record).
    let subjectFieldsNeeded: [Int]
    /// The fewest fields a row needs for every column the rules read.
    let fieldsNeeded: Int
    let headerCount: Int?
    var lastCurrency: (code: [UInt8], currency: Currency)?
    /// Why each unknown currency text seen is unknown, with its did-you-mean: looking for one
    /// among 180 codes costs more than the rest of the row.
    var unknownCurrencies: [String: String] = [:]
    var cellCache = CellCache()
    /// The bytes of the cells a field or a condition's subject joins, reused from row to row.
    var joinedBytes: [UInt8] = []
    var subjectKey: [UInt8] = []

    /// The current row's decoded cells, so that conditions and fields read a cell once.
    struct CellCache {
        public var cells: [String?] = []
        public var decoded: [Bool] = []
        /// Per subject of the conditions, the results of its conditions once a rule needed them.
        public var matches: [[Bool]?] = []
        /// The record decoded, once a rule on the row needed it.
        public var record: String?
        public var recordDecoded = false
        /// Whether cells are still checked for UTF-8 read in the rules' encoding: until one is
        /// found (kept here, in the row's local copy, not read from the class per cell).
        public var checksEncoding = false
    }
    /// Cells decoded in rows before (nil: not valid in the encoding), by their bytes. Kept here,
    /// not in the row's cache, which is copied twice a row.
    var recentCells = RecentByBytes<String?>(limit: 4096)
    /// Per subject of the conditions, the results of its conditions for texts tested in rows
    /// before, by the text's bytes: merchants repeat, and one lookup for all of a subject's
    /// conditions costs less than folding the text and a regexec each.
    var recentMatches: [RecentByBytes<[Bool]?>]
    /// The first cell that looks like UTF-8 read in the rules' single-byte encoding
    /// (`GaststÃ¤tte`), as the file has it, and the line of its row; nil while none has.
    public internal(set) var misread: (text: [UInt8], line: Int)?

    /// - Throws: `RULES:LINE:` errors for columns the statement does not have.
    public init(rules: ImportRules, header: [String]?, file: String, categories: [String]) throws(ExpenseError) {
        self.rules = rules
        self.categories = Set(categories)
        knownCategories = categories
        headerCount = header?.count
        func resolve(_ column: ImportRules.Column, line: Int) throws(ExpenseError) -> Int {
            switch column {
            case .position(let position):
                if let header, position > header.count {
                    throw rules.error(
                        line, "there is no column \(position): \(file) has \(header.count) column\(header.count == 1 ? "" : "s")")
                }
                return position - 1
            case .name(let name):
                guard let header else { return 0 }  // ImportRules refuses names without a header
                var matches = header.indices.filter { header[$0] == name }
                if matches.isEmpty { matches = header.indices.filter { header[$0].lowercased() == name.lowercased() } }
                if matches.count > 1 {
                    throw rules.error(
                        line, "\(file) has \(matches.count) columns named '\(name)'",
                        hint: "map it by position instead: \(matches.map { String($0 + 1) }.joined(separator: " or "))")
                }
                guard let index = matches.first else {
                    let suggestion = Suggestion.closest(to: name, among: header)
                    throw rules.error(
                        line, "no column '\(name)' in \(file)",
                        hint: (suggestion.map { "did you mean '\($0)'? " } ?? "")
                            + "Its columns: " + header.map { "'\($0)'" }.joined(separator: ", "))
                }
                return index
            }
        }
        var columns: [ImportRules.Field: [Int]] = [:]
        var needed = 0
        // In line order, so that the first mistake in the rules file is the one reported.
        for (field, mapping) in rules.mappings.sorted(by: { $0.value.line < $1.value.line }) {
            var indices: [Int] = []
            for column in mapping.columns { indices.append(try resolve(column, line: mapping.line)) }
            columns[field] = indices
            needed = max(needed, (indices.max() ?? 0) + 1)
        }
        var subjectColumns: [[Int]] = []
        var conditionSubjects: [Int] = []
        for condition in rules.conditions {
            let tested: [Int]
            switch condition.subject {
            case .field(let field):
                tested = columns[field] ?? []  // never empty: ImportRules refuses a condition on a field it does not map
            case .column(let column):
                let index = try resolve(column, line: condition.line)
                tested = [index]
                needed = max(needed, index + 1)
            case .row:
                tested = []
            }
            if let known = subjectColumns.firstIndex(of: tested) {
                conditionSubjects.append(known)
            } else {
                conditionSubjects.append(subjectColumns.count)
                subjectColumns.append(tested)
            }
        }
        self.subjectColumns = subjectColumns
        self.conditionSubjects = conditionSubjects
        var subjectConditions = Array(repeating: [Int](), count: subjectColumns.count)
        var conditionSlots: [Int] = []
        for (index, subject) in conditionSubjects.enumerated() {
            conditionSlots.append(subjectConditions[subject].count)
            subjectConditions[subject].append(index)
        }
        self.subjectConditions = subjectConditions
        self.conditionSlots = conditionSlots
        subjectFieldsNeeded = subjectColumns.map { ($0.max() ?? -1) + 1 }
        cellCache.matches = Array(repeating: nil, count: subjectColumns.count)
        recentMatches = Array(repeating: RecentByBytes(limit: 4096), count: subjectColumns.count)
        cellCache.checksEncoding = rules.encoding != .utf8
        fieldsNeeded = needed
        dateColumn = columns[.date]?.first ?? -1
        amountColumn = columns[.amount]?.first ?? -1
        debitColumn = columns[.debit]?.first ?? -1
        creditColumn = columns[.credit]?.first ?? -1
        currencyColumn = columns[.currency]?.first ?? -1
        categoryColumn = columns[.category]?.first ?? -1
        merchantColumns = columns[.merchant] ?? []
        descriptionColumns = columns[.description] ?? []
        externalIDColumns = columns[.externalID] ?? []
    }

    /// Maps the reader's current record into `row`.
    public func map(_ reader: CSVReader, into row: inout MappedRow) {
        mapRecord(reader, into: &row)
    }

    /// Maps the current entry of a camt.053 or OFX statement into `row`.
    public func map(_ entries: StatementEntryRecords, into row: inout MappedRow) {
        mapRecord(entries, into: &row)
    }

    /// The one body of both: specialised for each source, not dispatched per cell.
    func mapRecord<R: StatementRecords>(_ reader: R, into row: inout MappedRow) {
        row = MappedRow(paidBy: rules.defaultPaidBy, encoding: rules.encoding)
        let count = reader.fieldCount
        // Work on a local copy of the cache: one exclusive access to the class per row, not one per cell.
        var cache = cellCache
        cellCache = CellCache()
        defer { cellCache = cache }
        if cache.cells.count < count {
            cache.cells = Array(repeating: nil, count: count)
            cache.decoded = Array(repeating: false, count: count)
        } else {
            for index in 0..<count { cache.decoded[index] = false }
        }
        for index in cache.matches.indices { cache.matches[index] = nil }
        cache.recordDecoded = false

        // Rules first: a footer or a note of fewer or more fields than the header is a row to
        // skip more often than a mistake (`if row matches ^Kontostand then skip`).
        guard let overrides = applyConditions(reader, &row, &cache) else { return }
        guard count >= fieldsNeeded, !hasExtraFields(reader) else {
            let expected = headerCount.map { "the header has \($0)" } ?? "the rules read column \(fieldsNeeded)"
            row.problems.append(.init("row", "\(count) field\(count == 1 ? "" : "s"), but \(expected)"))
            return
        }
        let currency = readCurrency(reader, &row, &cache)
        if dateColumn >= 0 {
            switch rules.dateFormat.parse(reader.field(dateColumn)) {
            case .success(let value): row.date = value
            case .failure(let failure): row.problems.append(.init("date", failure))
            }
        }
        if let currency {
            readAmount(reader, currency: currency, &row)
            if row.skipped { return }
        }
        if let statementMerchant = statementText("merchant", merchantColumns, reader, &row, &cache) {
            row.statementMerchant = statementMerchant
            row.merchant = statementMerchant
        }
        if let merchant = overrides.merchant { row.merchant = merchant }
        if let description = statementText("description", descriptionColumns, reader, &row, &cache) { row.description = description }
        if let description = overrides.description { row.description = description }
        if let id = statementText("external-id", externalIDColumns, reader, &row, &cache), !id.isEmpty { row.externalID = id }
        readCategory(reader, given: overrides.category, &row, &cache)
    }

    /// What the rules' `if ... then` actions set; nil when one skips the row.
    struct Overrides {
        var category: String?, merchant: String?, description: String?
    }

    /// Tests the conditions against the row as the statement has it; later actions win over
    /// earlier ones.
    func applyConditions<R: StatementRecords>(_ reader: R, _ row: inout MappedRow, _ cache: inout CellCache) -> Overrides? {
        var overrides = Overrides()
        for (index, condition) in rules.conditions.enumerated() {
            guard let matches = matches(conditionSubjects[index], reader, &cache), matches[conditionSlots[index]] else { continue }
            switch condition.action {
            case .skip:
                row.skippedBy = condition.line
                return nil
            case .category(let code): overrides.category = code
            case .merchant(let text): overrides.merchant = text
            case .description(let text): overrides.description = text
            case .paidBy(let paidBy): row.paidBy = paidBy
            }
        }
        return overrides
    }

    /// Whether each condition that tests `subject` matches the row, in the rules' order; nil when
    /// the row does not have the subject's text or it is not text. A subject of columns is
    /// looked up by its bytes first; a record, rarely repeated, is tested each time.
    func matches<R: StatementRecords>(_ subject: Int, _ reader: R, _ cache: inout CellCache) -> [Bool]? {
        if let known = cache.matches[subject] { return known }
        let columns = subjectColumns[subject]
        let matches: [Bool]?
        if columns.isEmpty {
            matches = record(reader, &cache).map { evaluate(subject, $0) }
        } else if subjectFieldsNeeded[subject] > reader.fieldCount {
            return nil
        } else if columns.count == 1 {
            matches = recentMatches(subject, Self.trim(reader.field(columns[0])), reader, &cache)
        } else {
            var key = subjectKey
            subjectKey = []
            defer { subjectKey = key }
            Self.join(columns, reader, into: &key)
            matches = key.withUnsafeBytes { recentMatches(subject, $0, reader, &cache) }
        }
        cache.matches[subject] = matches
        return matches
    }

    /// The results of `subject`'s conditions for the text whose bytes are `bytes`: known from a
    /// row before, or tested now.
    func recentMatches<R: StatementRecords>(
        _ subject: Int, _ bytes: UnsafeRawBufferPointer, _ reader: R,
        _ cache: inout CellCache
    ) -> [Bool]? {
        let recent = recentMatches[subject].find(bytes)
        if let known = recent.value { return known }
        let matches = text(subjectColumns[subject], reader, &cache).map { evaluate(subject, $0) }
        recentMatches[subject].keep(matches, for: bytes, at: recent.place)
        return matches
    }

    /// The results of `subject`'s conditions for `text`.
    func evaluate(_ subject: Int, _ text: String) -> [Bool] {
        let folded = CaseFolding.FoldedText(text)
        return subjectConditions[subject].map { rules.conditions[$0].regex.matches(folded) }
    }
}
