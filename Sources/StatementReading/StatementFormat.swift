/// What kind of statement a file is, told by its first bytes, not its name: a bank's download is
/// often `statement.xml`, `export.txt` or `download` whatever it holds.
public enum StatementFormat: Equatable, Sendable {
    case csv
    case entries(StatementEntries.Format)
    /// XML, or markup, that is neither a camt.052, camt.053 or camt.054 message nor OFX.
    case otherMarkup

    /// How many bytes at the start tell the format.
    public static let headBytes = 4096

    /// The format of a file that starts with `head`.
    public static func recognise(_ head: some Collection<UInt8>) -> StatementFormat {
        var bytes = Array(head.prefix(headBytes))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }) else { return .csv }
        let text = String(decoding: bytes[first...], as: UTF8.self)
        if text.hasPrefix("OFXHEADER") { return .entries(.ofx) }
        guard text.hasPrefix("<") else { return .csv }
        if text.contains("<?OFX") || text.contains("<OFX>") { return .entries(.ofx) }
        if let camt = CamtReader.format(named: text) { return .entries(camt) }
        return .otherMarkup
    }

    /// Reads a whole file of entries of `format`.
    public static func read(_ format: StatementEntries.Format, _ bytes: [UInt8]) throws(StatementFailure) -> StatementEntries {
        switch format {
        case .camt052, .camt053, .camt054: return try CamtReader.read(bytes)
        case .ofx: return try OFXReader.read(bytes)
        }
    }
}
