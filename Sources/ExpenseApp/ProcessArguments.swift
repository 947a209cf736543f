import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The process's arguments and path variables as it was given them, checked before anything
/// reads them: a Swift String cannot hold bytes that are not UTF-8, and decoding replaced them
/// with U+FFFD, so a `--db` path with one silently opened another file, and a receipt's file
/// name became one that does not exist. Such an argument or variable is refused (64), showing
/// its bytes; everything else keeps its exact bytes as UTF-8 text.
enum ProcessArguments {
    /// The variables whose values are paths.
    static let pathVariables = ["EXPENSES_DB", "EXPENSES_HISTORY", "HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"]

    /// The arguments after the program's name, each as text; or why one cannot be.
    static func decode(_ arguments: [[UInt8]]) -> Result<[String], ExpenseError> {
        var decoded: [String] = []
        for (index, bytes) in arguments.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(notUTF8("argument \(index + 1)", bytes))
            }
            decoded.append(text)
        }
        return .success(decoded)
    }

    /// The first path variable whose value is not UTF-8, as an error; `value` reads one's bytes.
    static func checkEnvironment(_ value: (String) -> [UInt8]?) -> ExpenseError? {
        for name in pathVariables {
            if let bytes = value(name), String(validating: bytes, as: UTF8.self) == nil { return notUTF8(name, bytes) }
        }
        return nil
    }

    static func notUTF8(_ what: String, _ bytes: [UInt8]) -> ExpenseError {
        ExpenseError(
            .usage, "\(what) is not valid UTF-8: '\(visible(bytes))'",
            hint: "expenses takes its arguments as UTF-8 text; for a file whose name is not, rename it "
                + "(convmv -f latin1 -t utf-8 does) or give a link to it with a UTF-8 name")
    }

    /// `bytes` for a person: UTF-8 as it is, every other byte and every control character as
    /// `\xNN`.
    static func visible(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, index + length <= bytes.count,
                let scalar = String(validating: bytes[index..<(index + length)], as: UTF8.self)?.unicodeScalars.first,
                scalar.value >= 0x20, scalar.value != 0x7F, !(0x80..<0xA0).contains(scalar.value)
            {
                text.unicodeScalars.append(scalar)
                index += length
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                text += "\\x" + String(decoding: [hex[Int(lead >> 4)], hex[Int(lead & 0xF)]], as: UTF8.self)
                index += 1
            }
        }
        return text
    }
}

extension Entry {
    /// `main` for the process itself: its arguments and path variables read as bytes and
    /// checked (`ProcessArguments`) first.
    public static func main(
        argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        makeReader: @escaping (_ historyPath: String, _ completer: @escaping ([String], String) -> [String]) -> LineReader
    )
        -> ExitStatus
    {
        let raw = (1..<max(1, Int(argc))).compactMap { index in
            argv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        }
        switch ProcessArguments.decode(raw) {
        case .failure(let error):
            return Runner().report(error)
        case .success(let arguments):
            let variable = ProcessArguments.checkEnvironment { name in
                getenv(name).map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
            }
            if let variable { return Runner().report(variable) }
            return main(arguments, makeReader: makeReader)
        }
    }
}
