import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Copy-once markers (issue 42): a copy of a laptop's file run twice (after a dropped connection,
/// or by two administrators) copies nothing the second time. The file names itself by a UUID it
/// keeps (`database_identity`, made the first time it is copied); the team database records each
/// report and item of no report a copy brought by that identity and the row's id in the file
/// (`copy_markers`, written only by the server's `copy_marker_add`, read by the administrator),
/// and a later copy of the same file skips them, saying where each report went. Not a guess by
/// titles or amounts: a report that is the same trip typed again on another laptop is another row.
extension TeamImport {
    /// What an earlier copy of this file brought: the team's id of each of the file's reports
    /// and items of no report, and when.
    struct Markers {
        var reports: [Int64: (id: Int64, at: String)] = [:]
        var items: [Int64: (id: Int64, at: String)] = [:]
    }

    /// The file's identity, made (in a transaction of its own on the file) when it has none yet:
    /// a copy that then fails leaves it, which is harmless, as the next copy names the file by it.
    func sourceIdentity() throws -> String {
        let read = { try self.from.queryFirst("SELECT uuid FROM database_identity WHERE singleton = 1" as SQL) { $0.string(0) } }
        if let uuid = try read() { return uuid }
        try from.begin(.immediate)
        do {
            try from.execute(
                """
                INSERT INTO database_identity (singleton, uuid, created_at) VALUES (1, \(Self.randomUUID()), \(source.now()))
                ON CONFLICT DO NOTHING
                """ as SQL)
            try from.commit()
        } catch {
            from.rollback()
            throw error
        }
        guard let uuid = try read() else { throw ExpenseError(.internal, "the identity of \(from.path) was not kept") }
        return uuid
    }

    /// How the file is named in the team's audit log: the machine the copy runs on and the
    /// file's path there.
    var sourceName: String { "\(Self.hostName()):\(from.path)" }

    /// The markers of the file `identity` on the team database, read inside the copy's transaction.
    func markers(of identity: String) throws -> Markers {
        var markers = Markers()
        try to.forEachRow(
            """
            SELECT source_table, source_id, target_id, copied_at FROM copy_markers WHERE source = \(identity)
            ORDER BY source_table, source_id
            """ as SQL
        ) { row in
            let copied = (id: row.int64(2), at: row.string(3))
            if row.string(0) == "reports" { markers.reports[row.int64(1)] = copied } else { markers.items[row.int64(1)] = copied }
        }
        return markers
    }

    /// Records on the team database that the file's `table` row `fileID` was copied as `id`.
    func mark(_ table: String, _ fileID: Int64, as id: Int64, identity: String) throws {
        try ServerWrites.copyMarkerAdd.call(on: to, identity, table, fileID, id, sourceName, target.now())
    }

    /// A version 4 UUID, in lower case.
    private static func randomUUID() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0f | 0x40
        bytes[8] = bytes[8] & 0x3f | 0x80
        let hex = bytes.map { String($0 >> 4, radix: 16) + String($0 & 0x0f, radix: 16) }.joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
