import ExpenseTestSupport
import Foundation
import XCTest

/// What only the binary shows of bad input: bytes that are no UTF-8, through a shell.
extension BadInputTests {
    /// Runs `command` through sh, where `$0` is the binary: the only way to hand it bytes that
    /// are not UTF-8 (a Swift String cannot hold them).
    private func shell(_ command: String) throws -> ExpensesProcess.Result {
        try app.run(["-c", command, ExpensesProcess.binary.path], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// A --db path with a Latin-1 byte opened another file (the byte became U+FFFD); receipt
    /// capture of such a file said "no such file". Such paths are refused, with their bytes.
    func testPathsThatAreNotUTF8AreRefusedNotChanged() throws {
        let hint =
            "hint: expenses takes its arguments as UTF-8 text; for a file whose name is not, rename it "
            + "(convmv -f latin1 -t utf-8 does) or give a link to it with a UTF-8 name\n"
        let before = try snapshot()
        let db = try shell(#"exec "$0" --db "$(printf 'caf\351.sqlite')" report new Trip"#)
        XCTAssertEqual(db.status, 64)
        XCTAssertEqual(db.stderr, "expenses: error: argument 2 is not valid UTF-8: 'caf\\xE9.sqlite'\n" + hint)
        let variable = try shell(#"EXPENSES_DB="$(printf 'caf\351.sqlite')" exec "$0" report new Trip"#)
        XCTAssertEqual(variable.status, 64)
        XCTAssertEqual(variable.stderr, "expenses: error: EXPENSES_DB is not valid UTF-8: 'caf\\xE9.sqlite'\n" + hint)

        let capture = try shell(
            #"printf '\211PNG\r\n\032\n' > "$(printf 'r\351.png')" && exec "$0" receipt capture "$(printf 'r\351.png')""#)
        XCTAssertEqual(capture.status, 64)
        XCTAssertEqual(capture.stderr, "expenses: error: argument 3 is not valid UTF-8: 'r\\xE9.png'\n" + hint)
        let names = try FileManager.default.contentsOfDirectory(atPath: app.directory.path)
        XCTAssertFalse(names.contains { $0.hasPrefix("caf") }, "no database was created under any name: \(names)")

        // A script with such a path on a line runs no line at all.
        let script = try shell(#"printf 'report new Trip\nreport export 1 -o caf\351.html\n' > s.expenses && exec "$0" run s.expenses"#)
        XCTAssertEqual(script.status, 65)
        XCTAssertEqual(
            script.stderr,
            """
            expenses: error: s.expenses:2: not valid UTF-8: 'report export 1 -o caf\\xE9.html'
            hint: save the script as UTF-8; nothing of it was run

            """)
        XCTAssertEqual(try snapshot(), before)
    }
}
