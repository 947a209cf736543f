#if canImport(Glibc)
import Glibc
#endif

/// TAB for a file path in a form: the entries of the typed directory that start with the typed
/// name, directories with a trailing slash so that TAB goes on into them. A relative one is in
/// the session's working directory, `~` its HOME.
enum PathCompletion {
    static func candidates(_ typed: String, in environment: Environment) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let namePrefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let directory = environment.path(expandingHome(directoryPart.isEmpty ? "." : directoryPart, in: environment))
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            // Hidden entries only when asked for with a leading dot, as shells do.
            guard name != ".", name != "..", name.hasPrefix(namePrefix), !name.hasPrefix(".") || namePrefix.hasPrefix(".") else { continue }
            var info = stat()
            let isDirectory = stat(directory + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            found.append(directoryPart + name + (isDirectory ? "/" : ""))
        }
        return found.sorted()
    }

    /// `~/x` in the home directory, as a shell would read it.
    static func expandingHome(_ path: String, in environment: Environment) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
