import ExpenseCore
import ExpenseSupport

/// The receipts' bytes, which a file keeps in its vault and a server in receipt_contents.
extension Copier {
    // MARK: - Receipts' files

    /// The bytes of every receipt of the source, through the two receipt storages, a piece at a
    /// time, each checked against its hash on the way. Bytes the target has already (and intact)
    /// stay; a vault's damaged file is replaced, a server's damaged chunks are refused (only its
    /// administrator may change stored bytes).
    func copyReceiptFiles() throws -> (DatabaseCopy.Tally, Int64) {
        var tally = DatabaseCopy.Tally("receipt files")
        var bytes: Int64 = 0
        let hashes = try from.query("SELECT DISTINCT sha256 FROM receipts ORDER BY sha256" as SQL) { $0.string(0) }
        guard !hashes.isEmpty else { return (tally, 0) }
        let sourceStorage = try source.requireReceiptStorage()
        let targetStorage = try target.requireReceiptStorage()
        for hash in hashes {
            try Cancellation.check()
            guard ReceiptVault.isHash(hash) else {
                throw ExpenseError(
                    .invalidData, "a receipt of \(from.path) names no SHA-256 ('\(TerminalText.visible(hash))'); nothing was copied")
            }
            if try targetStorage.contains(hash) {
                let health = try targetStorage.check(hash)
                if health == .ok {
                    tally.present += 1
                    continue
                }
                if targetStorage is DatabaseReceiptStorage {
                    throw ExpenseError(
                        .invalidData,
                        "the bytes of receipt \(hash.prefix(12)) in \(place.name) are damaged, and only "
                            + "its administrator may replace stored bytes; nothing was copied",
                        hint: "delete that sha256's rows of receipt_contents on the server, then copy again")
                }
            }
            bytes += try copyFile(hash, from: sourceStorage, into: targetStorage)
            tally.copied += 1
        }
        tally.rows = hashes.count
        return (tally, bytes)
    }

    private func copyFile(_ hash: String, from storage: any ReceiptStorage, into targetStorage: any ReceiptStorage) throws -> Int64 {
        var size: Int64 = 0
        let produce = { (sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws in
            try storage.forEachPiece(of: hash) { piece in
                size += Int64(piece.count)
                try sink(piece)
            }
        }
        let actual: String
        if let vault = targetStorage as? ReceiptVault {
            let stored = try vault.store(hash: hash, from: produce)
            actual = stored.actual
            if let placed = stored.placed { place.writtenReceiptFiles.append(placed) }
        } else {
            actual = try insertChunks(hash, from: produce)
        }
        guard actual == hash else {
            throw ExpenseError(
                .invalidData,
                "the bytes of receipt \(hash.prefix(12)) in \(from.path) are damaged: they hash to "
                    + "\(actual.prefix(12)); nothing was copied",
                hint: "restore that receipt's file from a backup, then copy again")
        }
        return size
    }

    /// Into receipt_contents, in the chunks `DatabaseReceiptStorage` reads: whatever the pieces
    /// the source hands over, one chunk is held at a time.
    private func insertChunks(_ hash: String, from produce: ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void) throws -> String {
        let size = DatabaseReceiptStorage.chunkSize
        var chunk: [UInt8] = []
        chunk.reserveCapacity(size)
        var number: Int64 = 0
        var hasher = SHA256()
        func flush() throws {
            guard !chunk.isEmpty else { return }
            try to.execute(
                "INSERT INTO receipt_contents (sha256, chunk, bytes) VALUES (\(hash), \(number), \(chunk))" as SQL)
            number += 1
            chunk.removeAll(keepingCapacity: true)
        }
        try produce { piece in
            hasher.update(piece)
            var offset = 0
            while offset < piece.count {
                let take = min(size - chunk.count, piece.count - offset)
                chunk.append(contentsOf: UnsafeBufferPointer(rebasing: piece[offset..<(offset + take)]))
                offset += take
                if chunk.count == size { try flush() }
            }
        }
        try flush()
        return SHA256.hex(digest: hasher.finalize())
    }
}
