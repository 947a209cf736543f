import ExpenseSupport

/// The accounts a journal books to: the chart finance chose, with its account for each
/// category and role (the shipped ones unless finance changed them).
public struct BookingAccounts: Sendable, Equatable {
    public var chart: AccountChart
    /// By category code or `AccountRole` word.
    public var accounts: [String: ChartAccount]

    public init(chart: AccountChart, accounts: [String: ChartAccount]) {
        self.chart = chart
        self.accounts = accounts
    }

    /// The chart as shipped.
    public static func shipped(_ chart: AccountChart) -> BookingAccounts {
        BookingAccounts(chart: chart, accounts: Dictionary(chart.shipped.map { ($0.key, $0.account) }) { first, _ in first })
    }

    /// The account of a category; a category the chart does not name books as "other" does,
    /// so that a category finance added later is never left out of the books.
    public func account(category: String) -> BookingAccount {
        let key = accounts[category] != nil ? category : "other"
        let account = accounts[key] ?? ChartAccount(number: chart == .skr03 ? "4660" : "6650", title: "Reisekosten Arbeitnehmer")
        return BookingAccount(account, root: "Expenses", group: "Travel", kind: Self.ledgerWord(category))
    }

    public func account(_ role: AccountRole) -> BookingAccount {
        let account =
            accounts[role.rawValue] ?? Self.shipped(chart).accounts[role.rawValue] ?? ChartAccount(number: "", title: role.rawValue)
        switch role {
        case .payable: return BookingAccount(account, root: "Liabilities", group: "Employees", kind: "Payable")
        case .advance: return BookingAccount(account, root: "Assets", group: "Employees", kind: "Advances")
        case .bank: return BookingAccount(account, root: "Assets", group: "Bank", kind: "Account")
        case .card: return BookingAccount(account, root: "Assets", group: "Transit", kind: "CompanyPaid")
        case .perDiem: return BookingAccount(account, root: "Expenses", group: "Travel", kind: "PerDiems")
        case .inputVAT7: return BookingAccount(account, root: "Assets", group: "InputVAT", kind: "Rate7")
        case .inputVAT19: return BookingAccount(account, root: "Assets", group: "InputVAT", kind: "Rate19")
        }
    }

    /// "public_transport" → "PublicTransport": a ledger account's component is letters and digits.
    static func ledgerWord(_ code: String) -> String {
        let words = code.split { !$0.isASCII || !($0.isLetter || $0.isNumber) }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        return joined.isEmpty || !(joined.first?.isLetter ?? false) ? "Category" + joined : joined
    }
}

/// An account as a posting names it: the chart's number and title (DATEV), and a ledger name
/// (`Expenses:Travel:Lodging:4666`) valid in hledger and beancount alike: each component a
/// capital letter or digit first, then letters, digits or dashes.
public struct BookingAccount: Sendable, Hashable {
    public var number: String
    public var title: String
    public var ledgerName: String

    public init(_ account: ChartAccount, root: String, group: String, kind: String) {
        number = account.number
        title = account.title
        // The number ties the name to the chart; the word keeps what a category was (two may share a number).
        ledgerName = "\(root):\(group):\(kind)-\(account.number)"
    }
}
