import ExpenseSupport

/// How a statement writes amounts (the rules' `decimal-mark` and `thousands-separator`):
/// `1234.56`, `1,234.56`, `1.234,56`, `1 234,56`, `1'234.56`. Nothing is guessed: a '.' or ','
/// that is neither the declared decimal mark nor the declared thousands separator makes the
/// amount invalid, so `1,234` cannot silently become 1.234 or 1234 (the failure hledger and
/// Firefly III users keep reporting with European formats).
///
/// Signs: a leading '-' or '+', a trailing '-' (`12,30-`, as SAP-style exports write debits)
/// or parentheses (`(12.30)`, accounting style). A currency's symbol or code at the amount
/// (`-$7,971.39`, `12,50 €`, `EUR 12.50`: `CurrencyMark`) is not part of it.
public struct AmountFormat: Sendable, Equatable {
    public var decimalMark: UInt8 = UInt8(ascii: ".")
    /// The byte grouping thousands, or nil for none; `space` also accepts a no-break space.
    public var thousandsSeparator: UInt8?

    public static let space = UInt8(ascii: " ")

    public typealias Failure = ValueFailure

    /// The amount in `bytes` (in `encoding`) in minor units of a currency with `minorDigits`
    /// decimals; empty text is `.success(nil)`.
    public func parse(_ bytes: UnsafeRawBufferPointer, minorDigits: Int, encoding: TextEncoding = .utf8) -> Result<Int64?, Failure> {
        var start = 0
        var end = bytes.count
        while start < end, Self.isBlank(bytes[start]) { start += 1 }
        while end > start, Self.isBlank(bytes[end - 1]) { end -= 1 }
        guard start < end else { return .success(nil) }
        guard let marked = Self.marked(bytes, start, end, encoding) else { return number(bytes, start, end, minorDigits: minorDigits) }
        // The amount without its currency, read as any; a failure quotes the cell.
        return Array(marked.amount.utf8).withUnsafeBytes { number($0, 0, $0.count, minorDigits: minorDigits) }
            .mapError { Failure(value: bytes, $0.words) }
    }

    /// The amount in `bytes[start..<end]`, trimmed, which holds no currency mark.
    private func number(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, minorDigits: Int) -> Result<Int64?, Failure> {
        guard start < end else { return .failure(Failure(value: bytes, " is not an amount")) }
        var start = start
        var end = end
        var negative = false
        if bytes[start] == UInt8(ascii: "("), bytes[end - 1] == UInt8(ascii: ")") {
            negative = true
            start += 1
            end -= 1
        } else if bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "+") {
            negative = bytes[start] == UInt8(ascii: "-")
            start += 1
        } else if bytes[end - 1] == UInt8(ascii: "-") {
            negative = true
            end -= 1
        }
        var whole: Int64 = 0
        var wholeDigits = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var inFraction = false
        var groups: [Int] = []  // digits per thousands group, when grouped
        var groupDigits = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                let digit = Int64(byte - 0x30)
                if inFraction {
                    // Extra zeros lose nothing (12.3400 EUR is 12.34); other extra digits would.
                    if fractionDigits < minorDigits {
                        fraction = fraction * 10 + digit
                    } else if digit != 0 {
                        return .failure(Failure(value: bytes, " has more than \(minorDigits) decimal\(minorDigits == 1 ? "" : "s")"))
                    }
                    fractionDigits += 1
                } else {
                    guard wholeDigits < 15 else { return .failure(Failure(value: bytes, " is too large")) }
                    whole = whole * 10 + digit
                    wholeDigits += 1
                    groupDigits += 1
                }
            } else if byte == decimalMark, !inFraction {
                inFraction = true
            } else if !inFraction, let separator = thousandsSeparator,
                byte == separator || (separator == Self.space && isNoBreakSpace(bytes, index))
            {
                groups.append(groupDigits)
                groupDigits = 0
                if byte != separator { index += bytes[index] == 0xC2 ? 1 : 0 }  // the second byte of UTF-8's no-break space
            } else {
                return .failure(Failure(value: bytes, unexpected(byte)))
            }
            index += 1
        }
        guard wholeDigits > 0 else { return .failure(Failure(value: bytes, " is not an amount")) }
        if inFraction, fractionDigits == 0 {
            return .failure(Failure(value: bytes, " ends with its decimal mark"))
        }
        if !groups.isEmpty {
            // 1,234,567: a first group of 1-3 digits, then groups of exactly 3.
            groups.append(groupDigits)
            guard (1...3).contains(groups[0]), groups.dropFirst().allSatisfy({ $0 == 3 }) else {
                return .failure(Failure(value: bytes, " has misplaced thousands separators"))
            }
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: Self.power(minorDigits))
        let (magnitude, carry) = scaled.addingReportingOverflow(fraction * Self.power(minorDigits - min(fractionDigits, minorDigits)))
        guard !overflow, !carry else { return .failure(Failure(value: bytes, " is too large")) }
        return .success(negative ? -magnitude : magnitude)
    }

    /// The currency's symbol or code written at the amount in `bytes` (`$`, `€`, `EUR`); nil
    /// when there is none.
    public static func currencyMark(_ bytes: UnsafeRawBufferPointer, encoding: TextEncoding) -> String? {
        var start = 0
        var end = bytes.count
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        return marked(bytes, start, end, encoding)?.mark
    }

    /// The amount in `bytes[start..<end]` without a currency mark, and the mark; nil when there
    /// is none. Only a cell with a byte that is no part of a number at either end (after a
    /// sign) is decoded: a mark stands there, and most amounts have none.
    private static func marked(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ encoding: TextEncoding) -> (
        amount: String, mark: String
    )? {
        func isSign(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
        }
        func isNumber(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || isSign(byte)
        }
        guard start < end else { return nil }
        let first = isSign(bytes[start]) && start + 1 < end ? bytes[start + 1] : bytes[start]
        let last = isSign(bytes[end - 1]) && end - 1 > start ? bytes[end - 2] : bytes[end - 1]
        guard !isNumber(first) || !isNumber(last),
            let text = encoding.decode(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        else { return nil }
        return CurrencyMark.split(text)
    }

    /// The words after the value for an unexpected `byte` in it.
    private func unexpected(_ byte: UInt8) -> String {
        if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "'") || byte == Self.space {
            let name = byte == Self.space ? "space" : "'\(Character(Unicode.Scalar(byte)))'"
            let mark = "'\(Character(Unicode.Scalar(decimalMark)))'"
            if byte == decimalMark {
                return " has more than one decimal mark \(mark)"
            }
            let declared = thousandsSeparator == nil ? "and no thousands separator is declared" : "nor the thousands separator"
            return ": \(name) is not the decimal mark (\(mark)) \(declared); "
                + "declare what it is with 'decimal-mark' or 'thousands-separator' in the rules"
        }
        return " is not an amount"
    }

    private func isNoBreakSpace(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> Bool {
        // U+00A0: 0xC2 0xA0 in UTF-8, 0xA0 in Latin-1 and Windows-1252.
        bytes[index] == 0xA0 || (bytes[index] == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func power(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }
}
