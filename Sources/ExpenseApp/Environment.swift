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

/// What the process was started with: environment variables, the working directory and the
/// clock. Tests build one by hand; `EXPENSES_NOW` pins the clock for reproducible output.
public struct Environment {
    public var variables: [String: String]
    /// The directory relative paths are in: the process's when the binary starts, a test's own
    /// for a run in process. A path a person gives is made absolute against it where it is read
    /// (`path(_:)`), so that nothing below the app, nor another session in the same process,
    /// depends on the process's working directory.
    public let workingDirectory: String

    public init(
        variables: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.variables = variables
        self.workingDirectory = workingDirectory
    }

    /// `body`, which works on `given` made absolute (`path(_:)`), with the file named as the
    /// person wrote it in the error it throws (`cannot write out.csv: ...`, as before the path
    /// was the session's).
    public func namingAsGiven<T>(_ given: String, _ body: () throws -> T) throws -> T {
        let absolute = path(given)
        do {
            return try body()
        } catch var error as ExpenseError where absolute != given {
            error.message = error.message.replacing(absolute, with: given)
            error.location = error.location?.replacing(absolute, with: given)
            throw error
        }
    }

    /// `given` as an absolute path: against `workingDirectory` when it is relative. `-`
    /// (standard input or output) and nothing at all stay as they are.
    public func path(_ given: String) -> String {
        guard !given.isEmpty, given != "-", !given.hasPrefix("/") else { return given }
        let relative = given.hasPrefix("./") ? String(given.dropFirst(2)) : given
        return workingDirectory.hasSuffix("/") ? workingDirectory + relative : workingDirectory + "/" + relative
    }

    public subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    /// The decimal mark of the person's locale (`LC_ALL`, else `LC_NUMERIC`, else `LANG`), for
    /// amounts typed in: a comma in most of Europe, Russia, Turkey, Brazil, Indonesia and
    /// Vietnam; a point elsewhere and in Switzerland, Liechtenstein and Mexico. Known by name, so
    /// that it does not depend on which locales the machine has generated.
    public var decimalMark: DecimalMark {
        let name = self["LC_ALL"] ?? self["LC_NUMERIC"] ?? self["LANG"] ?? ""
        let tag = name.prefix { $0 != "." && $0 != "@" }
        let parts = tag.split(separator: "_")
        guard let language = parts.first.map(String.init) else { return .point }
        let territory = parts.count > 1 ? String(parts[1]) : ""
        if ["CH", "LI", "MX", "US", "PR", "GT", "HN", "NI", "PA", "SV", "DO", "PE"].contains(territory) {
            return .point
        }
        let commaLanguages: Set<String> = [
            "de", "fr", "it", "es", "pt", "nl", "da", "sv", "nb", "nn", "no", "fi", "is", "pl", "cs", "sk", "sl", "hr", "sr",
            "bs", "hu", "ro", "bg", "ru", "uk", "be", "el", "tr", "lt", "lv", "et", "ca", "gl", "eu", "id", "vi", "af",
        ]
        return commaLanguages.contains(language) ? .comma : .point
    }

    /// The current time, UTC ISO 8601 (`2026-03-02T09:15:00Z`).
    public func now() -> String {
        if let pinned = self["EXPENSES_NOW"] { return pinned }
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return LocalTime.iso8601(parts)
    }

    /// Today's date where the user is (the local calendar day), or the day of `EXPENSES_NOW`.
    public func today() -> CalendarDate {
        if let pinned = self["EXPENSES_NOW"], let date = try? CalendarDate.parse(String(pinned.prefix(10))) {
            return date
        }
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CalendarDate(dayNumber: 0)
    }

    /// The user's name: --user, else EXPENSES_USER, else the login name.
    public func userName(override: String?) -> String {
        if let override, !override.isEmpty { return override }
        if let name = self["EXPENSES_USER"] { return name }
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return self["USER"] ?? "me"
    }

    /// `$XDG_DATA_HOME` (default `~/.local/share`): where launchers find `applications/` and `icons/`.
    public var dataHome: String { xdg("XDG_DATA_HOME", fallback: ".local/share") }
    /// `$XDG_DATA_HOME/expenses` (default `~/.local/share/expenses`).
    public var dataDirectory: String { dataHome + "/expenses" }
    /// `$XDG_CONFIG_HOME/expenses` (default `~/.config/expenses`).
    public var configDirectory: String { xdg("XDG_CONFIG_HOME", fallback: ".config") + "/expenses" }
    /// The config file, `config` in `configDirectory`.
    public var configFile: String { configDirectory + "/config" }
    /// `$XDG_STATE_HOME/expenses` (default `~/.local/state/expenses`).
    public var stateDirectory: String { xdg("XDG_STATE_HOME", fallback: ".local/state") + "/expenses" }

    private func xdg(_ name: String, fallback: String) -> String {
        if let value = self[name], value.hasPrefix("/") { return value }
        return path(self["HOME"] ?? "/tmp") + "/" + fallback
    }

    /// Where the database is: --db, else EXPENSES_DB, else the config file's `database`, else the
    /// data directory; parsed here, once, into a file or a server (`~` is the home directory).
    /// Only the default location's directory is created; an explicit path in a missing directory
    /// is a typo to report.
    public func databaseLocation(override: String?, configured: String? = nil) throws(ExpenseError)
        -> (location: DatabaseLocation, createDirectory: Bool)
    {
        for given in [override, self["EXPENSES_DB"], configured] {
            if let given, !given.isEmpty { return (try database(given), false) }
        }
        return (.file(dataDirectory + "/expenses.sqlite"), true)
    }

    /// `given` (--db, `db copy --to`...) as a location: a file by its absolute path.
    public func database(_ given: String) throws(ExpenseError) -> DatabaseLocation {
        try DatabaseLocation(parsing: given, home: self["HOME"].map(path), workingDirectory: workingDirectory)
    }
}
