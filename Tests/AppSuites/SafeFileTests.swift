import ExpenseTestSupport
import Foundation
import XCTest

/// Files a user names for output — `report export -o`, `receipt export -o`, `shortcuts export -o`,
/// `import --rejects` — and the database: never written through a name someone planted, never
/// over a file the command reads, over an existing file only with --force, and readable by their
/// owner only.
final class SafeFileTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "a file's own path, directory and modes") }

    var app: App!
    var savedUmask: mode_t = 0

    static let rules = """
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category meals

        """
    static let statement = "Date,Merchant,Amount\n2026-03-03,Cafe,4.50\n2026-03-32,Bad day,1.00\n"
    static let rejected =
        "Date,Merchant,Amount,reason\n2026-03-32,Bad day,1.00,%@:3: date: '2026-03-32' is not a day of the calendar\n"

    override func setUpWithError() throws {
        // What a person's shell usually has: without the app's care, new files are readable by all.
        savedUmask = umask(0o022)
        app = try App()
        try app.walldorfTrip()
        let capture = try app.run("receipt", "capture", ReceiptSamples.path("taxi-zurich-ch.png"), "--no-ocr")
        XCTAssertEqual(capture.status, 0, capture.stderr)
        try Self.rules.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        try Self.statement.write(toFile: app.path("march.csv"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        app = nil
        umask(savedUmask)
    }

    /// The four ways to write a user-named file, each into `path`, with `extra` arguments.
    func writers(_ path: String) -> [(name: String, arguments: [String])] {
        [
            ("report export", ["report", "export", "1", "--format", "csv", "-o", path]),
            ("receipt export", ["receipt", "export", "1", "-o", path]),
            ("shortcuts export", ["shortcuts", "export", "-o", path]),
            (
                "import --rejects",
                ["import", app.path("march.csv"), "--rules", app.path("card.rules"), "--skip-invalid", "--rejects", path]
            ),
        ]
    }

    func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func mode(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int }

    func expenses() throws -> String { try app.query("SELECT count(*) FROM expenses") }
}
