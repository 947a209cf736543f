import ExpenseTestSupport
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

/// Options are declared once with the type of their value and read through the declaration;
/// a command's `validate` runs before anything is asked or run.
final class OptionTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    static let day = Option.date("day", "A day.")
    static let limit = Option.number("limit", "n", "At most this many.")
    static let report = Option.id("report", "The report.")
    static let tags: Option<[String]> = .values("tag", "A tag.")
    static let loud = Option.flag("loud", "Say it loudly.")
    static let quiet = Option.flag("quiet", "Say nothing.")

    private func invocation(
        _ words: [String], validate: (@Sendable (Invocation) throws -> Void)? = nil,
        run: @escaping @Sendable (Invocation, Session) throws -> Output = { _, _ in .none }
    ) throws -> Invocation {
        let registry = CommandRegistry(
            commands: [
                CommandSpec(
                    ["try"], abstract: "A command to try options on.",
                    options: [Self.day, Self.limit, Self.report, Self.tags, Self.loud, Self.quiet],
                    validate: validate, run: run)
            ],
            groups: [])
        guard case .command(let invocation, _) = try CommandParser(registry: registry).parse(["try"] + words) else {
            throw UsageError("not a command", path: [])
        }
        return invocation
    }

    func testValuesAreReadAsTheirDeclaredTypes() throws {
        let given = try invocation(["--day", "2026-03-02", "--limit", "7", "--report", "12", "--tag", "a", "--tag", "b", "--loud"])
        XCTAssertEqual(try given[Self.day], try CalendarDate.parse("2026-03-02"))
        XCTAssertEqual(try given[Self.limit], 7)
        XCTAssertEqual(try given[Self.report], 12)
        XCTAssertEqual(try given[Self.tags], ["a", "b"])
        XCTAssertTrue(given[Self.loud])
        XCTAssertFalse(given[Self.quiet])
        XCTAssertTrue(given.gave(Self.day))
        let empty = try invocation([])
        XCTAssertNil(try empty[Self.day])
        XCTAssertEqual(try empty[Self.tags], [])
        XCTAssertFalse(empty.gave(Self.day))
    }

    func testABadValueIsTheOptionsOwnError() throws {
        XCTAssertThrowsError(try invocation(["--report", "0"])[Self.report]) { error in
            XCTAssertEqual((error as? UsageError)?.message, "invalid value '0' for '--report <id>': expected a positive number")
        }
        XCTAssertThrowsError(try invocation(["--limit", "-3"])[Self.limit]) { error in
            XCTAssertEqual((error as? UsageError)?.message, "invalid value '-3' for '--limit <n>': expected a number")
        }
        XCTAssertThrowsError(try invocation(["--day", "2026-02-30"])[Self.day]) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
        }
    }

    func testADescribedOptionReadsTheSameValue() throws {
        let described = Self.limit.described("Another use of it.")
        XCTAssertEqual(described.spec.help, "Another use of it.")
        XCTAssertFalse(described.spec.required)
        XCTAssertTrue(described.required().spec.required)
        XCTAssertEqual(try invocation(["--limit", "4"])[described], 4)
    }

    func testValidationRunsBeforeTheCommandAndStopsIt() throws {
        let ran = LockedFlag()
        let registry = CommandRegistry(
            commands: [
                CommandSpec(
                    ["try"], abstract: "A command to try options on.",
                    options: [Self.loud, Self.quiet],
                    validate: { invocation in
                        if invocation[Self.loud], invocation[Self.quiet] {
                            throw UsageError("give '--loud' or '--quiet', not both", path: ["try"])
                        }
                    },
                    run: { _, _ in
                        ran.set()
                        return .none
                    })
            ],
            groups: [])
        let session = try Session(environment: Environment(variables: ["EXPENSES_DB": ":memory:", "EXPENSES_USER": "alice"]))
        let runner = Runner(registry: registry)
        XCTAssertEqual(runner.run(["try", "--loud", "--quiet"], in: session), .usage)
        XCTAssertFalse(ran.isSet)
        XCTAssertEqual(runner.run(["try", "--loud"], in: session), .ok)
        XCTAssertTrue(ran.isSet)
    }

    func testEveryCommandDeclaresEachOptionNameOnce() {
        for command in Commands.registry.commands {
            // (A command's own option may take a global's name: report export --format html.)
            let names = command.options.map(\.name)
            XCTAssertEqual(names.count, Set(names).count, "\(command.name) declares an option twice: \(names)")
        }
    }
}

private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
