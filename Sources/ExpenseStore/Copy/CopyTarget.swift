import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Where a copy goes, checked before anything is opened or written, and what the copy made
/// there, so that a copy that fails leaves the place as it found it.
///
/// A file target is a new file, or an expenses database that the copy may add to: one whose
/// rows all agree with the source (a previous copy of it, or an empty database), which the copy's
/// transaction finds out and otherwise refuses, undone. Never written into: a symbolic link at
/// the name (nor at its receipt vault's), anything that is not a regular file, a file that is not
/// an SQLite database, another program's SQLite database, the source itself or one of its files.
/// These follow the rules of `OutputFile` for a command's outputs, except that an existing
/// database is never replaced, not even on request: a copy only adds.
final class CopyTarget {
    /// As the user gave it.
    let location: DatabaseLocation
    /// The file's path; empty for a server.
    private let path: String
    var isServer: Bool { location.isServer }
    /// What messages name it by: the file, or the URI without its password.
    let name: String
    /// True when this copy created the file (and so removes it again if the copy fails).
    private(set) var createdFile = false
    /// The receipt vault beside a file target, and whether its directory was there before.
    let vault: ReceiptVault?
    private var vaultExisted = false
    /// Receipt files this copy wrote into the vault: removed again if the copy fails.
    var writtenReceiptFiles: [String] = []

    private init(location: DatabaseLocation) {
        self.location = location
        name = location.name
        if case .file(let file) = location { path = file } else { path = "" }
        vault = location.isServer ? nil : ReceiptVault.beside(databasePath: path)
    }

    /// Checks `location` as the target of a copy from `source`, and for a new file reserves its
    /// name (created empty, mode 0600, never through a symbolic link).
    static func prepare(_ location: DatabaseLocation, source: Store) throws -> CopyTarget {
        guard case .file(let path) = location else { return CopyTarget(location: location) }
        guard !location.isInMemory, !path.hasPrefix("file:") else {
            throw ExpenseError(
                .usage,
                "a copy needs a file to write, or a team database's URI (postgresql://...), "
                    + "not '\(TerminalText.visible(path))'")
        }
        let target = CopyTarget(location: location)
        let sourceFiles = source.location.files
        if let input = OutputFile.input(at: path, among: sourceFiles), input.role == "the database" {
            throw ExpenseError(
                .usage, "cannot copy the database \(source.db.path) onto itself (\(path))",
                hint: "name another file, or a team database's URI")
        }
        // A symbolic link, a directory, a device, or one of the source's own files.
        try OutputFile.check(path, replacing: true, inputs: sourceFiles)
        try target.checkVault()
        var info = stat()
        guard lstat(path, &info) == 0 else {
            try target.createFile()
            return target
        }
        // An empty file is a new database to SQLite, and to expenses wherever it opens one.
        if info.st_size > 0 { try target.requireExpensesDatabase() }
        return target
    }

    /// The vault's directory may exist (a previous copy's); never as a symbolic link, which
    /// would send the receipts' files somewhere else.
    private func checkVault() throws {
        guard let vault else { return }
        var info = stat()
        guard lstat(vault.root, &info) == 0 else { return }
        vaultExisted = true
        guard info.st_mode & S_IFMT != S_IFLNK else {
            throw ExpenseError(
                .cannotCreate, "cannot copy into \(path): its receipt vault \(vault.root) is a symbolic link",
                hint: "remove the link, or name another file")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ExpenseError(
                .cannotCreate, "cannot copy into \(path): its receipt vault \(vault.root) is not a directory",
                hint: "move it away, or name another file")
        }
    }

    /// O_EXCL and O_NOFOLLOW: the name is ours, not a file or link that appeared since the check.
    private func createFile() throws {
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw ExpenseError(
                .cannotCreate, "cannot create \(path): \(SystemError.reason(code))",
                hint: code == ENOENT ? "check that its directory exists" : nil)
        }
        close(descriptor)
        createdFile = true
    }

    /// An existing file must be an expenses database; looked at read-only, so that a file that is
    /// not one is left exactly as it was.
    private func requireExpensesDatabase() throws {
        let refusal = { (what: String) in
            ExpenseError(
                .cannotCreate, "cannot copy into \(self.path): it exists and is \(what); a copy never writes into another file",
                hint: "name a new file")
        }
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(path: path, access: .readOnly)
        } catch {
            throw refusal("not an SQLite database")
        }
        // No tables at all is an empty database, as SQLite makes one; tables without ours are another program's.
        if try !database.hasTable("schema_migrations"), try database.tableCount() > 0 {
            throw refusal("another program's SQLite database, not an expenses database")
        }
    }

    /// Opens the target's store: a file is created or migrated; a server must have been set up.
    func open(now: @escaping () -> String) throws -> Store {
        try Store(location: location, now: now)
    }

    /// Undoes what this copy made outside the target's transaction: the file it created, and the
    /// receipt files it wrote. Call once the target's store is closed.
    func discard() {
        for file in writtenReceiptFiles { unlink(file) }
        writtenReceiptFiles = []
        if let vault {
            vault.pruneEmptyDirectories()
            if !vaultExisted { rmdir(vault.root) }
        }
        guard createdFile else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        createdFile = false
    }
}
