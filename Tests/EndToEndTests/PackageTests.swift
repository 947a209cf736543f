import ExpenseTestSupport
import Foundation
import XCTest

/// Scripts/package: a Debian package lintian finds no error or warning in, whose contents are
/// where a Debian tool's are, and which installs into a root of its own and removes cleanly
/// (dpkg --root). Needs dpkg-dev, lintian, binutils, file and man-db (Scripts/bootstrap). The
/// informational tags lintian still reports are explained at the top of Scripts/package.
///
/// The package is built once for the class, in .build/package: a release build of its own, minutes
/// the first time (SwiftPM's lock on .build, held by the swift test running this, keeps it apart).
final class PackageTests: EngineTestCase {
    override class var engines: Engines { .once(because: "the Debian package's own release build, in Scripts/test's side lane") }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    nonisolated(unsafe) static var built: (deb: String, directory: String)?

    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        if Self.built == nil {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("expenses-package-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let result = try app.run(
                [Self.root.appendingPathComponent("Scripts/package").path, "--output", directory],
                executable: URL(fileURLWithPath: "/bin/bash"))
            XCTAssertEqual(result.status, 0, "Scripts/package failed:\n\(result.stderr)")
            let deb = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            Self.built = (deb, directory)
        }
    }

    override class func tearDown() {
        if let built { try? FileManager.default.removeItem(atPath: built.directory) }
        built = nil
    }

    override func tearDown() { app = nil }

    private var deb: String { Self.built?.deb ?? "" }

    private func tool(_ path: String, _ arguments: String...) throws -> ExpensesProcess.Result {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("\(path) is missing: run Scripts/bootstrap")
            throw MissingTool(path)
        }
        return try app.run(arguments, executable: URL(fileURLWithPath: path))
    }

    func testTheControlFieldsAndDependsOnDebianLibrariesOnly() throws {
        let architecture = try tool("/usr/bin/dpkg", "--print-architecture").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(deb.hasSuffix("/expenses_0.1.0-1_\(architecture).deb"), deb)
        let info = try tool("/usr/bin/dpkg-deb", "--field", deb)
        XCTAssertEqual(info.status, 0, info.stderr)
        var fields: [String: String] = [:]
        for line in info.stdout.split(separator: "\n") where !line.hasPrefix(" ") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        XCTAssertEqual(fields["Package"], "expenses")
        XCTAssertEqual(fields["Version"], "0.1.0-1")
        XCTAssertEqual(fields["Architecture"], architecture)
        XCTAssertEqual(fields["Section"], "utils")
        XCTAssertEqual(fields["Priority"], "optional")
        XCTAssertNotNil(fields["Maintainer"])
        let depends = try XCTUnwrap(fields["Depends"]).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let names = depends.map { String($0.prefix { $0 != " " }) }
        for library in ["libc6", "libsqlite3-0", "libedit2"] { XCTAssertTrue(names.contains(library), "\(library) in \(depends)") }
        XCTAssertTrue(depends.allSatisfy { $0.contains("(>= ") }, "versioned by the symbols used: \(depends)")
        XCTAssertFalse(names.contains { $0.contains("swift") }, "the Swift runtime is linked in")
        XCTAssertFalse(names.contains("libpq5"), "libpq is opened for a team database, not linked")
        XCTAssertEqual(fields["Recommends"], "libpq5")
    }

    func testTheFilesAreWhereADebianToolsAreOwnedByRoot() throws {
        let listing = try tool("/usr/bin/dpkg-deb", "--contents", deb)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        var entries: [String: (mode: String, owner: String)] = [:]
        for line in listing.stdout.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 6 else { continue }
            entries[String(columns[5])] = (String(columns[0]), String(columns[1]))
        }
        XCTAssertTrue(entries.values.allSatisfy { $0.owner == "root/root" }, "\(entries)")
        XCTAssertEqual(entries["./usr/bin/expenses"]?.mode, "-rwxr-xr-x")
        var expected = [
            "./usr/share/man/man1/expenses.1.gz", "./usr/share/man/man5/expenses-rules.5.gz",
            "./usr/share/bash-completion/completions/expenses", "./usr/share/zsh/vendor-completions/_expenses",
            "./usr/share/fish/vendor_completions.d/expenses.fish", "./usr/share/applications/expenses.desktop",
            "./usr/share/icons/hicolor/scalable/apps/expenses.svg", "./usr/share/doc/expenses/copyright",
            "./usr/share/doc/expenses/changelog.Debian.gz",
        ]
        for group in ["report", "expense", "policy", "shortcuts", "import", "receipt", "db"] {
            expected.append("./usr/share/man/man1/expenses-\(group).1.gz")
        }
        for path in expected { XCTAssertEqual(entries[path]?.mode, "-rw-r--r--", path) }
        for (path, entry) in entries where path.hasSuffix("/") { XCTAssertEqual(entry.mode, "drwxr-xr-x", path) }
        XCTAssertFalse(entries.keys.contains { !$0.hasPrefix("./usr/") && $0 != "./" && $0 != "./usr/" }, "only under /usr")
    }

    func testLintianFindsNoErrorOrWarning() throws {
        let lintian = try tool("/usr/bin/lintian", "--no-tag-display-limit", deb)
        let tags = lintian.stdout.split(separator: "\n").filter { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }
        XCTAssertEqual(tags, [], "lintian:\n\(lintian.stdout)\(lintian.stderr)")
        XCTAssertTrue([0, 1].contains(lintian.status), lintian.stderr)
    }

    /// Installed into an empty root of its own and removed again with dpkg itself: the binary
    /// runs there without the Swift toolchain's libraries, and nothing is left behind.
    func testItInstallsIntoARootRunsAndRemovesCleanly() throws {
        let root = app.path("root")
        for directory in ["var/lib/dpkg/updates", "var/lib/dpkg/info", "var/lib/dpkg/triggers"] {
            try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
        }
        _ = FileManager.default.createFile(atPath: root + "/var/lib/dpkg/status", contents: Data())
        // dpkg wants root's PATH, with ldconfig and start-stop-daemon on it.
        app.environment["PATH"] = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
        // The libraries it depends on are the machine's, not this root's: only they are not checked.
        let install = try tool("/usr/bin/dpkg", "--root=\(root)", "--log=/dev/null", "--force-depends", "--install", deb)
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
        let binary = root + "/usr/bin/expenses"
        let needed = try tool("/usr/bin/readelf", "--dynamic", binary).stdout
        XCTAssertFalse(needed.contains("libswift") || needed.contains("libFoundation") || needed.contains("libdispatch"), needed)
        XCTAssertFalse(needed.contains("RPATH") || needed.contains("RUNPATH"), "no run path: \(needed)")
        XCTAssertTrue(
            try tool("/usr/bin/file", binary).stdout.contains("stripped")
                && !(try tool("/usr/bin/file", binary).stdout.contains("not stripped")))
        // Nothing of the toolchain on the way: no LD_LIBRARY_PATH, a PATH without it.
        let machine = app.environment
        app.environment = ["PATH": "/usr/bin:/bin", "HOME": app.directory.path, "EXPENSES_USER": "alice", "EXPENSES_DB": app.databasePath]
        let version = try app.run(["--version"], executable: URL(fileURLWithPath: binary))
        XCTAssertEqual(version.stdout, "expenses 0.1.0\n", version.stderr)
        XCTAssertEqual(try app.run(["report", "new", "Installed"], executable: URL(fileURLWithPath: binary)).status, 0)
        app.environment = machine
        let page = try tool("/usr/bin/man", "-l", root + "/usr/share/man/man1/expenses-report.1.gz")
        XCTAssertTrue(page.stdout.contains("expenses report new"), page.stdout)
        let files = try tool("/usr/bin/dpkg", "--root=\(root)", "--listfiles", "expenses").stdout
        XCTAssertTrue(files.contains("/usr/share/man/man5/expenses-rules.5.gz"), files)

        let purge = try tool("/usr/bin/dpkg", "--root=\(root)", "--log=/dev/null", "--purge", "expenses")
        XCTAssertEqual(purge.status, 0, purge.stdout + purge.stderr)
        let left =
            FileManager.default.enumerator(atPath: root + "/usr")?.compactMap { $0 as? String }
            .filter { !isDirectory(root + "/usr/" + $0) } ?? []
        XCTAssertEqual(left, [], "files left behind")
        XCTAssertEqual(try tool("/usr/bin/dpkg-query", "--root=\(root)", "--show", "expenses").status, 1, "no longer known")
    }
}

private func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
}
