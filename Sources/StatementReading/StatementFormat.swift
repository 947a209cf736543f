/// What kind of statement a file is, told by its first bytes, not its name: a bank's download is
/// often `statement.xml`, `export.txt` or `download` whatever it holds.
public enum StatementFormat: Equatable, Sendable {
    case csv
    case entries(StatementEntries.Format)
    /// XML, or markup, that is neither a camt.052, camt.053 or camt.054 message nor OFX.
    case otherMarkup
    /// A file of a kind known, but no statement the importer reads: what it is ("an Excel
    /// workbook (.xlsx)"), and what to do instead (`StatementFormat+Unread.swift`).
    case unread(String, instead: String)

    /// The statements the importer reads, for the hints that list them ("expenses reads ...").
    public static let formatsRead = "CSV (through a rules file), camt.052, camt.053 and camt.054 (.001.02 to .001.13), OFX, MT940 and QIF"

    /// How many bytes at the start tell the format.
    public static let headBytes = 4096

    /// The format of a file that starts with `head`.
    public static func recognise(_ head: some Collection<UInt8>) -> StatementFormat {
        var bytes = Array(head.prefix(headBytes))
        if let unread = unread(byMagic: bytes) { return unread }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }) else { return .csv }
        let text = String(decoding: bytes[first...], as: UTF8.self)
        if text.hasPrefix("OFXHEADER") { return .entries(.ofx) }
        // QIF's first header, after any comment lines (`### exported by ...`).
        let qif = text.split(whereSeparator: \.isNewline).first { !$0.hasPrefix("#") }?.lowercased() ?? ""
        if ["!type:", "!account", "!option:"].contains(where: { qif.hasPrefix($0) }) { return .entries(.qif) }
        if let swift = swiftStatement(text) { return swift }
        guard text.hasPrefix("<") else { return unread(byText: text) ?? .csv }
        if text.contains("<?OFX") || text.contains("<OFX>") { return .entries(.ofx) }
        if let camt = CamtReader.format(named: text) { return .entries(camt) }
        return unread(byMarkup: text) ?? .otherMarkup
    }

    /// Reads a whole file of entries of `format`; a QIF date that could be either order is read
    /// day first when `dayFirst` says so (the rules' `date-format`).
    public static func read(
        _ format: StatementEntries.Format, _ bytes: [UInt8], dayFirst: Bool? = nil
    ) throws(StatementFailure) -> StatementEntries {
        switch format {
        case .camt052, .camt053, .camt054: return try CamtReader.read(bytes)
        case .ofx: return try OFXReader.read(bytes)
        case .mt940: return try MT940Reader.read(bytes)
        case .qif: return try QIFReader.read(bytes, dayFirst: dayFirst)
        }
    }
}
