#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Paths made absolute against the directory expenses was started in, for what is kept and used
/// later from elsewhere: a queued launch's catalog, a desktop entry's program. (A database's
/// location makes itself absolute: `DatabaseLocation.portable`.)
enum WorkingDirectory {
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let base = FileManager.default.currentDirectoryPath
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }
}
