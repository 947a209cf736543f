import Foundation
import XCTest

/// A SEPA credit transfer file checked by the schema ISO 20022 publishes for its version, with
/// xmllint (libxml2-utils): the schemas are those the PyPI package sepaxml ships under
/// `schemas/`, installed by Scripts/bootstrap into its Python tools' environment
/// ($EXPENSES_PYTHON_TOOLS, default /opt/expenses-python). A missing one fails the test.
public enum PaymentFileValidation {
    public static let xmllint = "/usr/bin/xmllint"

    static var pythonTools: String {
        ProcessInfo.processInfo.environment["EXPENSES_PYTHON_TOOLS"] ?? "/opt/expenses-python"
    }

    /// The XSD of `format` ("pain.001.001.09"), found in the installed package.
    public static func schema(_ format: String) throws -> String {
        let python = pythonTools + "/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw MissingTool("\(python) is missing: run Scripts/bootstrap (it installs sepaxml, which ships the pain.001 XSDs)")
        }
        let found = try Tool.run(python, "-c", "import os, sepaxml; print(os.path.dirname(sepaxml.__file__))")
        let path = found.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/schemas/\(format).xsd"
        guard found.status == 0, FileManager.default.fileExists(atPath: path) else {
            throw MissingTool("the XSD of \(format) is missing (\(path)): run Scripts/bootstrap (it installs sepaxml)")
        }
        return path
    }

    /// Fails the test unless xmllint finds `path` valid against the XSD of `format`.
    public static func assertValid(_ path: String, format: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.isExecutableFile(atPath: xmllint) else {
            throw MissingTool("xmllint is missing: run Scripts/bootstrap (it installs libxml2-utils)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--nonet", "--schema", try schema(format), path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xmllint --schema \(format): \(said)", file: file, line: line)
    }
}
