import Foundation

/// Runs another program the tests need (sqlite3, mount, chromium, pdfinfo...), without a shell.
public enum Tool {
    public struct Result {
        public let status: Int32
        public let stdout: String
    }

    @discardableResult
    public static func run(_ arguments: String...) throws -> Result { try run(arguments) }

    public static func run(_ arguments: [String]) throws -> Result {
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
public struct MissingTool: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
