import ExpenseCore
import ExpenseSupport
import XCTest

@testable import ExpenseStore

/// A shipped migration cannot change: each registered migration of both engines executes what its
/// line in `ShippedMigrations` says (the SHA-256 of its `MigrationTranscript`), every registered
/// migration has a line, every line a migration, in the order they are registered.
final class MigrationManifestTests: TemporaryDatabaseTestCase {
    func testEveryFileMigrationExecutesWhatItShippedWith() throws {
        let transcripts = try MigrationTranscript.transcripts(of: Schema.migrator, on: try openDatabase(), dialect: .sqlite)
        XCTAssertEqual(
            Self.problems(hashes: transcripts.map { ($0.id, $0.transcript.sha256) }, manifest: ShippedMigrations.sqlite, named: "sqlite"),
            [])
    }

    func testEveryTeamMigrationExecutesWhatItShippedWith() throws {
        let transcripts = try MigrationTranscript.transcripts(of: PostgresMigrations.migrator, on: nil, dialect: .postgresql)
        XCTAssertEqual(
            Self.problems(
                hashes: transcripts.map { ($0.id, $0.transcript.sha256) }, manifest: ShippedMigrations.postgresql, named: "postgresql"),
            [])
    }

    // MARK: - The check itself

    private static let a = String(repeating: "a", count: 64)
    private static let b = String(repeating: "b", count: 64)
    private static let c = String(repeating: "c", count: 64)

    func testAChangedMigrationIsNamedWithBothHashes() {
        XCTAssertEqual(
            Self.problems(hashes: [("v1", Self.a), ("v2", Self.c)], manifest: [("v1", Self.a), ("v2", Self.b)], named: "sqlite"),
            [
                "a shipped migration changed: v2 executes what hashes to \(Self.c), not \(Self.b) as it shipped "
                    + "(ShippedMigrations.sqlite); never edit one, add a new one"
            ])
    }

    func testAMigrationRegisteredWithoutALineIsNamedWithTheLineToAdd() {
        XCTAssertEqual(
            Self.problems(hashes: [("v1", Self.a), ("v2", Self.b)], manifest: [("v1", Self.a)], named: "postgresql"),
            [
                "v2 is registered but has no line in ShippedMigrations.postgresql: once it is final, add its line last: "
                    + "(\"v2\", \"\(Self.b)\"),"
            ])
    }

    func testALineThatNamesNoRegisteredMigrationIsNamed() {
        XCTAssertEqual(
            Self.problems(hashes: [("v1", Self.a)], manifest: [("v1", Self.a), ("v0", Self.b)], named: "sqlite"),
            ["ShippedMigrations.sqlite lists v0, which no migration of the migrator registers: a shipped migration is never removed"])
    }

    func testTheManifestsOrderIsTheRegistrationOrder() {
        XCTAssertEqual(
            Self.problems(hashes: [("v2", Self.b), ("v1", Self.a)], manifest: [("v1", Self.a), ("v2", Self.b)], named: "sqlite"),
            [
                "the migrations are registered in another order than ShippedMigrations.sqlite lists them: "
                    + "registered v2, v1; listed v1, v2"
            ])
    }

    func testALineListedTwiceIsNamed() {
        XCTAssertEqual(
            Self.problems(hashes: [("v1", Self.a)], manifest: [("v1", Self.a), ("v1", Self.a)], named: "sqlite"),
            ["ShippedMigrations.sqlite lists v1 2 times"])
    }

    func testATranscriptSeesEveryStatementItsSQLAndItsArguments() throws {
        func hash(_ apply: @escaping (Database) throws -> Void) throws -> String {
            var migrator = Migrator()
            migrator.register("v1", apply)
            return try MigrationTranscript.transcripts(of: migrator, on: nil, dialect: .postgresql)[0].transcript.sha256
        }
        let shipped = try hash { try $0.execute("INSERT INTO t (x) VALUES (?)", ["a"]) }
        XCTAssertEqual(try hash { try $0.execute("INSERT INTO t (x) VALUES (?)", ["a"]) }, shipped)
        XCTAssertNotEqual(try hash { try $0.execute("INSERT INTO t (x) VALUES (?)", ["b"]) }, shipped, "an argument")
        XCTAssertNotEqual(try hash { try $0.execute("INSERT INTO t (x) VALUES (?)", [1]) }, shipped, "an argument's type")
        XCTAssertNotEqual(try hash { try $0.execute("INSERT INTO t (x)  VALUES (?)", ["a"]) }, shipped, "a space")
        XCTAssertNotEqual(
            try hash {
                try $0.execute("INSERT INTO t (x) VALUES (?)", ["a"])
                try $0.execute("INSERT INTO t (x) VALUES (?)", ["a"])
            }, shipped, "a statement more")
    }

    /// What is wrong with `hashes`, each registered migration's id and hash in the order it is
    /// registered, against `manifest`, the lines of `ShippedMigrations.<named>`; none when they agree.
    static func problems(hashes: [(id: String, sha256: String)], manifest: [(id: String, sha256: String)], named: String) -> [String] {
        let list = "ShippedMigrations.\(named)"
        var problems: [String] = []
        let registered = hashes.map(\.id)
        let listed = manifest.map(\.id)
        for id in Set(listed).sorted() where listed.count(where: { $0 == id }) > 1 {
            problems.append("\(list) lists \(id) \(listed.count(where: { $0 == id })) times")
        }
        for line in manifest where !registered.contains(line.id) {
            problems.append("\(list) lists \(line.id), which no migration of the migrator registers: a shipped migration is never removed")
        }
        for migration in hashes {
            guard let line = manifest.first(where: { $0.id == migration.id }) else {
                problems.append(
                    "\(migration.id) is registered but has no line in \(list): once it is final, add its line last: "
                        + "(\"\(migration.id)\", \"\(migration.sha256)\"),")
                continue
            }
            if line.sha256 != migration.sha256 {
                problems.append(
                    "a shipped migration changed: \(migration.id) executes what hashes to \(migration.sha256), not \(line.sha256) "
                        + "as it shipped (\(list)); never edit one, add a new one")
            }
        }
        let registeredListed = registered.filter(listed.contains)
        let listedRegistered = listed.filter(registered.contains)
        if registeredListed != listedRegistered, Set(listedRegistered).count == listedRegistered.count {
            problems.append(
                "the migrations are registered in another order than \(list) lists them: registered "
                    + registeredListed.joined(separator: ", ") + "; listed " + listedRegistered.joined(separator: ", "))
        }
        return problems
    }
}
