import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport
import PropertyList

/// The app's dynamic quick action "Approve N reports" for someone whose decision N > 0 reports
/// wait for: it opens their inbox. It is kept current with the trip items (`TripShortcuts`),
/// after every command that changes a report, and gone while nothing waits.
enum ApprovalShortcut {
    static let action = "approveReports"

    static func type(appID: String) -> String { "\(appID).\(action)" }

    /// "Approve 2 reports", "Approve 1 report"; nil when none waits.
    static func item(appID: String, waiting: Int) -> ShortcutItem? {
        guard waiting > 0 else { return nil }
        return ShortcutItem(
            type: type(appID: appID), title: "Approve \(waiting) report\(waiting == 1 ? "" : "s")",
            subtitle: "Waiting for your decision", icon: ShortcutIcon(type: .task))
    }
}
