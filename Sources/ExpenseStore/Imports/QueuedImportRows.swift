import CSQLite
import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The rows an import has queued for its next INSERT, kept as SQLite is given them: each row's
/// `columns` values in the order of `SQLiteImportWriter.sql(rows:)`, numbers as they are and
/// texts as bytes in one buffer, each followed by a NUL. Binding then hands SQLite pointers into
/// that buffer (SQLITE_STATIC) instead of a copy of every text in an allocation of its own, and,
/// told the texts end in NUL, SQLite's date CHECKs read them without copying them again. Nothing
/// of an `Expense` is retained.
///
/// Both buffers are its own, grown by hand: an array's append checks its uniqueness and capacity
/// for every value, which cost as much as the values themselves. Noncopyable, as it owns them.
struct QueuedImportRows: ~Copyable {
    static let columns = 15

    private enum Value {
        case null
        case integer(Int64)
        /// Bytes of `texts`; `terminated` when no NUL comes before the one that ends them.
        case text(offset: Int, count: Int, terminated: Bool)
    }

    /// Room for `rows` rows' values, allocated once.
    private let values: UnsafeMutablePointer<Value>
    private let valueCapacity: Int
    private var valueCount = 0
    private var texts: UnsafeMutablePointer<UInt8>
    private var textCapacity = 4096
    private var textCount = 0
    private(set) var count = 0
    // Consecutive rows of a statement share their date and rate: format each once.
    private var lastDate: CalendarDate?
    private var lastDateText = ""
    private var lastRate: ExchangeRate?
    private var lastRateText = ""
    private var lastRateDate: CalendarDate?
    private var lastRateDateText = ""

    init(rows: Int) {
        valueCapacity = max(1, rows) * Self.columns
        values = .allocate(capacity: valueCapacity)
        texts = .allocate(capacity: textCapacity)
    }

    deinit {
        values.deinitialize(count: valueCount)
        values.deallocate()
        texts.deallocate()
    }

    mutating func append(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) {
        if expense.date != lastDate {
            lastDate = expense.date
            lastDateText = expense.date.description
        }
        append(expense.reportID.map { .integer($0) } ?? .null)
        append(lastDateText)
        append(expense.category)
        append(expense.merchant)
        append(expense.description)
        append(.integer(expense.amount.minorUnits))
        append(expense.amount.currency.code)
        if let conversion = expense.conversion {
            // Its text depends on the digits, not only the value; and comparing digits costs a
            // tenth of comparing values, which reduces quotients.
            if lastRate.map({ conversion.rate.hasSameDigits(as: $0) }) != true {
                lastRate = conversion.rate
                lastRateText = conversion.rate.description
            }
            append(lastRateText)
            if let rateDate = conversion.rateDate {
                if rateDate != lastRateDate {
                    lastRateDate = rateDate
                    lastRateDateText = rateDate.description
                }
                append(lastRateDateText)
            } else {
                append(.null)
            }
            append(conversion.source.rawValue)
            append(.integer(conversion.converted.minorUnits))
        } else {
            for _ in 0..<4 { append(.null) }
        }
        append(expense.paidBy.rawValue)
        append(.integer(Int64(line)))
        switch fingerprint {
        case .contentKey(let key):
            append(.integer(key))
            append(.null)
        case .externalID(let id):
            append(.null)
            append(id)
        }
        count += 1
    }

    private mutating func append(_ value: Value) {
        precondition(valueCount < valueCapacity, "more rows queued than the statement has room for")
        (values + valueCount).initialize(to: value)
        valueCount += 1
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let terminated = bytes.isEmpty || memchr(bytes.baseAddress!, 0, bytes.count) == nil
        append(.text(offset: textCount, count: bytes.count, terminated: terminated))
        if textCount + bytes.count + 1 > textCapacity {
            textCapacity = max(textCapacity * 2, textCount + bytes.count + 1)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: textCapacity)
            grown.update(from: texts, count: textCount)
            texts.deallocate()
            texts = grown
        }
        if let base = bytes.baseAddress { (texts + textCount).update(from: base, count: bytes.count) }
        texts[textCount + bytes.count] = 0
        textCount += bytes.count + 1
    }

    /// Binds the rows to `handle` from parameter `first` on and runs `body`, which steps it, then
    /// resets it. The bindings stay, pointing into the buffer, but every use binds every
    /// parameter again before it steps.
    func bind<T>(to handle: OpaquePointer, from first: Int32, _ body: () -> T) -> T {
        defer { sqlite3_reset(handle) }
        for index in 0..<valueCount {
            let parameter = first + Int32(index)
            switch values[index] {
            case .null: sqlite3_bind_null(handle, parameter)
            case .integer(let number): sqlite3_bind_int64(handle, parameter, number)
            case .text(let offset, let count, let terminated):
                _ = (texts + offset).withMemoryRebound(to: CChar.self, capacity: count + 1) {
                    sqlite3_bind_text(handle, parameter, $0, terminated ? -1 : Int32(count), csqlite_static())
                }
            }
        }
        return body()
    }

    mutating func removeAll() {
        values.deinitialize(count: valueCount)
        valueCount = 0
        textCount = 0
        count = 0
    }
}
