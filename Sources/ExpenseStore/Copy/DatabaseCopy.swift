import ExpenseCore
import ExpenseSupport

/// Moves a whole database into another (`db copy`): a laptop's SQLite file into a team's
/// PostgreSQL database, and back into a new file; also file to file, and server to server.
///
/// What moves: every table of `CopiedTable.all`, every column, each row with its id as it is (so
/// the audit log's hash chain, which covers each entry's id, verifies on the target), the chain's
/// head, the receipts' bytes (through the receipt storage: vault files become receipt_contents
/// chunks, and back, a piece at a time), and the engines' id counters, moved past the copied ids.
/// Not the tables of `CopiedTable.notCopied`, for the reasons given there.
///
/// How:
/// - The source is read in one snapshot (a read transaction) in pages of `pageSize` rows by key;
///   the target is written in one transaction, which commits only after the verification: per
///   table the target must hold exactly the source's rows (their count, the sums of their money
///   and count columns, and a digest of every value), its foreign keys must hold, and its audit
///   chain must verify up to the copied head. Anything else rolls back (65, naming the table).
/// - Rows the target has already, with the same key and the same content, are skipped: running a
///   copy again adds nothing, and one after more work on the source adds the new rows (while the
///   copied ones are unchanged). A row with the same key and other content is a conflict, refused
///   (65) naming table, key and columns: the target is another database, or the row changed since
///   (a report moved on), and a copy never changes or removes a row; a copy is not a sync.
/// - The rows go in as they are, statuses, cached totals and hashes included, past the triggers
///   that hold the workflow's rules for every other writer (an item cannot be added to a submitted
///   report; a status only moves along a logged step, by the right person): on a server with
///   `session_replication_role = replica` for the transaction (so it takes the administrator:
///   a superuser, or a role with BYPASSRLS allowed to set it), on a file by dropping the triggers
///   and creating them again from their own text before the commit. The verification stands in
///   for what the triggers would have checked: the rows are the source's, which its triggers held.
/// - From a file to a server, the server's `owner` columns (`PostgresSchema.differences`) are
///   filled: a row of a report takes the report's owner, a receipt its items' owner, and what
///   belongs to no report (unassigned items, imports, receipts of no item, quick actions, the
///   receipt inbox's records) the default owner the caller names. From a server to a file the
///   owner columns are dropped; a file keeps one person's quick actions and inbox records, so only
///   the named owner's come along (`personalOwners` tells whose there are).
public enum DatabaseCopy {
    /// What happened to one table: rows copied, rows the target had already, and the rows it
    /// holds afterwards, as verified.
    public struct Tally: Sendable, Equatable {
        public let name: String
        public internal(set) var copied = 0
        public internal(set) var present = 0
        public internal(set) var rows = 0

        init(_ name: String) { self.name = name }
    }

    public struct Outcome: Sendable {
        public let source: String
        public let target: String
        /// True when the copy created the target file.
        public let createdTarget: Bool
        /// Who the rows of no report were given to (file to server), or whose quick actions came
        /// along (server to file); nil when neither applied.
        public let owner: Owner?
        public internal(set) var tables: [Tally] = []
        /// Receipts' files (by their hash): copied, already there, and how many the target has.
        public internal(set) var receiptFiles = Tally("receipt files")
        public internal(set) var receiptBytesCopied: Int64 = 0
        /// File to server: the reports past draft that stayed in the file (no --import-history).
        public internal(set) var historyLeftOut: [Int64] = []
        /// File to server: the file's reports an earlier copy of it brought (its copy markers), skipped.
        public internal(set) var alreadyCopied: [AlreadyCopied] = []
        /// File to server: how many of the file's items of no report an earlier copy brought, skipped.
        public internal(set) var itemsAlreadyCopied = 0
        /// File to server: the copied trips' stops in a country the team has no per-diem rate for.
        public internal(set) var missingAllowanceRates: [MissingRate] = []

        /// True when the target had everything already.
        public var copiedNothing: Bool { tables.allSatisfy { $0.copied == 0 } && receiptFiles.copied == 0 }
    }

    /// A report of the file that an earlier copy brought: its id and title in the file, its id on
    /// the team database, and the day it was copied.
    public struct AlreadyCopied: Sendable, Equatable {
        public let report: Int64
        public let title: String
        public let copiedAs: Int64
        public let on: String
    }

    /// A copied report's stop in a country the team database has no per-diem rate for on its
    /// day (`date`, the first such day of the report in that country).
    public struct MissingRate: Sendable, Equatable {
        public let report: Int64
        public let title: String
        public let copiedAs: Int64
        public let country: String
        public let date: String
    }

    /// What the copy's owner was used for.
    public enum Owner: Sendable, Equatable {
        /// File to server: the owner of the rows that belong to no report.
        case ofRowsWithoutReport(String)
        /// Server to file: the person whose quick actions and inbox records the file took.
        case ofPersonalRows(String)
        /// File to server with one name for everyone: whose all that was copied became.
        case ofEverythingCopied(String)
    }

    /// How many rows are read, looked up and compared at a time.
    static let pageSize = 256

    /// Copies `source` into the database at `location` (a file, or a team database's server),
    /// in one transaction on the target, verified before it commits.
    /// - Parameter owner: file to server, the owner of what belongs to no report (required then);
    ///   server to file, whose quick actions and inbox records come along (nil: the only person's
    ///   there are, see `personalOwners`).
    /// - Parameter importHistory: file to server, reports past draft come too, their audit log
    ///   logged again as imported (`TeamImport`); else they stay in the file, and the outcome says so.
    public static func copy(
        from source: Store, to location: DatabaseLocation, owner: String?, fileUser: String = "",
        importHistory: Bool = false, now: @escaping () -> String
    ) throws -> Outcome {
        let target = try CopyTarget.prepare(location, source: source)
        do {
            if source.db.dialect == .sqlite, target.isServer {
                guard let owner else {
                    throw ExpenseError(.usage, "a copy into a team database needs --owner: whose the file's reports and items become")
                }
                let mapping = try OwnerMapping(owner, fileUser: fileUser)
                return try TeamImport(
                    source: source, target: try target.open(now: now), place: target, owners: mapping,
                    importHistory: importHistory
                ).run()
            }
            if importHistory {
                throw ExpenseError(.usage, "--import-history is for a copy of a file into a team database")
            }
            return try copy(from: source, into: target, owner: try owner.map { try UserName(validating: $0).value }, now: now)
        } catch {
            // The target's store is closed by now: what the copy made outside its transaction goes.
            target.discard()
            throw error
        }
    }

    private static func copy(
        from source: Store, into place: CopyTarget, owner: String?,
        now: @escaping () -> String
    ) throws -> Outcome {
        let target = try place.open(now: now)
        let copier = try Copier(source: source, target: target, place: place, owner: owner)
        return try copier.run()
    }

    /// The people who have quick actions, app quick-action states or inbox records on a team
    /// database: a file takes one person's (none on a file).
    public static func personalOwners(of source: Store) throws -> [String] {
        guard source.db.dialect == .postgresql else { return [] }
        let union = CopiedTable.all.filter { $0.owner == .person }.map { "SELECT owner FROM \($0.name)" }.joined(separator: " UNION ")
        return try source.db.query(SQL(verbatim: "SELECT owner FROM (\(union)) AS people ORDER BY owner")) { $0.string(0) }
    }
}
