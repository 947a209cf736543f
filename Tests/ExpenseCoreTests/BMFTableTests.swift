import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

/// The shipped table against the BMF's letters: known answers worked from the letters, and every
/// row against two public transcriptions of them (Tests/Fixtures/allowance-rates: their figures
/// in our format, and `discrepancies.csv`, the reason for each row where ours differs).
final class BMFTableTests: XCTestCase {
    private let table = AllowanceRateTable.shipped
    private let folder = Fixtures.folder.appendingPathComponent("allowance-rates")

    /// "full/partial/lodging" of the row of `country` (and `place`) in force on `day`.
    private func figures(_ country: String, _ place: String = "", on day: String) throws -> String? {
        let row = table.rate(for: try CountryCode.parse(country), place: place, on: try CalendarDate.parse(day))
        return row.map(Self.figures)
    }

    private static func figures(_ row: AllowanceRate) -> String {
        [row.fullDay.decimalString, row.partialDay.decimalString, row.lodging?.decimalString ?? "-"].joined(separator: "/")
    }

    func testKnownAnswersFromTheLetters() throws {
        // BMF, 21 November 2023 (from 2024): Dänemark 75 / 50, a night 183 EUR; no city of its own,
        // so Copenhagen is Denmark's row.
        XCTAssertEqual(try figures("DK", on: "2024-03-04"), "75.00/50.00/183.00")
        XCTAssertNil(try figures("DK", "Kopenhagen", on: "2024-03-04"))
        // BMF, 2 December 2024 (from 2025): Frankreich, Paris (and the departments 77, 78, 91 to 95)
        // 58 / 39 / 159, im Übrigen 53 / 36 / 105.
        XCTAssertEqual(try figures("FR", "Paris", on: "2025-06-30"), "58.00/39.00/159.00")
        XCTAssertEqual(try figures("FR", on: "2025-06-30"), "53.00/36.00/105.00")
        // Poland: 29 / 20 / 60 in 2024, 34 / 23 / 124 from 2025; Danzig had 30 / 20 / 84 in 2024,
        // and the 2025 letter no longer names it: from 2025 it is Poland's row.
        XCTAssertEqual(try figures("PL", on: "2024-12-31"), "29.00/20.00/60.00")
        XCTAssertEqual(try figures("PL", on: "2025-01-01"), "34.00/23.00/124.00")
        XCTAssertEqual(try figures("PL", "Danzig", on: "2024-12-31"), "30.00/20.00/84.00")
        XCTAssertEqual(try figures("PL", "Danzig", on: "2025-01-01"), "34.00/23.00/124.00")
        // BMF, 5 December 2025 (from 2026): Schweiz 70 / 47 / 195 (64 / 43 / 180 before), Bern
        // newly named with 82 / 55 / 195, Genf 70 / 47 / 197; USA, New York City 66 / 44 / 308.
        XCTAssertEqual(try figures("CH", on: "2025-12-31"), "64.00/43.00/180.00")
        XCTAssertEqual(try figures("CH", on: "2026-01-01"), "70.00/47.00/195.00")
        XCTAssertNil(try figures("CH", "Bern", on: "2025-12-31"))
        XCTAssertEqual(try figures("CH", "Bern", on: "2026-01-01"), "82.00/55.00/195.00")
        XCTAssertEqual(try figures("CH", "Genf", on: "2026-01-01"), "70.00/47.00/197.00")
        XCTAssertEqual(try figures("US", "New York City", on: "2026-01-01"), "66.00/44.00/308.00")
        // Pakistan and Romania are one row each from 2026 (41 / 28 / 199, 38 / 25 / 103): Islamabad
        // and Bukarest are no longer named.
        XCTAssertEqual(try figures("PK", "Islamabad", on: "2026-01-01"), "41.00/28.00/199.00")
        XCTAssertEqual(try figures("RO", "Bukarest", on: "2026-01-01"), "38.00/25.00/103.00")
        // Afghanistan is not in the 2026 list: Luxembourg's 63 / 42 / 139, as for any country the
        // letter does not list.
        XCTAssertEqual(try figures("AF", on: "2025-12-31"), "30.00/20.00/95.00")
        XCTAssertEqual(try figures("AF", on: "2026-01-01"), try figures("LU", on: "2026-01-01"))
        // Germany: 28 / 14 since 2020 (§ 9 Abs. 4a EStG), a night without a bill 20 (R 9.7 Abs. 3 LStR).
        XCTAssertEqual(try figures("DE", on: "2026-01-01"), "28.00/14.00/20.00")
    }

    func testEveryCountryAndCityOfTheLettersIsShippedForEachYear() throws {
        // 2024: 179 countries and 45 cities in the letter (223 rows); 2025: 224; 2026: 214.
        for (year, count) in [("2024", 223 + 2), ("2025", 224 + 4), ("2026", 214 + 15)] {
            XCTAssertEqual(table.rows.filter { $0.validFrom.description == "\(year)-01-01" }.count, count, year)
        }
        XCTAssertTrue(table.rows.allSatisfy { $0.currency.code == "EUR" && $0.lodging != nil })
    }

    /// One transcription's rows: "country,place" to "full/partial/lodging".
    private func transcription(_ name: String) throws -> [String: String] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(fields.count, 5, "\(name): \(line)")
            XCTAssertNil(rows.updateValue(fields[2...4].joined(separator: "/"), forKey: "\(fields[0]),\(fields[1])"), "\(name): \(line)")
        }
        return rows
    }

    func testEveryRowAgreesWithTheTranscriptionsOrHasARecordedReason() throws {
        // year,country,place,source,theirs,ours,reason
        let recorded = try String(contentsOf: folder.appendingPathComponent("discrepancies.csv"), encoding: .utf8)
        var reasons: [String: (theirs: String, ours: String)] = [:]
        for line in recorded.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(fields.count, 7, "\(line)")
            XCTAssertFalse(fields[6].isEmpty, "no reason: \(line)")
            reasons["\(fields[0]),\(fields[1]),\(fields[2]),\(fields[3])"] = (fields[4], fields[5])
        }
        var used: Set<String> = []
        func check(_ key: String, theirs: String, ours: String) {
            guard theirs != ours else { return }
            guard let reason = reasons[key] else {
                return XCTFail("\(key): they have \(theirs), we have \(ours), and no reason is recorded")
            }
            XCTAssertEqual(reason.theirs, theirs, "\(key): the recorded reason is for their \(reason.theirs)")
            XCTAssertEqual(reason.ours, ours, "\(key): the recorded reason is for our \(reason.ours)")
            used.insert(key)
        }
        let sources = [
            ("2024", "pauschbetrag-api", "pauschbetrag-api-2024.csv"), ("2024", "erpnext-germany", "erpnext-germany-2024.csv"),
            ("2025", "pauschbetrag-api", "pauschbetrag-api-2025.csv"), ("2026", "pauschbetrag-api", "pauschbetrag-api-2026.csv"),
        ]
        for (year, source, file) in sources {
            let theirs = try transcription(file)
            let day = try CalendarDate.parse("\(year)-01-01")
            for (key, figures) in theirs {
                let parts = key.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                let ours = table.rate(for: try CountryCode.parse(parts[0]), place: parts[1], on: day).map(Self.figures) ?? "-"
                check("\(year),\(key),\(source)", theirs: figures, ours: ours)
            }
            for row in table.rows where row.validFrom == day && theirs["\(row.country),\(row.place)"] == nil {
                check("\(year),\(row.country),\(row.place),\(source)", theirs: "-", ours: Self.figures(row))
            }
        }
        XCTAssertEqual(Set(reasons.keys).subtracting(used).sorted(), [], "recorded reasons for rows that agree or do not exist")
    }
}
