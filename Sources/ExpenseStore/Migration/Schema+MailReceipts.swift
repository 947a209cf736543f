import ExpenseCore
import ExpenseSupport

extension Schema {
    /// The media types `receipts.media_type` accepts, as SQL literals: every case of
    /// `ReceiptMediaType` when this migration shipped, e-mail included, written out.
    static let receiptMediaTypesList = "'image/jpeg', 'image/png', 'image/heic', 'image/webp', 'application/pdf', 'message/rfc822'"

    /// E-mail receipts (`message/rfc822`): the receipts table's CHECK on media_type lists every
    /// `ReceiptMediaType`. The new list accepts every row the old one did, and a CHECK is not
    /// part of how rows are stored, so the table's definition is rewritten in place (as
    /// `checkRateSourceByComparisons` does): no row is copied or can fail. A database created by
    /// this version already has the new list (`createReceipts` writes the same), and keeps it.
    ///
    /// Swift code that rewrites the table's text: its hash in `ShippedMigrations` sees its SQL as
    /// it runs on a new database (a read, nothing to change); what it cannot see is the rewrite of
    /// an older table's list, which only `receiptMediaTypesList`, written out, decides.
    static func acceptMailReceipts(_ db: Database) throws {
        let definition = try db.query(SQL(verbatim: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'receipts'")) {
            $0.string(0)
        }
        let opening = "media_type TEXT NOT NULL CHECK (media_type IN ("
        guard let old = definition.first, let start = old.firstRange(of: opening), old.ranges(of: opening).count == 1,
            let close = old[start.upperBound...].firstRange(of: "))")
        else {
            throw ExpenseError(.invalidData, "the receipts table's definition is not the one this migration knows")
        }
        let list = receiptMediaTypesList
        guard old[start.upperBound..<close.lowerBound] != list else { return }
        var new = old
        new.replaceSubrange(start.upperBound..<close.lowerBound, with: list)
        let version = try db.scalar(SQL(verbatim: "PRAGMA schema_version"))
        try db.execute(SQL(verbatim: "PRAGMA writable_schema = ON"))
        defer { try? db.execute(SQL(verbatim: "PRAGMA writable_schema = OFF")) }
        try db.execute("UPDATE sqlite_master SET sql = \(new) WHERE type = 'table' AND name = 'receipts'" as SQL)
        // Every connection reads the schema again, this one too.
        try db.execute(SQL(verbatim: "PRAGMA schema_version = \(version + 1)"))
    }
}
