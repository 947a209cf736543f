import ExpenseSupport

extension Store {
    /// Where this database keeps its receipts' bytes: the vault beside an SQLite file, the table
    /// receipt_contents on a team's server; nil for an in-memory database.
    public var receiptStorage: (any ReceiptStorage)? { writes.receipts.storage }

    /// The receipt storage, or an error saying why receipts cannot be kept.
    public func requireReceiptStorage() throws -> any ReceiptStorage {
        guard let storage = receiptStorage else { return try requireReceiptVault() }
        return storage
    }
}
