import Foundation

/// The files under Tests/Fixtures that suites of several targets read.
public enum Fixtures {
    /// Statements, their rules files and the ECB's rates files (Tests/Fixtures/import).
    public static let imports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/import")
}
