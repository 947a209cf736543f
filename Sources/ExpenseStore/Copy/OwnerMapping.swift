import ExpenseCore
import ExpenseSupport

/// Who a file's people are on a team database (`db copy --owner`): one name for everyone
/// (`--owner alice`), or a name for each (`--owner ana=alice,ben=bob`). Rows of no report (items
/// and receipts outside reports) are the file's user's, mapped like any other name.
struct OwnerMapping {
    /// One name for every owner; nil when mapped name by name.
    let single: String?
    private let names: [String: String]
    /// Whose a file's rows of no report are, in the file's words.
    private let fileUser: String

    init(_ text: String, fileUser: String) throws {
        self.fileUser = UserName(normalizing: fileUser).value
        guard text.contains("=") else {
            single = try UserName(validating: text).value
            names = [:]
            return
        }
        var names: [String: String] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw ExpenseError(
                    .usage, "--owner takes a name, or pairs OLD=NEW separated by commas; '\(TerminalText.visible(String(pair)))' is neither"
                )
            }
            names[try UserName(validating: String(parts[0])).value] = try UserName(validating: String(parts[1])).value
        }
        single = nil
        self.names = names
    }

    /// The team's name for the file's `owner`.
    /// - Parameter orKeep: a name the mapping lacks stays as it is (an acknowledgement's actor).
    func owner(of owner: String, orKeep: Bool = false) throws -> String {
        if let single { return single }
        let name = UserName(normalizing: owner).value
        if let mapped = names[name] { return mapped }
        if orKeep { return name }
        throw ExpenseError(
            .usage, "--owner names no one for \(TerminalText.visible(name)), whose reports the file has",
            hint: "add \(TerminalText.visible(name))=NAME to --owner")
    }

    func ownerOfRowsWithoutReport() throws -> String { try owner(of: fileUser) }

    /// Refuses before anything is written: a file's owner the mapping does not name, and a name that
    /// is no traveller's login role on the team database.
    /// - Parameter withoutReport: whether the file has rows of no report, which are the file's user's.
    func requireKnown(_ owners: [String], withoutReport: Bool, in db: Database) throws {
        let targets = try Set(owners.map { try owner(of: $0) } + (withoutReport ? [ownerOfRowsWithoutReport()] : []))
        for name in targets.sorted() {
            let traveller = try db.scalar(
                SQL(
                    verbatim: """
                        SELECT count(*) FROM pg_roles WHERE rolname = ? AND rolcanlogin AND pg_has_role(rolname, '\(PostgresSchema.travellerRole)', 'MEMBER')
                        """, arguments: [.text(name)]))
            guard traveller > 0 else {
                throw ExpenseError(
                    .usage, "\(TerminalText.visible(name)) is no traveller of the team database \(db.path): nothing was copied",
                    hint: "the administrator makes the login role and grants it \(PostgresSchema.travellerRole), or --owner names another")
            }
        }
    }
}
