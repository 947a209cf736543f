import ExpenseSupport

/// A German standard chart of accounts (DATEV's Standardkontenrahmen): the numbers a firm books
/// travel costs to differ between the two that nearly every firm uses.
public enum AccountChart: String, CaseIterable, Sendable {
    /// SKR03, by process (Prozessgliederungsprinzip).
    case skr03
    /// SKR04, by the balance sheet's order (Abschlussgliederungsprinzip).
    case skr04

    /// DATEV's "Sachkontenrahmen" field of the EXTF header: "03" or "04".
    public var datevCode: String { self == .skr03 ? "03" : "04" }
}

/// What an account is for in a report's postings, besides the categories' expense accounts:
/// the words `accounts set` takes for them.
public enum AccountRole: String, CaseIterable, Sendable {
    /// What the company owes its traveller (credited by a report, cleared by its payment).
    case payable
    /// Cash advances paid to a traveller before the trip (cleared by the report).
    case advance
    /// The company's bank account the traveller is paid from.
    case bank
    /// Items the company paid directly (its card): a clearing account its card statement books against.
    case card
    /// Computed per diems (Verpflegungsmehraufwand), which are no item.
    case perDiem = "per-diem"
    /// Reclaimable input VAT at 7 % and 19 %.
    case inputVAT7 = "vat-7"
    case inputVAT19 = "vat-19"

    /// The input VAT role of a German rate; nil for a rate no German return reclaims at.
    public static func inputVAT(_ rate: VATRate) -> AccountRole? {
        switch rate.hundredths {
        case 700: .inputVAT7
        case 1900: .inputVAT19
        default: nil
        }
    }
}

/// One account of a chart: its number, its German title, and the name a plain-text ledger
/// (hledger, beancount) gives it.
public struct ChartAccount: Sendable, Equatable {
    public var number: String
    public var title: String

    public init(number: String, title: String) {
        self.number = number
        self.title = title
    }

    /// 4 to 8 digits (DATEV's Sachkontenlänge is 4 to 8), no leading zero.
    public static func validNumber(_ text: String) -> Bool {
        (4...8).contains(text.count) && text.allSatisfy { ("0"..."9").contains($0) } && !text.hasPrefix("0")
    }
}

extension AccountChart {
    /// The shipped account of each category code and role in this chart, as DATEV's published
    /// SKR03 and SKR04 number them (travel costs of employees, 4660ff / 6650ff; input VAT 1571,
    /// 1576 / 1401, 1406). The migration that ships them as a table keeps its own copy (literal
    /// SQL); this is what a file without it, and the tests, compare against.
    public var shipped: [(key: String, account: ChartAccount)] {
        let table: [(String, String, String, String)] = [
            // key, SKR03, SKR04, title
            ("airfare", "4663", "6663", "Reisekosten Arbeitnehmer Fahrtkosten"),
            ("car_rental", "4663", "6663", "Reisekosten Arbeitnehmer Fahrtkosten"),
            ("fuel", "4663", "6663", "Reisekosten Arbeitnehmer Fahrtkosten"),
            ("parking", "4663", "6663", "Reisekosten Arbeitnehmer Fahrtkosten"),
            ("public_transport", "4663", "6663", "Reisekosten Arbeitnehmer Fahrtkosten"),
            ("rail", "4663", "6663", "Reisekosten Arbeitnehmer Fahrtkosten"),
            ("taxi", "4663", "6663", "Reisekosten Arbeitnehmer Fahrtkosten"),
            ("lodging", "4666", "6660", "Reisekosten Arbeitnehmer Übernachtungsaufwand"),
            ("mileage", "4668", "6668", "Kilometergelderstattung Arbeitnehmer"),
            ("per_diem", "4664", "6664", "Reisekosten Arbeitnehmer Verpflegungsmehraufwand"),
            ("meals", "4660", "6650", "Reisekosten Arbeitnehmer"),
            ("phone", "4660", "6650", "Reisekosten Arbeitnehmer"),
            ("entertainment", "4660", "6650", "Reisekosten Arbeitnehmer"),
            ("office", "4660", "6650", "Reisekosten Arbeitnehmer"),
            ("other", "4660", "6650", "Reisekosten Arbeitnehmer"),
            (AccountRole.perDiem.rawValue, "4664", "6664", "Reisekosten Arbeitnehmer Verpflegungsmehraufwand"),
            (AccountRole.inputVAT7.rawValue, "1571", "1401", "Abziehbare Vorsteuer 7 %"),
            (AccountRole.inputVAT19.rawValue, "1576", "1406", "Abziehbare Vorsteuer 19 %"),
            (AccountRole.payable.rawValue, "1740", "3720", "Verbindlichkeiten aus Lohn und Gehalt"),
            (AccountRole.advance.rawValue, "1530", "1340", "Forderungen gegen Personal aus Lohn- und Gehaltsabrechnung"),
            (AccountRole.bank.rawValue, "1200", "1800", "Bank"),
            (AccountRole.card.rawValue, "1360", "1460", "Geldtransit"),
        ]
        return table.map { row in (row.0, ChartAccount(number: self == .skr03 ? row.1 : row.2, title: row.3)) }
    }
}
