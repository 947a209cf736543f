#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ExpenseStore

/// Paths made absolute against the directory expenses was started in, for what is kept and used
/// later from elsewhere: a queued launch's catalog, a desktop entry's database.
enum WorkingDirectory {
    /// A team database's connection string is kept as it is: it names no file.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), path != ":memory:", !PostgresDatabase.isConnectionString(path) else { return path }
        let base = FileManager.default.currentDirectoryPath
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }
}
