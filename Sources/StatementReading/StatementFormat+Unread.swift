/// Files of kinds a bank or a person may hand the importer that it knows but does not read:
/// told by their first bytes, so that the error names what the file is and what to do, rather
/// than calling it a CSV statement that needs a rules file.
extension StatementFormat {
    private static let exportCSV = "export CSV from the bank instead"

    /// A binary file, told by its signature.
    static func unread(byMagic bytes: [UInt8]) -> StatementFormat? {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            // An Office file is a ZIP archive whose first entry's name tells what it is.
            let names = String(decoding: bytes.prefix(1024), as: UTF8.self)
            if names.contains("xl/") { return .unread("an Excel workbook (.xlsx)", instead: exportCSV) }
            if names.contains("opendocument.spreadsheet") {
                return .unread("an OpenDocument spreadsheet (.ods)", instead: exportCSV + ", or save the sheet as CSV")
            }
            return .unread("a ZIP archive", instead: "unpack it and import the statements it holds")
        }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            return .unread("an Excel workbook (.xls)", instead: exportCSV)
        }
        if bytes.starts(with: Array("%PDF-".utf8)) {
            return .unread(
                "a PDF document", instead: "download the statement as CSV, camt.053 (or camt.052, camt.054), OFX, MT940 or QIF instead")
        }
        if bytes.starts(with: [0x1F, 0x8B]) {
            return .unread("a gzip-compressed file", instead: "unpack it first (gunzip FILE) and import what it holds")
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return .unread("an image", instead: "a photo of a receipt is read by 'expenses receipt capture FILE'")
        }
        return nil
    }

    /// A SWIFT message (its block header, or `:20:` and `:25:` fields): an MT940 statement, or
    /// an MT942 interim report, whose entries are not all booked.
    static func swiftStatement(_ text: String) -> StatementFormat? {
        let lines = text.split(whereSeparator: \.isNewline)
        let tags = Set(lines.compactMap { line in line.hasPrefix(":") ? line.dropFirst().prefix { $0 != ":" } : nil })
        let header = text.hasPrefix("{1:") || text.hasPrefix("{2:")
        guard header || (tags.contains("20") && tags.contains("25")) else { return nil }
        if tags.contains("34F") || text.contains("{2:I942") || text.contains("{2:O942") {
            return .unread(
                "an MT942 interim transaction report (SWIFT)",
                instead: "import the MT940 statement of the same days, whose entries are booked")
        }
        return .entries(.mt940)
    }

    /// JSON, told by its first characters.
    static func unread(byText text: String) -> StatementFormat? {
        let after = text.dropFirst().drop(while: \.isWhitespace)
        guard (text.hasPrefix("{") && (after.hasPrefix("\"") || after.hasPrefix("}"))) || (text.hasPrefix("[") && after.hasPrefix("{"))
        else { return nil }
        return .unread("JSON", instead: exportCSV)
    }

    /// A web page, or an ISO 20022 message other than a statement (camt.086, pain.001).
    static func unread(byMarkup text: String) -> StatementFormat? {
        let lowered = text.prefix(1024).lowercased()
        if lowered.hasPrefix("<!doctype html") || lowered.contains("<html") {
            return .unread("a web page (HTML)", instead: exportCSV + " (a bank's '.xls' download is often such a page)")
        }
        let iso20022 = "urn:iso:std:iso:20022:tech:xsd:"
        if let namespace = text.firstRange(of: iso20022) {
            let message = text[namespace.upperBound...].prefix { $0 != "." }
            let number = text[namespace.upperBound...].dropFirst(message.count + 1).prefix { $0.isNumber }
            return .unread(
                "an ISO 20022 \(message).\(number) message, no statement",
                instead: "export the account's camt.053 statement (or camt.052, camt.054, CSV, OFX, MT940 or QIF) from the bank instead")
        }
        return nil
    }
}
