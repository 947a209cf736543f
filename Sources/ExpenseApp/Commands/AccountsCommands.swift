import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `accounts`: the chart of accounts the journal books to (SKR03 or SKR04), and finance's
/// account for each category and role.
enum AccountsCommands {
    static let all: [CommandSpec] = [list, set, chart]

    static let key = Argument<String>.value(
        "key", "A category (lodging, rail...) or a role: \(AccountRole.allCases.map(\.rawValue).joined(separator: ", ")).")
    static let number = Argument<String>.value("account", "The account's number, 4 to 8 digits.")
    static let chartName = Argument<AccountChart?>.optional("chart", "skr03 or skr04 (default: say the one in use).")

    enum Options {
        static let title = Option.text("title", "text", "The account's name (default: the chart's, else the key).")
    }

    static let list = CommandSpec(
        ["accounts", "list"], abstract: "List the accounts the journal books each category and role to.",
        examples: ["expenses accounts list", "expenses accounts list --format csv"]
    ) { _, session in
        let store = try session.store()
        let accounts = try store.bookingAccounts()
        let categories = try store.categories().map(\.code)
        let keys = categories + AccountRole.allCases.map(\.rawValue)
        let rows: [[Listing.Cell]] = keys.map { key in
            let account = AccountRole(rawValue: key).map(accounts.account) ?? accounts.account(category: key)
            return [.text(key), .text(account.number), .text(account.title), .text(account.ledgerName)]
        }
        return .listing(
            Listing(
                columns: [
                    .init("key", "key"), .init("account", "account"), .init("title", "title", drop: 2),
                    .init("ledgerName", "ledger name", drop: 1),
                ], rows: rows, note: "Chart: \(accounts.chart.rawValue.uppercased())"))
    }

    static let set = CommandSpec(
        ["accounts", "set"], abstract: "Book a category or a role to another account of the chart in use.",
        discussion: """
            The roles: payable (what is due to travellers), advance (advances paid), bank (what they are paid \
            from), card (items the company paid), per-diem (per diems), vat-7 and vat-19 (input VAT). On a team \
            database only finance changes the accounts.
            """,
        arguments: [key, number],
        options: [Options.title],
        examples: ["expenses accounts set lodging 4666", "expenses accounts set bank 1210 --title \"Sparkasse\""]
    ) { invocation, session in
        let store = try session.store()
        let key = try invocation[Self.key].trimmingSpaces
        let number = try invocation[Self.number].trimmingSpaces
        guard ChartAccount.validNumber(number) else {
            throw ExpenseError(
                .invalidData, "'\(TerminalText.visible(number, keepingLineBreaks: false))' is no account number",
                hint: "give 4 to 8 digits, not starting with 0, e.g. 4666")
        }
        if AccountRole(rawValue: key) == nil { _ = try store.category(key) }
        let accounts = try store.bookingAccounts()
        let known = accounts.chart.shipped.first { $0.account.number == number }?.account.title
        let title = try invocation[Options.title] ?? known ?? key
        guard title.count <= 80 else { throw ExpenseError(.invalidData, "an account's title is at most 80 characters") }
        try store.write { try store.setChartAccount(key, ChartAccount(number: number, title: title), in: accounts.chart) }
        return .message(
            "\(key) is booked to \(number) (\(TerminalText.visible(title, keepingLineBreaks: false))) in \(accounts.chart.rawValue.uppercased())"
        )
    }

    static let chart = CommandSpec(
        ["accounts", "chart"], abstract: "Show or choose the chart of accounts the journal books to: skr03 or skr04.",
        discussion: "SKR03 until finance chooses. On a team database only finance chooses it.",
        arguments: [chartName],
        examples: ["expenses accounts chart", "expenses accounts chart skr04"]
    ) { invocation, session in
        let store = try session.store()
        guard let chart = try invocation[chartName] else {
            return .message("The journal books to \(try store.bookingChart().rawValue.uppercased()).")
        }
        try store.write { try store.setBookingChart(chart) }
        return .message("The journal now books to \(chart.rawValue.uppercased()).")
    }
}

/// A chart by its name.
extension AccountChart: ExpressibleByArgument {
    public static var valueName: String { "chart" }
}
