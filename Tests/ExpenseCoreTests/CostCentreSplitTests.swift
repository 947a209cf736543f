import ExpenseCore
import ExpenseSupport
import XCTest

/// What a report or an item is charged to (issue 43): `--cost-centre` as typed, and an amount
/// split by the shares to the cent, the parts adding up exactly.
final class CostCentreSplitTests: XCTestCase {
    private let eur = CurrencyTable.standard.currency("EUR")!

    private func shares(_ text: String) throws -> [String] {
        try CostCentreSplit.parse(text).parts.map { "\($0.code)=\($0.share)" }
    }

    private func split(_ text: String, _ minor: Int64) throws -> [String] {
        try CostCentreSplit.parse(text).parts(of: Money(minorUnits: minor, currency: eur)).map { "\($0.code)=\($0.amount.minorUnits)" }
    }

    private func assertRefused(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try CostCentreSplit.parse(text), file: file, line: line) { error in
            XCTAssertEqual((error as? ExpenseError)?.message, message, file: file, line: line)
        }
    }

    func testACodeAloneIsTheWholeAndPercentagesAreHundredths() throws {
        XCTAssertEqual(try shares("4711"), ["4711=10000"])
        XCTAssertEqual(try shares(" 4711:60, 4712:40 "), ["4711=6000", "4712=4000"])
        XCTAssertEqual(try shares("A:33.33,B:33.33,C:33.34"), ["A=3333", "B=3333", "C=3334"])
        XCTAssertEqual(try shares("PRJ-2027.01:12.5%,x_y:87.5"), ["PRJ-2027.01=1250", "x_y=8750"])
        XCTAssertEqual(try CostCentreSplit.parse("4711:60,4712:40").description, "4711 60 %, 4712 40 %")
        XCTAssertEqual(try CostCentreSplit.parse("4711:60,4712:40").storedText, "4711:6000,4712:4000")
    }

    func testASplitThatDoesNotAddUpToAHundredOrNamesACodeTwiceIsRefused() {
        assertRefused("4711:60,4712:30", "the cost centres' shares add up to 90 %, not 100 %")
        assertRefused("4711:60,4712:40.01", "the cost centres' shares add up to 100.01 %, not 100 %")
        assertRefused("4711:50,4711:50", "the cost centre 4711 is given twice")
        assertRefused("4711:0,4712:100", "the share of 4711 is 0 %: a share is more than 0 and at most 100 %")
        assertRefused("4711:60.005,4712:39.995", "'60.005' is no percentage of 4711")
        assertRefused("4711:-10,4712:110", "'-10' is no percentage of 4711")
        assertRefused("4711,4712", "'4711' is no share of a cost centre")
        assertRefused("47 11", "'47 11' is no cost centre code")
        assertRefused("ABCDEFGHIJKLMNOPQRSTU", "'ABCDEFGHIJKLMNOPQRSTU' is no cost centre code")
        assertRefused("", "'' is no cost centre code")
    }

    /// Largest remainder: each part rounded down, the cents left go to the largest remainders,
    /// the earlier part on a tie; the parts add up to the amount, a refund's too.
    func testAnAmountIsSplitToTheCentAndThePartsAddUpExactly() throws {
        XCTAssertEqual(try split("4711:60,4712:40", 10_001), ["4711=6001", "4712=4000"])
        XCTAssertEqual(try split("A:33.33,B:33.33,C:33.34", 100), ["A=33", "B=33", "C=34"])
        XCTAssertEqual(try split("A:50,B:50", 1), ["A=1", "B=0"], "a tie goes to the earlier")
        XCTAssertEqual(try split("A:50,B:50", -1), ["A=-1", "B=0"])
        XCTAssertEqual(try split("A:33.33,B:33.33,C:33.34", 1_000), ["A=333", "B=333", "C=334"])
        XCTAssertEqual(try split("A:0.01,B:99.99", 999_999_999_999_999), ["A=100000000000", "B=999899999999999"])
        for minor: Int64 in [1, 7, 99, 10_001, 123_457, -4_711, 999_999_999_999_999] {
            let parts = try CostCentreSplit.parse("A:33.33,B:33.33,C:33.34").parts(of: Money(minorUnits: minor, currency: eur))
            XCTAssertEqual(parts.reduce(0) { $0 + $1.amount.minorUnits }, minor, "\(minor)")
        }
    }

    func testTotalsByCostCentreAddEachItemsPartsAndSayWhatIsChargedToNone() throws {
        let split = try CostCentreSplit.parse("4711:60,4712:40")
        let totals = try CostCentreTotals(items: [
            (Money(minorUnits: 10_001, currency: eur), split), (Money(minorUnits: 5_000, currency: eur), try CostCentreSplit.parse("4712")),
            (Money(minorUnits: 700, currency: eur), nil),
        ])
        XCTAssertEqual(
            totals.lines.map { "\($0.code ?? "(none)")=\($0.amount.minorUnits)/\($0.items)" },
            ["4711=6001/1", "4712=9000/2", "(none)=700/1"])
    }

    func testNobodyManagesThemselvesNorSomeoneAboveThem() {
        XCTAssertNoThrow(try Person.requireNoCycle(person: "alice", manager: "bob", managers: ["bob": "carol"]))
        XCTAssertThrowsError(try Person.requireNoCycle(person: "alice", manager: "alice", managers: [:])) {
            XCTAssertEqual(($0 as? ExpenseError)?.message, "alice cannot be their own manager")
        }
        XCTAssertThrowsError(try Person.requireNoCycle(person: "alice", manager: "bob", managers: ["bob": "carol", "carol": "alice"])) {
            XCTAssertEqual(
                ($0 as? ExpenseError)?.message,
                "bob cannot manage alice: the managers would go round in a circle (alice → bob → carol → alice)")
        }
    }
}
