import ExpenseCore
import ExpenseSupport

/// DATEV's EXTF Buchungsstapel (format version 700, data category 21, category version 13) as
/// DATEV's developer portal describes it: a header line of 31 fields, the column names, then one
/// booking a line; `;`-separated, CRLF, Windows-1252, text in `"` with `"` doubled.
///
/// Each line is one account against one counter account, and a transaction of several postings
/// is several lines against its payable (the traveller's account in the report): they net on it
/// to the payable's own posting, so the payable needs no line of its own. Input VAT is posted
/// to its own account (1571/1576, 1401/1406) with no BU-Schlüssel, as every other format posts
/// it: a key on an automatic account would make DATEV compute a tax that the bill already states
/// and that, rounded once per bill, may differ from it by a cent.
public struct DATEVBuchungsstapel {
    public var consultant: Int
    public var client: Int
    public var chart: AccountChart
    public var from: CalendarDate
    public var to: CalendarDate
    /// The fiscal year's first day (WJ-Beginn); the period must lie in that year.
    public var fiscalYearStart: CalendarDate
    /// When it was made, UTC: YYYYMMDDHHMMSSFFF.
    public var created: String
    public var exportedBy: String

    public init(
        consultant: Int, client: Int, chart: AccountChart, from: CalendarDate, to: CalendarDate, fiscalYearStart: CalendarDate,
        created: String, exportedBy: String
    ) {
        self.consultant = consultant
        self.client = client
        self.chart = chart
        self.from = from
        self.to = to
        self.fiscalYearStart = fiscalYearStart
        self.created = created
        self.exportedBy = exportedBy
    }

    /// The header's fields, in DATEV's order (field 1 to 31).
    public static let headerFieldNames = [
        "Kennzeichen", "Versionsnummer", "Formatkategorie", "Formatname", "Formatversion", "Erzeugt am", "Importiert",
        "Herkunft", "Exportiert von", "Importiert von", "Beraternummer", "Mandantennummer", "WJ-Beginn", "Sachkontenlänge",
        "Datum vom", "Datum bis", "Bezeichnung", "Diktatkürzel", "Buchungstyp", "Rechnungslegungszweck", "Festschreibung",
        "WKZ", "reserviert", "Derivatskennzeichen", "reserviert", "reserviert", "Sachkontenrahmen", "ID der Branchenlösung",
        "reserviert", "reserviert", "Anwendungsinformation",
    ]

    /// The columns written: DATEV's first 38, through the cost centres (KOST1, KOST2, left
    /// empty for a later routing issue); the format's later columns are optional and left out.
    public static let columns =
        [
            "Umsatz (ohne Soll/Haben-Kz)", "Soll/Haben-Kennzeichen", "WKZ Umsatz", "Kurs", "Basis-Umsatz", "WKZ Basis-Umsatz",
            "Konto", "Gegenkonto (ohne BU-Schlüssel)", "BU-Schlüssel", "Belegdatum", "Belegfeld 1", "Belegfeld 2", "Skonto",
            "Buchungstext", "Postensperre", "Diverse Adressnummer", "Geschäftspartnerbank", "Sachverhalt", "Zinssperre",
            "Beleglink",
        ] + (1...8).flatMap { ["Beleginfo - Art \($0)", "Beleginfo - Inhalt \($0)"] } + ["KOST1 - Kostenstelle", "KOST2 - Kostenstelle"]

    /// The file's bytes; refused (bad data) when an entry is in another currency than EUR, which
    /// this stack's header names as its only one.
    public func bytes(_ entries: [JournalEntry]) throws(ExpenseError) -> [UInt8] {
        if let foreign = entries.first(where: { $0.currency.code != "EUR" }) {
            throw ExpenseError(
                .invalidData, "report \(foreign.reportID) is in \(foreign.currency.code): a DATEV Buchungsstapel here is in EUR only",
                hint: "book it with --format hledger, beancount or csv, which name its currency")
        }
        let accountLength = max(4, entries.flatMap { $0.postings.map(\.account.number.count) }.max() ?? 4)
        var bytes: [UInt8] = []
        // Encoded a line at a time: most lines are ASCII, copied as they are (`Windows1252`).
        func line(_ text: String) {
            Windows1252.encode(text, into: &bytes)
            bytes.append(contentsOf: [0x0D, 0x0A])
        }
        line(header(accountLength: accountLength).joined(separator: ";"))
        line(Self.columns.map(Self.quoted).joined(separator: ";"))
        for entry in entries {
            let counter =
                entry.postings.first { $0.account.ledgerName.hasPrefix("Liabilities:Employees") }?.account.number
                ?? entry.postings.last?.account.number ?? ""
            for posting in entry.postings where posting.account.number != counter {
                var fields = [String](repeating: "", count: Self.columns.count)
                let amount = posting.amount.minorUnits
                fields[0] = Money.format(Int64(amount.magnitude), digits: 2, grouping: false).replacingOccurrences(of: ".", with: ",")
                fields[1] = Self.quoted(amount >= 0 ? "S" : "H")
                fields[2] = Self.quoted("EUR")
                fields[6] = posting.account.number
                fields[7] = counter
                fields[9] = Self.twoDigits(entry.date.day) + Self.twoDigits(entry.date.month)
                fields[10] = Self.quoted(String(posting.document.prefix(36)))
                fields[13] = Self.quoted(LedgerText.prefix(LedgerText.line(posting.text), 60))
                line(fields.joined(separator: ";"))
            }
        }
        return bytes
    }

    func header(accountLength: Int) -> [String] {
        var fields = [String](repeating: "", count: Self.headerFieldNames.count)
        fields[0] = Self.quoted("EXTF")
        fields[1] = "700"
        fields[2] = "21"
        fields[3] = Self.quoted("Buchungsstapel")
        fields[4] = "13"
        fields[5] = created
        fields[7] = Self.quoted("RE")
        fields[8] = Self.quoted(String(LedgerText.line(exportedBy).prefix(25)))
        fields[10] = String(consultant)
        fields[11] = String(client)
        fields[12] = Self.day(fiscalYearStart)
        fields[13] = String(accountLength)
        fields[14] = Self.day(from)
        fields[15] = Self.day(to)
        fields[16] = Self.quoted("Reisekosten \(Self.day(from))-\(Self.day(to))")
        fields[18] = "1"
        fields[19] = "0"
        fields[20] = "0"
        fields[21] = Self.quoted("EUR")
        fields[26] = Self.quoted(chart.datevCode)
        return fields
    }

    static func day(_ date: CalendarDate) -> String {
        String(format4(date.year)) + twoDigits(date.month) + twoDigits(date.day)
    }

    static func format4(_ year: Int) -> String { String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year) }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// DATEV's text field: in `"`, a `"` inside doubled; no line break survives (`LedgerText`).
    static func quoted(_ text: String) -> String {
        "\"" + LedgerText.line(text).replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
