import XCTest

@testable import StatementReading

/// How the reader tests (camt, OFX, MT940, QIF, the markup scanner) read a statement's text
/// and take the failure it ends in: each class says how it reads (`read`), and `failure` is
/// the same for all.
protocol StatementTextReading {
    associatedtype Read
    /// `text` read as the class's reader reads a file.
    func read(_ text: String) throws(StatementFailure) -> Read
}

extension StatementTextReading {
    /// Why reading `text` fails, or nil when it reads.
    func failure(_ text: String) -> StatementFailure? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }
}
