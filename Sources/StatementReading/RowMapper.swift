import ExpenseCore
import ExpenseSupport

/// Applies a rules file to the records of one statement, whose header (if any) it has resolved
/// the rules' column names against. Runs once per row of files with millions of them, so it
/// works on the reader's bytes and decodes only the cells it uses, each once.
public final class RowMapper {
    private let rules: ImportRules
    private let categories: Set<String>
    private let knownCategories: [String]
    // 0-based columns of the mapped fields; -1 when the rules do not map the field.
    private let dateColumn: Int, amountColumn: Int, debitColumn: Int, creditColumn: Int, currencyColumn: Int,
                categoryColumn: Int
    private let merchantColumns: [Int], descriptionColumns: [Int], externalIDColumns: [Int]
    /// Each distinct subject the conditions test, as 0-based columns joined with spaces (none:
    /// the record as the file has it), which one each condition tests, and where its result is
    /// among those of its subject's conditions: a row's subject is folded and looked up once for
    /// all the rules that test it.
    private let subjectColumns: [[Int]]
    private let conditionSubjects: [Int]
    private let conditionSlots: [Int]
    /// Per subject, the conditions that test it, in the rules' order.
    private let subjectConditions: [[Int]]
    /// Per subject, the fields a row needs to have it (0 for the record).
    private let subjectFieldsNeeded: [Int]
    /// The fewest fields a row needs for every column the rules read.
    private let fieldsNeeded: Int
    private let headerCount: Int?
    private var lastCurrency: (code: [UInt8], currency: Currency)?
    /// Why each unknown currency text seen is unknown, with its did-you-mean: looking for one
    /// among 180 codes costs more than the rest of the row.
    private var unknownCurrencies: [String: String] = [:]
    private var cellCache = CellCache()
    /// The bytes of the cells a field or a condition's subject joins, reused from row to row.
    private var joinedBytes: [UInt8] = []
    private var subjectKey: [UInt8] = []

    /// The current row's decoded cells, so that conditions and fields read a cell once.
    private struct CellCache {
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
    private var recentCells = RecentByBytes<String?>(limit: 4096)
    /// Per subject of the conditions, the results of its conditions for texts tested in rows
    /// before, by the text's bytes: merchants repeat, and one lookup for all of a subject's
    /// conditions costs less than folding the text and a regexec each.
    private var recentMatches: [RecentByBytes<[Bool]?>]
    /// The first cell that looks like UTF-8 read in the rules' single-byte encoding
    /// (`GaststÃ¤tte`), as the file has it, and the line of its row; nil while none has.
    public private(set) var misread: (text: [UInt8], line: Int)?

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
                    throw rules.error(line, "there is no column \(position): \(file) has \(header.count) column\(header.count == 1 ? "" : "s")")
                }
                return position - 1
            case .name(let name):
                guard let header else { return 0 }   // ImportRules refuses names without a header
                var matches = header.indices.filter { header[$0] == name }
                if matches.isEmpty { matches = header.indices.filter { header[$0].lowercased() == name.lowercased() } }
                if matches.count > 1 {
                    throw rules.error(line, "\(file) has \(matches.count) columns named '\(name)'",
                                      hint: "map it by position instead: \(matches.map { String($0 + 1) }.joined(separator: " or "))")
                }
                guard let index = matches.first else {
                    let suggestion = Suggestion.closest(to: name, among: header)
                    throw rules.error(line, "no column '\(name)' in \(file)",
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
        var subjectColumns: [[Int]] = [], conditionSubjects: [Int] = []
        for condition in rules.conditions {
            let tested: [Int]
            switch condition.subject {
            case .field(let field):
                tested = columns[field] ?? []   // never empty: ImportRules refuses a condition on a field it does not map
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
        var subjectConditions = Array(repeating: [Int](), count: subjectColumns.count), conditionSlots: [Int] = []
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
    private struct Overrides {
        var category: String?, merchant: String?, description: String?
    }

    /// Tests the conditions against the row as the statement has it; later actions win over
    /// earlier ones.
    private func applyConditions(_ reader: CSVReader, _ row: inout MappedRow, _ cache: inout CellCache) -> Overrides? {
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
    private func matches(_ subject: Int, _ reader: CSVReader, _ cache: inout CellCache) -> [Bool]? {
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
    private func recentMatches(_ subject: Int, _ bytes: UnsafeRawBufferPointer, _ reader: CSVReader,
                               _ cache: inout CellCache) -> [Bool]? {
        let recent = recentMatches[subject].find(bytes)
        if let known = recent.value { return known }
        let matches = text(subjectColumns[subject], reader, &cache).map { evaluate(subject, $0) }
        recentMatches[subject].keep(matches, for: bytes, at: recent.place)
        return matches
    }

    /// The results of `subject`'s conditions for `text`.
    private func evaluate(_ subject: Int, _ text: String) -> [Bool] {
        let folded = CaseFolding.FoldedText(text)
        return subjectConditions[subject].map { rules.conditions[$0].regex.matches(folded) }
    }

    /// The text of `columns` for `field`; nil when the rules read no column for it, or it is not
    /// text (a problem of the row). No text is stored with a NUL: readers of C strings would see
    /// half of it.
    private func statementText(_ field: String, _ columns: [Int], _ reader: CSVReader, _ row: inout MappedRow,
                               _ cache: inout CellCache) -> String? {
        guard !columns.isEmpty else { return nil }
        guard let text = text(columns, reader, &cache) else {
            row.problems.append(.init(field, invalidText))
            return nil
        }
        // Through the UTF-8 storage: the scan of a String's UTF8View cost 6 % of reading a row.
        let holdsNUL = text.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? text.utf8.contains(0)
        if holdsNUL { row.problems.append(.init(field, "holds a NUL character (U+0000), which no text may hold")) }
        return text
    }

    /// The category an action gave, else the statement's column, else the rules' default; checked.
    private func readCategory(_ reader: CSVReader, given: String?, _ row: inout MappedRow, _ cache: inout CellCache) {
        var code = given
        if code == nil, categoryColumn >= 0 {
            if let mapped = cell(categoryColumn, reader, &cache) {
                if !mapped.isEmpty { code = mapped.lowercased() }
            } else {
                row.problems.append(.init("category", invalidText))
            }
        }
        guard let code = code ?? rules.defaultCategory else {
            row.problems.append(.init("category", "none given, and the rules have no 'default category'"))
            return
        }
        if categories.contains(code) {
            row.category = code
        } else {
            let suggestion = Suggestion.closest(to: code, among: knownCategories)
            row.problems.append(.init("category", "unknown category '\(code)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")))
        }
    }

    /// More fields than the header names, and not just empty ones from trailing separators: a
    /// shifted row, such as an unquoted `1,5` in a comma-separated file, whose columns cannot
    /// be trusted.
    private func hasExtraFields(_ reader: CSVReader) -> Bool {
        guard let headerCount, reader.fieldCount > headerCount else { return false }
        return (headerCount..<reader.fieldCount).contains { !Self.trim(reader.field($0)).isEmpty }
    }

    private func readCurrency(_ reader: CSVReader, _ row: inout MappedRow, _ cache: inout CellCache) -> Currency? {
        guard currencyColumn >= 0 else { return rules.defaultCurrency }
        let bytes = Self.trim(reader.field(currencyColumn))
        if let last = lastCurrency, last.code.elementsEqual(bytes) { return last.currency }
        guard let text = cell(currencyColumn, reader, &cache) else {
            row.problems.append(.init("currency", invalidText))
            return nil
        }
        if text.isEmpty {
            guard let fallback = rules.defaultCurrency else {
                row.problems.append(.init("currency", "empty, and the rules have no 'default currency'"))
                return nil
            }
            return fallback
        }
        guard let currency = CurrencyTable.standard.currency(text) else {
            if let known = unknownCurrencies[text] {
                row.problems.append(.init("currency", known))
                return nil
            }
            let suggestion = Suggestion.closest(to: text.uppercased(), among: CurrencyTable.standard.all.map(\.code))
            let problem = "unknown currency '\(text)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
            if unknownCurrencies.count >= 4096 { unknownCurrencies.removeAll(keepingCapacity: true) }
            unknownCurrencies[text] = problem
            row.problems.append(.init("currency", problem))
            return nil
        }
        lastCurrency = (Array(bytes), currency)
        return currency
    }

    private func readAmount(_ reader: CSVReader, currency: Currency, _ row: inout MappedRow) {
        let format = rules.amountFormat, digits = currency.minorDigits
        func parse(_ column: Int, _ field: ImportRules.Field) -> (value: Int64?, ok: Bool) {
            guard column >= 0 else { return (nil, true) }
            switch format.parse(reader.field(column), minorDigits: digits) {
            case .success(let value): return (value, true)
            case .failure(var failure):
                if failure.words.hasSuffix("decimals") { failure.words += " (\(currency.code))" }
                row.problems.append(.init(field.rawValue, failure))
                return (nil, false)
            }
        }
        let minor: Int64
        if amountColumn >= 0 {
            let (value, ok) = parse(amountColumn, .amount)
            guard ok else { return }
            guard let value else {
                row.problems.append(.init("amount", "empty"))
                return
            }
            minor = rules.debits == .positive ? value : -value
        } else {
            // Separate columns: whatever their signs, a debit is spent and a credit comes back.
            let debit = parse(debitColumn, .debit), credit = parse(creditColumn, .credit)
            guard debit.ok, credit.ok else { return }
            let spent = (debit.value ?? 0).magnitude, back = (credit.value ?? 0).magnitude
            if spent != 0, back != 0 {
                row.problems.append(.init("amount", "both the debit and the credit column are filled"))
                return
            }
            guard spent != 0 || back != 0 else {
                row.problems.append(.init("amount", debit.value == nil && credit.value == nil
                                        ? "neither the debit nor the credit column is filled" : "0 is not an expense"))
                return
            }
            minor = spent != 0 ? Int64(spent) : -Int64(back)
        }
        guard minor != 0 else {
            row.problems.append(.init("amount", "0 is not an expense"))
            return
        }
        // As for an amount typed in (`Money.parse`): beyond it, totals could not be kept exact.
        guard minor.magnitude <= Money.maximumMinorUnits else {
            row.problems.append(.init("amount", "\(Money(minorUnits: minor, currency: currency)) is beyond the largest amount, "
                                    + "\(Money(minorUnits: Money.maximumMinorUnits, currency: currency))"))
            return
        }
        row.amount = Money(minorUnits: minor, currency: currency)
        if minor < 0, rules.credits == .skip { row.skippedBy = rules.lines["credits"] ?? 0 }
    }

    private let invalidText = "not valid UTF-8; if the file is Latin-1 or Windows-1252, add 'encoding windows-1252' to the rules"

    /// The record decoded, for a condition on the row; nil when it is not valid in the encoding:
    /// the condition does not apply.
    private func record(_ reader: CSVReader, _ cache: inout CellCache) -> String? {
        if !cache.recordDecoded {
            cache.record = rules.encoding.decode(reader.rawRecord)
            cache.recordDecoded = true
        }
        return cache.record
    }

    /// The cells of `indices` joined with spaces, empty ones left out; nil when undecodable.
    private func text(_ indices: [Int], _ reader: CSVReader, _ cache: inout CellCache) -> String? {
        if indices.count == 1 { return cell(indices[0], reader, &cache) }
        // The cells' bytes joined, then decoded once: decoding each and joining the texts cost
        // more than the rest of the row's text. The encodings decode byte by byte (UTF-8 by whole
        // characters, which a space between cells does not split), so the text is the same.
        for index in indices { noteMisread(Self.trim(reader.field(index)), reader, &cache) }
        var joined = joinedBytes
        joinedBytes = []
        defer { joinedBytes = joined }
        Self.join(indices, reader, into: &joined)
        return joined.withUnsafeBytes { rules.encoding.decode($0) }
    }

    /// The bytes of the cells of `indices`, trimmed, joined with spaces, empty ones left out.
    private static func join(_ indices: [Int], _ reader: CSVReader, into joined: inout [UInt8]) {
        joined.removeAll(keepingCapacity: true)
        for index in indices {
            let bytes = trim(reader.field(index))
            if bytes.isEmpty { continue }
            if !joined.isEmpty { joined.append(0x20) }
            joined.append(contentsOf: bytes)
        }
    }

    /// Cell `index` without surrounding blanks, decoded; nil when not valid in the encoding.
    private func cell(_ index: Int, _ reader: CSVReader, _ cache: inout CellCache) -> String? {
        if !cache.decoded[index] {
            let bytes = Self.trim(reader.field(index))
            // A text of up to 15 bytes is made inside the String, at less cost than finding it.
            let recent = bytes.count > 15 ? recentCells.find(bytes) : nil
            if let known = recent?.value {
                // Its bytes were checked for misread UTF-8 when they were decoded.
                cache.cells[index] = known
            } else {
                let text = rules.encoding.decode(bytes)
                if let recent { recentCells.keep(text, for: bytes, at: recent.place) }
                cache.cells[index] = text
                noteMisread(bytes, reader, &cache)
            }
            cache.decoded[index] = true
        }
        return cache.cells[index]
    }

    /// Keeps `bytes` as `misread` when they are the first cell that looks like UTF-8 read in the
    /// rules' single-byte encoding.
    private func noteMisread(_ bytes: UnsafeRawBufferPointer, _ reader: CSVReader, _ cache: inout CellCache) {
        if cache.checksEncoding, rules.encoding.misreads(bytes) {
            cache.checksEncoding = false
            misread = (Array(bytes), reader.recordLine)
        }
    }

    /// The bytes without leading and trailing spaces and tabs.
    @inline(__always)
    public static func trim(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
