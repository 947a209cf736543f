import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

/// The currencies the euro replaced: known to the currency table, so an old statement in them is
/// read, and converted to euros at their irrevocably fixed rates.
final class LegacyEuroCurrencyTests: XCTestCase {
    private let table = CurrencyTable.standard

    func testTheCurrenciesTheEuroReplacedAreKnownButNotOfferedForNewExpenses() throws {
        let codes = "ATS BEF DEM ESP FIM FRF IEP ITL LUF NLG PTE GRD SIT CYP MTL SKK EEK LVL LTL HRK".split(separator: " ").map(String.init)
        XCTAssertEqual(LegacyEuroCurrency.all.map(\.currency.code).sorted(), codes.sorted())
        for code in codes {
            let currency = try XCTUnwrap(table.currency(code), code)
            XCTAssertEqual(try table.require(code.lowercased()), currency)
            XCTAssertFalse(table.all.contains(currency), "\(code) is not offered for new expenses")
            XCTAssertTrue(table.legacy.contains(currency), code)
        }
        XCTAssertEqual(table.currency("DEM")?.minorDigits, 2)
        XCTAssertEqual(table.currency("ITL")?.minorDigits, 0)
        XCTAssertEqual(table.currency("ESP")?.minorDigits, 0)
        XCTAssertNil(LegacyEuroCurrency.perEUR("EUR"))
        XCTAssertNil(LegacyEuroCurrency.perEUR("USD"))
    }

    func testTheFixedRatesAreTheRegulations() throws {
        let rates = Dictionary(uniqueKeysWithValues: LegacyEuroCurrency.all.map { ($0.currency.code, $0.perEUR.description) })
        XCTAssertEqual(
            rates,
            [
                "ATS": "13.7603", "BEF": "40.3399", "DEM": "1.95583", "ESP": "166.386", "FIM": "5.94573", "FRF": "6.55957",
                "IEP": "0.787564", "ITL": "1936.27", "LUF": "40.3399", "NLG": "2.20371", "PTE": "200.482", "GRD": "340.75",
                "SIT": "239.64", "CYP": "0.585274", "MTL": "0.4293", "SKK": "30.126", "EEK": "15.6466", "LVL": "0.702804",
                "LTL": "3.4528", "HRK": "7.5345",
            ])
        let euro = try XCTUnwrap(table.currency("EUR"))
        let dem = try XCTUnwrap(table.currency("DEM"))
        let itl = try XCTUnwrap(table.currency("ITL"))
        let toEuro = ExchangeRate.quotient(.one, try XCTUnwrap(LegacyEuroCurrency.perEUR("DEM")))
        XCTAssertEqual(toEuro.description, "1/1.95583")
        XCTAssertEqual(try toEuro.convert(Money(minorUnits: 10_000, currency: dem), to: euro), Money(minorUnits: 5113, currency: euro))
        XCTAssertEqual(
            try ExchangeRate.quotient(.one, try XCTUnwrap(LegacyEuroCurrency.perEUR("ITL"))).convert(
                Money(minorUnits: 1_000_000, currency: itl), to: euro),
            Money(minorUnits: 51646, currency: euro), "1,000,000 lire are 516.46 euros")
    }
}
