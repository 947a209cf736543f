import ExpenseCore
import ExpenseStore
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

/// A trip's values as words (`DomainArguments+Trip.swift`): a day with an optional time, a
/// country the rate table knows (read against the store) or none, the meals provided, and what
/// TAB offers for each.
final class TripArgumentTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "written against a file and not yet run on a team server") }

    private var store: Store!

    override func setUpWithError() throws { store = try Store(path: ":memory:", now: { "2026-03-10T09:00:00Z" }) }
    override func tearDown() { store = nil }

    func testADayWithAnOptionalTime() throws {
        XCTAssertEqual(try TripTime(argument: "2026-03-02").description, "2026-03-02")
        XCTAssertEqual(try TripTime(argument: "2026-03-02T08:00").minuteOfDay, 480)
        XCTAssertEqual(TripTime.valueName, "date")
        XCTAssertThrowsError(try TripTime(argument: "2026-03-02T08")) { error in
            XCTAssertEqual((error as? ExpenseError)?.message, "invalid date and time '2026-03-02T08'")
            XCTAssertEqual((error as? ExpenseError)?.hint, "write YYYY-MM-DDTHH:MM, e.g. 2026-03-02T08:00")
        }
    }

    func testACountryIsOneTheTableKnowsAndATripsCountryMayBeNone() throws {
        XCTAssertEqual(try CountryCode(argument: " de ", in: store), .germany)
        XCTAssertThrowsError(try CountryCode(argument: "DR", in: store)) { error in
            let error = error as? ExpenseError
            // The first of the nearest in code order (AR, DE, DO, ...).
            XCTAssertEqual(error?.code, .unknownAllowanceCountry("DR", suggestion: "AR"))
            XCTAssertEqual(
                error.flatMap(ErrorPresenter.hint),
                "did you mean 'AR'? 'expenses allowance rates list' shows its countries; 'expenses allowance rates import FILE' adds one")
        }
        XCTAssertThrowsError(try CountryCode(argument: "FRA", in: store)) { error in
            XCTAssertEqual((error as? ExpenseError)?.hint, "write the ISO 3166-1 alpha-2 code, e.g. DE, FR, US")
        }
        XCTAssertEqual(try TripCountry(argument: "None", in: store), TripCountry.none)
        XCTAssertEqual(try TripCountry(argument: "de", in: store), .country(.germany))
        XCTAssertEqual(TripCountry.completion, .country)
        XCTAssertEqual(CountryCode.completion, .country)
    }

    func testMealsAreAChoiceOfSeveralAndTabCompletesTheLastWord() throws {
        XCTAssertEqual(try ProvidedMeals(argument: "dinner, breakfast"), [.breakfast, .dinner])
        XCTAssertEqual(try ProvidedMeals(argument: "none"), [])
        XCTAssertEqual(ProvidedMeals.completion, .meals)
        XCTAssertThrowsError(try ProvidedMeals(argument: "breakfast,,dinner"))
        XCTAssertEqual(MealsChoice.candidates(""), ["breakfast", "lunch", "dinner", "none"])
        XCTAssertEqual(MealsChoice.candidates("b"), ["breakfast"])
        XCTAssertEqual(MealsChoice.candidates("breakfast,"), ["breakfast,lunch", "breakfast,dinner"])
        XCTAssertEqual(MealsChoice.candidates("Breakfast,d"), ["breakfast,dinner"])
        XCTAssertEqual(MealsChoice.candidates("breakfast,lunch,dinner,"), [])
    }

    func testTheREPLCompletesCountriesFromTheTableAndMeals() throws {
        XCTAssertEqual(ReportCommands.Options.country.spec.completion, .country)
        XCTAssertEqual(TripCommands.Options.provided.spec.completion, .meals)
        XCTAssertEqual(TripCommands.Options.country.spec.completion, .country)
        XCTAssertEqual(ReportCommands.Options.from.spec.synopsis, "--from <date>")
    }
}
