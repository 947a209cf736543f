import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Where the data is: a file on this machine (SQLite), for one person, or a team's server
/// (PostgreSQL) with its connection parameters. Parsed once from what the person wrote (--db,
/// EXPENSES_DB, the `database` setting, `db copy --to`), and passed down as this type: no code
/// looks at a location's text to tell the engines apart.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// A database file, by its path (absolute when the app parsed it, against its session's
    /// working directory), or ":memory:", a private one that lives as long as its connection.
    case file(String)
    /// A team database on a PostgreSQL server: libpq's connection string as given, a
    /// `postgresql://` (or `postgres://`) URI or `keyword=value` pairs (`service=team`,
    /// `host=db dbname=expenses`), password and all. Messages show `name`, without it.
    case server(connection: String)

    /// The keywords that start a libpq keyword/value string: a file's name may hold `=` too,
    /// but does not start with one of these followed by `=`.
    static let serverKeywords = ["service", "host", "hostaddr", "dbname", "user", "port"]
    static let serverSchemes = ["postgresql://", "postgres://"]

    /// `text` as a location: a URI of PostgreSQL or a libpq keyword/value string is a server;
    /// anything else is a file, `~` and `~/...` in the home directory when `home` is given.
    /// Refused (64): nothing at all, and a URI of another kind (`mysql://`, `sqlite://`), which
    /// would otherwise become a directory named after its scheme.
    /// - Parameter workingDirectory: the directory a relative file is in, when the session says
    ///   (the app's sessions do: a file is then kept by its absolute path); nil keeps it as given.
    public init(parsing text: String, home: String? = nil, workingDirectory: String? = nil) throws(ExpenseError) {
        if Self.serverSchemes.contains(where: text.hasPrefix)
            || Self.serverKeywords.contains(where: { text.hasPrefix($0 + "=") })
        {
            self = .server(connection: text)
            return
        }
        guard !text.isEmpty else {
            throw ExpenseError(
                .usage, "no database given: an empty name is neither a file nor a server",
                hint: "give a file, or a team database on PostgreSQL (postgresql://USER@HOST/DB, service=NAME)")
        }
        if let scheme = Self.uriScheme(of: text) {
            throw ExpenseError(
                .usage, "'\(TerminalText.visible(text))' is a \(scheme) URI, not a database expenses can use",
                hint: "give a file, or a team database on PostgreSQL (postgresql://USER@HOST/DB, service=NAME)")
        }
        if let home, text == "~" || text.hasPrefix("~/") {
            self = .file(home + text.dropFirst())
            return
        }
        guard let workingDirectory, !text.hasPrefix("/"), text != ":memory:", !text.hasPrefix("file:") else {
            self = .file(text)
            return
        }
        let relative = text.hasPrefix("./") ? String(text.dropFirst(2)) : text
        self = .file(workingDirectory.hasSuffix("/") ? workingDirectory + relative : workingDirectory + "/" + relative)
    }

    /// The scheme of `text` when it is written as a URI with an authority (`mysql://host/db`):
    /// a letter, then letters, digits, `+`, `-` or `.`, then `://`.
    private static func uriScheme(of text: String) -> String? {
        guard let range = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<range.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(scheme)
    }

    /// True for a team's server; false for a file.
    public var isServer: Bool {
        if case .server = self { return true }
        return false
    }

    /// True for ":memory:", a database that no other process can reach.
    public var isInMemory: Bool { self == .file(":memory:") }

    /// What messages name it by: the file as given, or the connection string without its password.
    public var name: String {
        switch self {
        case .file(let path): path
        case .server(let connection): Self.rewritingPassword(connection, shownAs: "...")
        }
    }

    public var description: String { name }

    /// The location as something started elsewhere names it (a launcher, an exported quick
    /// action): a file by its absolute path, a server's connection string with no password in
    /// it at all, so that no file outside the database holds the secret (libpq then reads it
    /// from ~/.pgpass or PGPASSWORD, or the server lets the role in without one).
    public var portable: String {
        switch self {
        case .file(let path) where path.hasPrefix("/") || isInMemory:
            return path
        case .file(let path):
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return path }
            let base = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            return base.hasSuffix("/") ? base + relative : base + "/" + relative
        case .server(let connection):
            return Self.rewritingPassword(connection, shownAs: nil)
        }
    }

    /// The files of a database file that a command's output must never replace: the database,
    /// its write-ahead log and shared memory (WAL mode), and a rollback journal. None for a
    /// server or an in-memory database.
    public var files: [OutputFile.Input] {
        guard case .file(let path) = self, !path.isEmpty, !isInMemory, !path.hasPrefix("file:") else { return [] }
        return [
            OutputFile.Input(path, role: "the database"),
            OutputFile.Input(path + "-wal", role: "the database's write-ahead log"),
            OutputFile.Input(path + "-shm", role: "the database's shared-memory file"),
            OutputFile.Input(path + "-journal", role: "the database's journal"),
        ]
    }

    /// True for a file that is not there (yet): opening it would create it. False for a server,
    /// and for ":memory:".
    public var isMissingFile: Bool {
        guard case .file(let path) = self, !isInMemory else { return false }
        return access(path, F_OK) != 0
    }
}
