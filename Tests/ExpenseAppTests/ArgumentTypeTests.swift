import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

/// Each type the command language reads parses itself, refuses a bad word with its own error
/// (a closed set naming its values and the nearest), and says what TAB offers.
final class ArgumentTypeTests: EngineTestCase {
    override class var engines: Engines { .once(because: "words read as values: the same on either engine") }

    static let paidBy: Option<PaidBy?> = .value("paid-by", "Who paid.")
    static let currency: Option<Currency?> = .value("currency", "The currency.")
    static let amount: Option<Money?> = .value("amount", "The amount.")
    static let rate: Option<ExchangeRate?> = .value("rate", "The rate.")
    static let icon: Option<SystemIcon?> = .value("icon", "The icon.")
    static let info: Option<[ShortcutParameter]> = .values("info", "A parameter.")
    static let id = Argument<Int64>.value("id", "The record.")
    static let day = Argument<CalendarDate?>.optional("day", "The day.")

    private func invocation(_ words: [String]) throws -> Invocation {
        let registry = CommandRegistry(
            commands: [
                CommandSpec(
                    ["try"], abstract: "A command to try values on.", arguments: [Self.id, Self.day],
                    options: [Self.paidBy, Self.currency, Self.amount, Self.rate, Self.icon, Self.info],
                    run: { _, _ in .none })
            ], groups: [])
        guard case .command(let invocation, _) = try CommandParser(registry: registry).parse(["try"] + words) else {
            throw UsageError("not a command", path: [])
        }
        return invocation
    }

    /// The usage error's message, and its hint after a newline, as printed.
    private func usageMessage(_ words: [String]) -> String? {
        do {
            _ = try invocation(words)
            return nil
        } catch {
            return (error as? UsageError).map { usage in usage.message + (usage.hint.map { "\nhint: " + $0 } ?? "") }
        }
    }

    func testAClosedSetParsesItsCasesAndSaysThem() throws {
        XCTAssertEqual(try PaidBy(argument: "company"), .company)
        XCTAssertEqual(PaidBy.allowedValues, ["personal", "company"])
        XCTAssertEqual(PaidBy.completion, .values(["personal", "company"]))
        XCTAssertEqual(Self.paidBy.spec.allowed, ["personal", "company"])
        XCTAssertEqual(Self.paidBy.spec.synopsis, "--paid-by <who>")
        XCTAssertEqual(try invocation(["7", "--paid-by", "company"])[Self.paidBy], .company)
        XCTAssertThrowsError(try PaidBy(argument: "boss")) { error in
            XCTAssertEqual(error as? InvalidArgument, .notAllowed(["personal", "company"]))
        }
    }

    func testAWordOutsideAClosedSetIsAUsageErrorWithTheValuesAndTheNearest() {
        XCTAssertEqual(
            usageMessage(["7", "--paid-by", "compnay"]),
            "invalid value 'compnay' for '--paid-by <who>': give one of 'personal' or 'company'\nhint: did you mean 'company'?")
        XCTAssertEqual(
            usageMessage(["7", "--paid-by", "boss"]),
            "invalid value 'boss' for '--paid-by <who>': give one of 'personal' or 'company'")
    }

    func testAPolicyRuleAndSeverityAreClosedSetsAsPositionalArguments() throws {
        guard case .command(let set, _) = try CommandParser(registry: Commands.registry).parse(["policy", "set", "duplicate", "blockng"])
        else {
            return XCTFail()
        }
        XCTAssertEqual(try set[PolicyCommands.rule], .duplicate)
        XCTAssertThrowsError(try set[PolicyCommands.severity]) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "invalid value 'blockng' for '<severity>': give one of 'warning', 'blocking' or 'off'"
            )
            XCTAssertEqual((error as? UsageError)?.hint, "did you mean 'blocking'?")
        }
        XCTAssertEqual(PolicyCommands.severity.spec.completion, .values(PolicySeverity.allCases.map(\.rawValue)))
    }

    func testACurrencyIsReadWithItsOwnErrorAndCompletesFromTheCodes() throws {
        XCTAssertEqual(try invocation(["7", "--currency", "chf"])[Self.currency]?.code, "CHF")
        XCTAssertEqual(Currency.completion, .currency)
        XCTAssertNil(Currency.allowedValues)
        XCTAssertEqual(Self.currency.spec.synopsis, "--currency <code>")
        XCTAssertThrowsError(try invocation(["7", "--currency", "CHX"])[Self.currency]) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
            XCTAssertEqual((error as? ExpenseError)?.code, .unknownCurrency("CHX", suggestion: "CHF"))
        }
    }

    func testAnAmountIsReadInTheCurrencyTheCommandChose() throws {
        let yen = try CurrencyTable.standard.require("JPY")
        let euro = try CurrencyTable.standard.require("EUR")
        let given = try invocation(["7", "--amount", "12.34"])
        XCTAssertEqual(try given[Self.amount, in: AmountContext(euro)], Money(minorUnits: 1234, currency: euro))
        XCTAssertThrowsError(try given[Self.amount, in: AmountContext(yen)]) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
            XCTAssertTrue((error as? ExpenseError)?.message.contains("JPY") == true, "\(error)")
        }
        XCTAssertEqual(
            try invocation(["7", "--amount", "1,5"])[Self.amount, in: AmountContext(euro, decimalMark: .comma)],
            Money(minorUnits: 150, currency: euro))
        XCTAssertNil(try invocation(["7"])[Self.amount, in: AmountContext(euro)])
        XCTAssertThrowsError(try invocation(["7"])[Self.amount.required(), in: AmountContext(euro)]) { error in
            XCTAssertEqual((error as? UsageError)?.message, "missing argument '--amount <amount>'")
        }
    }

    func testACategoryIsOneTheDatabaseHas() throws {
        let store = try Store(path: ":memory:", now: { "2026-01-01T00:00:00Z" })
        XCTAssertEqual(try ExpenseCore.Category(argument: "MEALS", in: store).code, "meals")
        XCTAssertThrowsError(try ExpenseCore.Category(argument: "meal", in: store)) { error in
            XCTAssertEqual((error as? ExpenseError)?.code, .unknownCategory("meal", suggestion: "meals"))
        }
        XCTAssertEqual(ExpenseCore.Category.completion, .category)
    }

    func testARateAnIconAndParametersReadThemselves() throws {
        let given = try invocation(["7", "--rate", "1/1.25", "--icon", "capture-photo", "--info", "report=3", "--info", "note=a=b"])
        XCTAssertEqual(try given[Self.rate], try ExchangeRate.parse("0.8"))
        XCTAssertEqual(try given[Self.icon], .capturePhoto)
        XCTAssertEqual(try given[Self.info], [ShortcutParameter(key: "report", value: "3"), ShortcutParameter(key: "note", value: "a=b")])
        XCTAssertEqual(Self.icon.spec.completion, .values(SystemIcon.allCases.map(\.rawValue)))
        XCTAssertThrowsError(try invocation(["7", "--icon", "camera"])[Self.icon]) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
        }
        XCTAssertThrowsError(try invocation(["7", "--info", "=3"])[Self.info]) { error in
            XCTAssertEqual((error as? UsageError)?.message, "invalid value '=3' for '--info <key=value>': expected key=value")
        }
    }

    func testPositionalArgumentsAreTypedAndARequiredOneIsAValue() throws {
        let given = try invocation(["7", "2026-03-02"])
        let id: Int64 = try given[Self.id]
        XCTAssertEqual(id, 7)
        XCTAssertEqual(try given[Self.day], try CalendarDate.parse("2026-03-02"))
        XCTAssertNil(try invocation(["7"])[Self.day])
        XCTAssertThrowsError(try invocation(["0"])[Self.id]) { error in
            XCTAssertEqual((error as? UsageError)?.message, "invalid value '0' for '<id>': expected a positive number")
        }
        XCTAssertThrowsError(
            try CommandParser(
                registry: CommandRegistry(
                    commands: [
                        CommandSpec(
                            ["try"], abstract: "", arguments: [Self.id],
                            run: { _, _ in .none })
                    ], groups: [])
            )
            .parse(["try"])
        ) { error in
            XCTAssertEqual((error as? UsageError)?.message, "missing argument '<id>'")
        }
    }
}
