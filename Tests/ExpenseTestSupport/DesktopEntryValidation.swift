import Foundation
import XCTest

/// desktop-file-validate (desktop-file-utils, installed by Scripts/bootstrap) on a desktop entry.
public enum DesktopEntryValidation {
    public static let validator = "/usr/bin/desktop-file-validate"

    /// The validator's findings for a file: empty when it passes.
    public static func findings(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: validator) else {
            XCTFail("desktop-file-validate is missing: run Scripts/bootstrap (it installs desktop-file-utils)", file: file, line: line)
            return ""
        }
        let result = try Tool.run(validator, path)
        XCTAssertEqual(result.status, 0, result.stdout, file: file, line: line)
        return result.stdout
    }
}
