import ExpenseSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a shell script as a person would: not root (as `nobody` when the tests run as root), with
/// a home of its own, where it starts, and only `path` to find programs. Its output, both streams, goes to a file in
/// that home, not a pipe: a server the script starts must not keep the test waiting for its end.
public struct PersonShell {
    public let home: String
    private let person: passwd?

    /// Makes the home (owned by the person) and `bin` in it, where `programs` are copied by name:
    /// not linked, because the person may not enter the directories they were built in (a
    /// checkout in root's home, as on a fresh machine).
    public init(programs: [String: String]) throws {
        var template = Array("/tmp/expenses-home-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        home = String(cString: made)
        try FileManager.default.createDirectory(atPath: home + "/bin", withIntermediateDirectories: true)
        for (name, target) in programs {
            try FileManager.default.copyItem(atPath: target, toPath: home + "/bin/" + name)
        }
        person = geteuid() == 0 ? getpwnam("nobody")?.pointee : nil
        if let person { chown(home, person.pw_uid, person.pw_gid) }
    }

    /// The script's exit status and everything it printed.
    public func run(_ script: String, timeLimit: Double = 120) throws -> (status: Int32, output: String) {
        let prefix = person.map { ["/usr/bin/setpriv", "--reuid=\($0.pw_uid)", "--regid=\($0.pw_gid)", "--clear-groups", "--"] } ?? []
        let output = home + "/output"
        let result = try Subprocess(
            prefix + [
                "/usr/bin/env", "-i", "HOME=\(home)", "PATH=\(home)/bin:/usr/bin:/bin", "LANG=C.UTF-8",
                "/bin/bash", "-euo", "pipefail", "-c", "cd ~\nexec >\(output) 2>&1 </dev/null\n" + script,
            ],
            timeLimit: timeLimit
        ).run()
        let status: Int32 =
            switch result.termination {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    public func remove() { try? FileManager.default.removeItem(atPath: home) }
}
