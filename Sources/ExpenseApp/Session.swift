import ExpenseCore
import ExpenseStore
import ExpenseSupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One run of the app — a one-shot command, a script or a REPL: the settings in force, the
/// database (opened on first use, so `help` never touches it), and where the user is.
public final class Session {
    public let environment: Environment
    public var format: OutputFormat
    /// False while a line given `--no-pager` runs: nor are the lines of a script it runs paged,
    /// nor what a `run --transaction` shows once committed.
    var paging = true
    /// Who the user is, normalised (`UserName`): from --user, `set user`, EXPENSES_USER or the login
    /// name. A name that is refused fails the commands that need it, with exit 65. On a team
    /// database the server says who the user is: the role it let in (`store`).
    public var user: UserName {
        get throws(ExpenseError) {
            guard location.isServer else { return try identity.get() }
            if let role { return role }
            do { _ = try store() } catch let error as ExpenseError { throw error } catch let error as DatabaseError {
                throw ErrorPresenter.error(error)
            } catch {
                throw ExpenseError(.internal, "\(error)")
            }
            guard let role else { throw ExpenseError(.internal, "the team database's store opened without its role") }
            return role
        }
    }
    /// The role a team database let the user in as, once its store is open: no command line or
    /// setting changes it (`identity` is the name on a file).
    private var role: UserName?
    /// Where the name came from when it was not the login name: --user, EXPENSES_USER or `set user`.
    /// A team database refuses it: the server, not a flag, says who one is.
    private var namedBy: String?
    /// The user as given and checked; `user` and `setUser` read and write it.
    public var identity: Result<UserName, ExpenseError>
    /// Where the database is: --db, EXPENSES_DB or the `database` setting, parsed once.
    public let location: DatabaseLocation
    /// Whether --db named it (`config list` says where the database in use came from).
    let databaseGivenByOption: Bool
    private let createDirectory: Bool
    private var openedStore: Store?
    /// Report ids the user has opened, innermost last: the REPL's navigation stack.
    public var navigation: [Int64] = []
    /// The version of each report that `report show` or `report check` last showed in this
    /// session (the REPL's, a script's): what a step on it is decided on, unless `--seen` says.
    public var seenVersions: [Int64: ReportVersion] = [:]
    /// Whether the person types at the REPL's prompt (`Repl.run`): help and usage errors then
    /// name commands as typed there, without `expenses`.
    public var atPrompt = false
    public var helpAudience: HelpAudience { atPrompt ? .prompt : .shell }
    /// Who answers a command's questions (a form for what it was not given, `receipt capture
    /// --create`'s confirmation): the REPL's line reader, or on a terminal one made when first
    /// needed (`makeLineReader`). Nil without a terminal and inside scripts, which never ask.
    public var lineReader: LineReader? {
        get {
            guard asks else { return nil }
            if openedReader == nil, let make = makeLineReader {
                openedReader = make()
                makeLineReader = nil
            }
            return openedReader
        }
        set { openedReader = newValue }
    }
    /// Makes the line reader when a one-shot command on a terminal first asks something: only
    /// then does it take over the terminal (and Ctrl-C).
    public var makeLineReader: (() -> LineReader)?
    private var openedReader: LineReader?
    private var asks = true

    /// Runs `body` without asking anything: a script's lines take what they are given or fail.
    public func withoutQuestions<T>(_ body: () throws -> T) rethrows -> T {
        let saved = asks
        asks = false
        defer { asks = saved }
        return try body()
    }
    /// The config file and quick-action catalogs, read once per session (Shortcuts/SessionCache.swift).
    var cache = SessionCache()
    /// The scripts running now, one inside another, and the limit on how deep (Script/ScriptNesting.swift).
    var scripts = ScriptNesting()

    /// Refuses (64) a database that is neither a file nor a server (`DatabaseLocation`).
    public init(
        environment: Environment, databaseOverride: String? = nil, format: OutputFormat = .table,
        user: String? = nil
    ) throws(ExpenseError) {
        self.environment = environment
        // The config file's `database`, when neither --db nor EXPENSES_DB says; the file read for
        // it is the one the session's settings are read from later (`configFile`), read once.
        let configFile =
            databaseOverride == nil && environment["EXPENSES_DB"] == nil
            ? try? ConfigFile.read(environment.configFile) : nil
        let database = try environment.databaseLocation(override: databaseOverride, configured: Self.database(configuredIn: configFile))
        location = database.location
        // A file named relative to the working directory is shown as it was written.
        let given = [databaseOverride, environment["EXPENSES_DB"], Self.database(configuredIn: configFile)]
            .compactMap { $0 }.first { !$0.isEmpty }
        shownName = given.flatMap { given in
            guard case .file(let path) = database.location, path != given, path == environment.path(given) else { return nil }
            return given
        }
        databaseGivenByOption = databaseOverride != nil
        createDirectory = database.createDirectory
        self.format = format
        identity = Result { () throws(ExpenseError) in try UserName(validating: environment.userName(override: user)) }
        if let user, !user.isEmpty {
            namedBy = "--user"
        } else if environment["EXPENSES_USER"] != nil {
            namedBy = "EXPENSES_USER"
        }
        cache.configFile = configFile
    }

    /// The database as messages name it: the file, or the server's connection string without its password.
    public var databaseName: String { shownName ?? location.name }
    /// A relative file as the person wrote it (`location` holds it absolute); nil for the others.
    private let shownName: String?

    /// The `database` a config file names. One that cannot be read or checked names none here;
    /// the commands that read the settings say what is wrong with it.
    private static func database(configuredIn file: ConfigFile?) -> String? {
        file.flatMap { try? Settings(file: $0) }?.database
    }

    /// The database as a launcher or an exported quick action names it: a file by its absolute
    /// path, a team database by its connection string with no password in it.
    public var launchDatabase: String { location.portable }

    /// True when the database is a team's server rather than a file.
    public var isServer: Bool { location.isServer }

    /// Makes `name` the user, or refuses it (65) and keeps the one before.
    /// - Parameter how: what named it, for the refusal on a team database.
    public func setUser(_ name: String, namedBy how: String = "set user") throws(ExpenseError) {
        if location.isServer { throw Self.namedOnServer(how) }
        identity = .success(try UserName(validating: name))
    }

    /// What naming the user is told on a team database (exit 77: who one is is not one's to say).
    static func namedOnServer(_ how: String) -> ExpenseError {
        ExpenseError(
            .permissionDenied, "\(how) cannot name the user on a team database: the server says who you are",
            hint: "connect as your own role (the user in the URI, PGUSER, or your login name)")
    }

    /// The report commands default to: the one opened last in the REPL.
    public var currentReportID: Int64? { navigation.last }

    /// The store, opened and migrated on first use.
    public func store() throws -> Store {
        if let openedStore { return openedStore }
        if location.isServer, let namedBy { throw Self.namedOnServer(namedBy) }
        let store = try Store(location: location, now: environment.now, createDirectory: createDirectory)
        role = try store.serverRole()
        store.maximumRateAgeDays = try settings().ratesMaxAgeDays
        openedStore = store
        if let repair = store.triggerRepair { Console.error(Self.triggerNotice(repair)) }
        return store
    }

    public var isStoreOpen: Bool { openedStore != nil }

    /// Takes `store`, opened by `serve`'s log-in as the person's own role, as this session's: its
    /// commands then read and write as that person, and the server says who they are.
    func adopt(_ store: Store) throws {
        role = try store.serverRole()
        openedStore = store
    }

    /// What is said, once, when the database lacked protective triggers.
    static func triggerNotice(_ repair: (names: [String], restored: Bool)) -> String {
        let names = repair.names.joined(separator: ", ")
        let s = repair.names.count == 1 ? "" : "s"
        guard repair.restored else {
            return "expenses: warning: the database lacks the protective trigger\(s) \(names), and this process cannot write it "
                + "to re-create them\nhint: 'expenses db check' tells whether the audit log was altered\n"
        }
        return "expenses: warning: the database lacked the protective trigger\(s) \(names) (dropped or changed outside "
            + "expenses); re-created\nhint: 'expenses db check' tells whether the audit log was altered meanwhile\n"
    }

    /// The store if the database file exists already; nil otherwise, without creating it (for
    /// completion, which must not leave a database behind a mistyped path). A team database is
    /// tried once: this is asked at every prompt and key, and a server that is down would hold the
    /// prompt for its connect timeout each time; a command (`store`) tries again, and says why.
    public func existingStore() -> Store? {
        if let openedStore { return openedStore }
        if location.isServer {
            guard !serverFailed else { return nil }
            serverFailed = (try? store()) == nil
            return openedStore
        }
        guard !location.isMissingFile else { return nil }
        return try? store()
    }
    private var serverFailed = false
}
