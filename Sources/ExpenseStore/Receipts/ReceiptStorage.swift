/// Where a database keeps its receipts' files, each once under its SHA-256: in a vault directory
/// beside an SQLite file (`ReceiptVault`), or on a team's server in the table receipt_contents
/// (`DatabaseReceiptStorage`), where whoever may see a receipt reads its bytes too: the approver
/// the traveller's. The commands ask `Store.receiptStorage` and use this, never an engine's own.
///
/// Reading goes a piece at a time (`forEachPiece`), so that checking, exporting or copying a
/// receipt never holds it whole; `read` (in `ReceiptStorage+Reading.swift`) is for the one use
/// that needs it whole anyway, the printable report that embeds it.
public protocol ReceiptStorage {
    /// Where the bytes are, for messages.
    var place: ReceiptStoragePlace { get }

    /// When the bytes are written: false, before the receipt's row and outside its transaction (a
    /// file: a crash leaves at worst a file no row refers to, never a row without its file); true,
    /// inside the row's transaction and after the row (the server's row security lets the owner
    /// write a receipt's bytes only once its row exists, and one transaction keeps both or neither).
    var writesAfterRow: Bool { get }

    /// Whether bytes are stored under `hash` (their content is not checked: see `check`).
    func contains(_ hash: String) throws -> Bool

    /// Stores `bytes` under `hash`, which the caller computed with `SHA256.hex(bytes)`. Bytes
    /// already there are not written again.
    /// - Returns: true when the bytes were written, false when they were there already.
    @discardableResult
    func store(_ bytes: [UInt8], hash: String) throws -> Bool

    /// Hands the bytes stored under `hash` to `body` in order, a piece at a time, each valid only
    /// during the call. Throws `ExpenseError` with the code `.receiptFileMissing` when there are none.
    func forEachPiece(of hash: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws

    /// Re-reads the bytes of `hash` and checks they still hash to it; throws only when they could
    /// not be looked at (the connection failed, Ctrl-C).
    func check(_ hash: String) throws -> ReceiptHealth

    /// Removes the bytes of `hash`, when this storage lets this user remove them; false when
    /// nothing was removed.
    @discardableResult
    func remove(_ hash: String) throws -> Bool

    /// The file on this machine that holds the bytes of `hash` (to show, and for a program that
    /// reads files, such as OCR); nil when they are in the database.
    func localPath(of hash: String) -> String?

    /// What `receipt gc` removes: what is stored under no hash of `referenced` (and, in a vault,
    /// temporary files older than a write takes). Called inside the write transaction that
    /// computed `referenced`. Throws when this user cannot see all that is stored.
    /// - Parameter now: seconds since the epoch.
    func unreferenced(by referenced: Set<String>, now: Int) throws -> [ReceiptStorageEntry]

    /// Removes what `unreferenced` found, in the same write transaction.
    func remove(unreferenced entries: [ReceiptStorageEntry]) throws

    /// Bytes sent a chunk at a time and never finished, past their expiry (a team database's
    /// `receipt_uploads`): this user's own, or everyone's for the administrator. None in a vault.
    func expiredUploads() throws -> [ReceiptStorageEntry]

    /// Removes the expired uploads `expiredUploads` lists, in the write transaction.
    func removeExpiredUploads() throws
}

extension ReceiptStorage {
    public func expiredUploads() throws -> [ReceiptStorageEntry] { [] }
    public func removeExpiredUploads() throws {}
}

/// Where a database keeps its receipts' bytes.
public enum ReceiptStoragePlace: Equatable, Sendable {
    /// Files under this directory.
    case vault(root: String)
    /// The table receipt_contents of this database (its name without a password).
    case database(name: String)
}

/// What re-hashing stored bytes found.
public enum ReceiptHealth: Equatable, Sendable {
    case ok
    case missing
    /// The bytes there hash to something else (or are unreadable): they were damaged.
    case corrupted(actual: String)
}

/// Bytes stored under one hash (or a vault's temporary file), as `unreferenced` finds them.
public struct ReceiptStorageEntry: Equatable, Sendable {
    /// The hash they are stored under; nil for a temporary or stray file.
    public var hash: String?
    public var size: Int64
    /// Where they are: a file's path, or the table's name.
    public var location: String

    public init(hash: String?, size: Int64, location: String) {
        self.hash = hash
        self.size = size
        self.location = location
    }
}
