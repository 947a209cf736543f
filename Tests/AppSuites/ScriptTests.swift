import ExpenseTestSupport
import Foundation
import XCTest

/// Scripts: `run FILE`, piped stdin, shebang files; line-numbered errors, --bail, --transaction.
final class ScriptTests: EngineTestCase {
    var app: App!

    override func setUpWithError() throws { app = try App() }
    override func tearDown() { app = nil }

    static let script = """
        # A trip, with two mistakes on known lines.
        report new "Basel \\"trade\\" fair" --from 2026-04-01 --to 2026-04-03 --currency CHF
        expense add --report 1 --date 2026-04-01 --amount 120 \\
            --category lodging --merchant 'Hotel Drei Könige'
        expense add --report 9 --amount 1 --category meals
        echo after the first mistake   # a comment after a command
        expense add --report 1 --amount 12.345 --category meals
        expense add --report 1 --date 2026-04-02 --amount 30 --category meals

        """

    @discardableResult
    func write(_ text: String, to name: String = "trip.expenses") throws -> String {
        let path = app.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
