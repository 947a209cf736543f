import ExpenseCore
import Foundation
import XCTest

@testable import ExpenseSupport
@testable import Rendering

/// The journal's files as the programs that read them read them: hledger's and beancount's own
/// checkers, and DATEV's Buchungsstapel parsed back as Windows-1252 CSV.
final class JournalFormatTests: XCTestCase {
    private let day = CalendarDate(year: 2026, month: 3, day: 9)!
    private let eur = Currency(code: "EUR", minorDigits: 2, name: "Euro")

    /// Hostile text in every place a traveller's words go: quotes, semicolons, line breaks,
    /// escapes, a bidi override, combining marks, a character Windows-1252 lacks.
    private let hostile = "Caf\u{0065}\u{0301} \"Zum ; Ochsen\"\r\n\u{1B}[31m\\n \u{202E}evil \u{0151}rs \u{4E2D} |pipe| tag: x"

    private func entries() -> [JournalEntry] {
        let accounts = BookingAccounts.shipped(.skr03)
        func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }
        let costs = JournalEntry(
            reportID: 3, kind: .report, date: day, text: "Report 3: \(hostile) (alice)", currency: eur,
            postings: [
                Posting(account: accounts.account(category: "lodging"), amount: money(11_541), document: "R3-I1", text: hostile),
                Posting(account: accounts.account(.inputVAT7), amount: money(720), document: "R3-I1", text: hostile),
                Posting(account: accounts.account(.inputVAT19), amount: money(239), document: "R3-I1", text: hostile),
                Posting(account: accounts.account(.advance), amount: money(-20_000), document: "R3", text: "Advances cleared"),
                Posting(account: accounts.account(.payable), amount: money(7_500), document: "R3", text: "Due to alice"),
            ])
        let payment = JournalEntry(
            reportID: 3, kind: .payment, date: day.adding(days: 3), text: "Report 3", currency: eur,
            postings: [
                Posting(account: accounts.account(.payable), amount: money(-7_500), document: "R3", text: "Paid back"),
                Posting(account: accounts.account(.bank), amount: money(7_500), document: "R3", text: "Paid back"),
            ])
        return [costs, payment]
    }

    private func checked(_ program: String, _ arguments: [String], file text: String, named name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments + [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(program) refused:\n\(output)\n\(text)")
        return output
    }

    func testHledgerChecksTheJournalWithHostileTextInIt() throws {
        let text = HledgerJournal.text(entries(), from: day, to: day.adding(days: 30))
        _ = try checked("/usr/bin/hledger", ["check", "accounts", "commodities", "balanced", "-f"], file: text, named: "t.journal")
        XCTAssertFalse(text.contains("\u{1B}") || text.contains("\u{202E}") || text.contains("\r"))
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("2026-") }.count, 2, "one line a transaction, no text broke one")
    }

    /// bean-check comes from beancount 3 on PyPI, which Scripts/bootstrap installs.
    func testBeanCheckChecksTheLedgerWithHostileTextInIt() throws {
        let beanCheck = (ProcessInfo.processInfo.environment["EXPENSES_PYTHON_TOOLS"] ?? "/opt/expenses-python") + "/bin/bean-check"
        let text = BeancountJournal.text(entries(), from: day, to: day.adding(days: 30))
        _ = try checked(beanCheck, [], file: text, named: "t.beancount")
        XCTAssertTrue(text.contains("\\\"Zum ; Ochsen\\\""), "quotes escaped, the semicolon kept inside the string")
    }

    func testTheDATEVStackReadsBackAsWindows1252CSVWithEveryLineComplete() throws {
        let stack = DATEVBuchungsstapel(
            consultant: 1_234_567, client: 42, chart: .skr03, from: day, to: day.adding(days: 30),
            fiscalYearStart: CalendarDate(year: 2026, month: 1, day: 1)!, created: "20260409120000000", exportedBy: "fiona")
        let bytes = try stack.bytes(entries())
        let text = try XCTUnwrap(String(bytes: bytes, encoding: .windowsCP1252))
        XCTAssertTrue(text.hasSuffix("\r\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        XCTAssertFalse(lines.contains { $0.contains("\n") || $0.contains("\r") }, "CRLF ends lines, nothing else")
        let rows = lines.map(Self.fields)
        // The header: DATEV's 31 fields, in its order.
        XCTAssertEqual(rows[0].count, DATEVBuchungsstapel.headerFieldNames.count)
        XCTAssertEqual(DATEVBuchungsstapel.headerFieldNames.count, 31)
        XCTAssertEqual(Array(rows[0][0..<5]), ["EXTF", "700", "21", "Buchungsstapel", "13"])
        XCTAssertEqual(rows[0][10], "1234567")
        XCTAssertEqual(rows[0][11], "42")
        XCTAssertEqual(rows[0][12], "20260101")
        XCTAssertEqual(rows[0][14], "20260309")
        XCTAssertEqual(rows[0][15], "20260408")
        XCTAssertEqual(rows[0][26], "03")
        XCTAssertEqual(rows[1], DATEVBuchungsstapel.columns)
        XCTAssertEqual(rows[1][36], "KOST1 - Kostenstelle")
        var byAccount: [String: Int64] = [:]
        for row in rows.dropFirst(2) {
            XCTAssertEqual(row.count, DATEVBuchungsstapel.columns.count, row.joined(separator: "|"))
            let cents = Int64(row[0].replacingOccurrences(of: ",", with: ""))!
            XCTAssertTrue(row[0].contains(","), "a decimal comma")
            let signed = row[1] == "S" ? cents : -cents
            byAccount[row[6], default: 0] += signed
            byAccount[row[7], default: 0] -= signed
            XCTAssertEqual(row[9].count, 4, "Belegdatum DDMM")
            XCTAssertLessThanOrEqual(row[10].count, 36)
            XCTAssertLessThanOrEqual(row[13].count, 60)
            XCTAssertEqual(row[36], "", "KOST1 left for a later routing issue")
        }
        XCTAssertEqual(byAccount["4666"], 11_541)
        XCTAssertEqual(byAccount["1571"], 720)
        XCTAssertEqual(byAccount["1530"], -20_000)
        XCTAssertEqual(byAccount["1200"], 7_500)
        XCTAssertEqual(byAccount["1740"], 0, "the report's payable, then its payment, net to nothing")
        XCTAssertEqual(byAccount.values.reduce(0, +), 0)
        XCTAssertTrue(rows[2][13].hasPrefix("Café \"Zum ; Ochsen\""), "é kept, the quotes read back: \(rows[2][13])")
        XCTAssertTrue(rows[2][13].contains("ors ?"), "ő without its mark, 中 a question mark: \(rows[2][13])")
    }

    func testADATEVStackIsInEurosOnly() throws {
        var entry = entries()[1]
        entry.currency = Currency(code: "CHF", minorDigits: 2, name: "Swiss franc")
        let stack = DATEVBuchungsstapel(
            consultant: 1001, client: 1, chart: .skr04, from: day, to: day, fiscalYearStart: day, created: "", exportedBy: "")
        XCTAssertThrowsError(try stack.bytes([entry]))
    }

    /// `;`-separated fields, `"` quoting with `""` inside, as DATEV reads them.
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(line).makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" {
                            field.append("\"")
                        } else {
                            quoted = false
                            pending = next
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == ";" {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
