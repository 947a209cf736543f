import ExpenseCore
import ExpenseSupport
import XCTest

/// Asserts that `body` throws an `ExpenseError` of `kind`, optionally with text in its message
/// or hint, or with a code (whose hint the app words), and returns the error for further checks.
@discardableResult
public func assertExpenseError<T>(
    _ body: @autoclosure () throws -> T, kind: ExpenseError.Kind, messageContains: String? = nil,
    hintContains: String? = nil, code: ExpenseError.Code? = nil, file: StaticString = #filePath, line: UInt = #line
) -> ExpenseError? {
    do {
        let value = try body()
        XCTFail("expected an ExpenseError (\(kind)), got \(value)", file: file, line: line)
        return nil
    } catch let error as ExpenseError {
        XCTAssertEqual(error.kind, kind, "kind of \(error.message)", file: file, line: line)
        if let messageContains {
            XCTAssertTrue(
                error.message.contains(messageContains),
                "message '\(error.message)' lacks '\(messageContains)'", file: file, line: line)
        }
        if let hintContains {
            XCTAssertTrue(
                error.hint?.contains(hintContains) == true,
                "hint '\(error.hint ?? "nil")' lacks '\(hintContains)'", file: file, line: line)
        }
        if let code {
            XCTAssertEqual(error.code, code, "code of \(error.message)", file: file, line: line)
        }
        return error
    } catch {
        XCTFail("expected an ExpenseError, got \(type(of: error)): \(error)", file: file, line: line)
        return nil
    }
}

/// A currency of the compiled-in table; fails the test when the table lacks it.
public func currency(_ code: String, file: StaticString = #filePath, line: UInt = #line) throws -> Currency {
    try XCTUnwrap(CurrencyTable.standard.currency(code), "no \(code) in the table", file: file, line: line)
}

/// A deterministic pseudo-random sequence (SplitMix64), so that property tests are repeatable.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
