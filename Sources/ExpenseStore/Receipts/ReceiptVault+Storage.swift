import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The vault as the receipt storage of an SQLite file: its files are written before their row,
/// and what no row refers to is removed by `receipt gc`.
extension ReceiptVault: ReceiptStorage {
    public var place: ReceiptStoragePlace { .vault(root: root) }

    public var writesAfterRow: Bool { false }

    public func localPath(of hash: String) -> String? { path(of: hash) }

    /// Temporary files younger than this (seconds) may belong to a capture still writing.
    public static let staleTemporaryAge = 600

    /// Files no row refers to (a capture that failed or crashed between its file and its row,
    /// `receipt delete`), and temporary files of writes interrupted more than `staleTemporaryAge` ago.
    public func unreferenced(by referenced: Set<String>, now: Int) throws -> [ReceiptStorageEntry] {
        try files().filter { entry in
            if let hash = entry.hash { return !referenced.contains(hash) }
            let name = entry.path.split(separator: "/").last ?? ""
            return name.hasPrefix(".tmp-") && now - entry.modified > Self.staleTemporaryAge
        }.map { ReceiptStorageEntry(hash: $0.hash, size: $0.size, location: $0.path) }
    }

    public func remove(unreferenced entries: [ReceiptStorageEntry]) throws {
        for entry in entries where unlink(entry.location) != 0 && errno != ENOENT {
            throw ExpenseError(.io, "cannot remove \(entry.location): \(String(cString: strerror(errno)))")
        }
        pruneEmptyDirectories()
    }
}
