#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import ExpenseCore
import ExpenseSupport

/// The rows an import has queued for its next INSERT, kept as SQLite is given them: each row's
/// `columns` values in the order of `SQLiteImportWriter.sql(rows:)`, numbers as they are and
/// texts as bytes in one buffer, each followed by a NUL. Binding then hands SQLite pointers into
/// that buffer (SQLITE_STATIC) instead of a copy of every text in an allocation of its own, and,
/// told the texts end in NUL, SQLite's date CHECKs read them without copying them again. Nothing
/// of an `Expense` is retained.
///
/// A struct, mutated in place: the writer reaches it with one access a row, not one per value.
struct QueuedImportRows {
    static let columns = 15

    private enum Value {
        case null
        case integer(Int64)
        /// Bytes of `texts`; `terminated` when no NUL comes before the one that ends them.
        case text(offset: Int, count: Int, terminated: Bool)
    }

    private var values: [Value] = []
    private var texts: [UInt8] = []
    private(set) var count = 0
    // Consecutive rows of a statement share their date and rate: format each once.
    private var lastDate: CalendarDate?
    private var lastDateText = ""
    private var lastRate: ExchangeRate?
    private var lastRateText = ""
    private var lastRateDate: CalendarDate?
    private var lastRateDateText = ""

    mutating func append(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) {
        if expense.date != lastDate {
            lastDate = expense.date
            lastDateText = expense.date.description
        }
        values.append(expense.reportID.map { .integer($0) } ?? .null)
        append(lastDateText)
        append(expense.category)
        append(expense.merchant)
        append(expense.description)
        values.append(.integer(expense.amount.minorUnits))
        append(expense.amount.currency.code)
        if let conversion = expense.conversion {
            if conversion.rate != lastRate {
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
                values.append(.null)
            }
            append(conversion.source.rawValue)
            values.append(.integer(conversion.converted.minorUnits))
        } else {
            values.append(contentsOf: repeatElement(.null, count: 4))
        }
        append(expense.paidBy.rawValue)
        values.append(.integer(Int64(line)))
        switch fingerprint {
        case .contentKey(let key):
            values.append(.integer(key))
            values.append(.null)
        case .externalID(let id):
            values.append(.null)
            append(id)
        }
        count += 1
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            let terminated = bytes.isEmpty || memchr(bytes.baseAddress!, 0, bytes.count) == nil
            values.append(.text(offset: texts.count, count: bytes.count, terminated: terminated))
            texts.append(contentsOf: bytes)
            texts.append(0)
        }
    }

    /// Binds the rows to `handle` from parameter `first` on and runs `body`, which steps it. The
    /// bindings are cleared before this returns: SQLite keeps no pointer into the buffer.
    func bind<T>(to handle: OpaquePointer, from first: Int32, _ body: () -> T) -> T {
        texts.withUnsafeBufferPointer { texts in
            defer { sqlite3_reset(handle); sqlite3_clear_bindings(handle) }
            for (index, value) in values.enumerated() {
                let parameter = first + Int32(index)
                switch value {
                case .null: sqlite3_bind_null(handle, parameter)
                case .integer(let number): sqlite3_bind_int64(handle, parameter, number)
                case .text(let offset, let count, let terminated):
                    _ = texts.baseAddress!.advanced(by: offset).withMemoryRebound(to: CChar.self, capacity: count + 1) {
                        sqlite3_bind_text(handle, parameter, $0, terminated ? -1 : Int32(count), csqlite_static())
                    }
                }
            }
            return body()
        }
    }

    mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        count = 0
    }
}
