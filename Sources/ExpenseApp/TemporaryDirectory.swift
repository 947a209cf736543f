import ExpenseSupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A directory of our own under `$TMPDIR` (else /tmp), made by mkdtemp(3): mode 0700 and a new
/// name, so nobody else can read what a helper program is handed there or plant a file in it.
/// `remove()` deletes it with whatever the program left inside.
struct TemporaryDirectory {
    let path: String

    /// - Parameter purpose: a word of the directory's name (`expenses-PURPOSE-XXXXXX`).
    init(_ purpose: String) throws(ExpenseError) {
        var template = Array("\(Self.base())/expenses-\(purpose)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else {
            throw ExpenseError(
                .cannotCreate, "cannot create a temporary directory: \(SystemError.reason(errno))",
                hint: "check TMPDIR (or /tmp): it must exist and be writable")
        }
        path = String(cString: made)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    private static func base() -> String {
        if let value = getenv("TMPDIR").map({ String(cString: $0) }), value.hasPrefix("/") { return value }
        return "/tmp"
    }
}
