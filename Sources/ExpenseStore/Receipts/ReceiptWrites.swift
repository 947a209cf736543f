import ExpenseCore
import ExpenseSupport

/// The writes of receipts: their files and text, attached to and detached from items, matched, as each engine makes them: a file's SQL
/// (`FileReceiptWrites`) or the team server's declared functions (`ServerReceiptWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
///
/// Where a receipt's bytes are kept is the engine's too (the vault beside a file, the table
/// receipt_contents on a server), and so is which rows a read may call the person's own.
protocol ReceiptWrites {
    /// The vault beside the database file; nil for an in-memory database and a team database.
    var vault: ReceiptVault? { get }

    /// Where the receipts' bytes are kept; nil for an in-memory database.
    var storage: (any ReceiptStorage)? { get }

    /// The condition that keeps a read to the person's own rows by their owner column: on a team
    /// database `<ownerColumn> = session_user`, since row security lets an approver read others'
    /// too; nil on a file, every row of which is its person's.
    func ownRows(_ ownerColumn: SQL) -> SQL?

    /// Inserts a receipt's row and returns its id. On a team database, only once its bytes are
    /// stored whole (`DatabaseReceiptStorage`).
    func insert(_ receipt: Receipt) throws -> Int64

    /// Replaces what text recognition said about a receipt.
    func updateOCR(_ ocr: ReceiptOCR, of receiptID: Int64) throws

    /// Deletes a receipt's row.
    func delete(_ receiptID: Int64) throws

    /// Links a receipt to an item of `report` (nil: in none), which the store has locked and found
    /// editable; false when it was linked already. In the report's audit log, `how` its reason.
    func attach(receipt receiptID: Int64, to expenseID: Int64, in report: Report?, by actor: UserName, how: String) throws -> Bool

    /// Unlinks a receipt from an item of `report`, as `attach`; false when it was not linked.
    func detach(receipt receiptID: Int64, from expenseID: Int64, in report: Report?, by actor: UserName) throws -> Bool

    /// Notes that the inbox photo at `path`, of this size and modification time, became `receiptID`.
    func markInboxPhotoTaken(path: String, size: Int64, modifiedNanoseconds: Int64, receiptID: Int64) throws
}
