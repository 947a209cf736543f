import ExpenseCore
import Foundation

/// The files under Tests/Fixtures that suites of several targets read.
public enum Fixtures {
    /// Tests/Fixtures itself (the binary catalog of the quick actions, among others).
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Statements, their rules files and the ECB's rates files (Tests/Fixtures/import).
    public static let imports = folder.appendingPathComponent("import")
}

extension UserName {
    /// Who a store test's writes are by, where the audit log wants a name.
    public static let tester = try! UserName(validating: "tester")
}
