import Foundation

/// Runs another program the tests need (sqlite3, mount, chromium, pdfinfo...), without a shell.
enum Tool {
    struct Result {
        let status: Int32
        let stdout: String
    }

    @discardableResult
    static func run(_ arguments: String...) throws -> Result { try run(arguments) }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self))
    }
}

/// A program the tests need is not installed. Scripts/bootstrap installs every one, so this is a
/// broken machine, and fails the test that needs it instead of skipping it.
struct MissingTool: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
