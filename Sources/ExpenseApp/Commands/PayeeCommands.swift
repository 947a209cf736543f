import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `payee set|show|list` and `company set|show`: who is paid where, and the company's own
/// account, which pays (issue 41). On a team database a traveller sets her own account and
/// finance anyone's and the company's; the server checks the IBAN again and logs a change.
enum PayeeCommands {
    enum Options {
        static let iban = Option<IBAN?>.value("iban", "The IBAN, as on a bank statement (spaces between groups are fine).").required()
        static let bic: Option<BIC?> = .value("bic", "The bank's BIC, only where the bank asks for one (SEPA does not).")
        static let name = Option.text(
            "name", "text", "The account holder's name as the bank knows it (default: as set before, else the user name).")
        static let person = Option.text("for", "user", "Whose account: on a team database finance sets anyone's (default: yours).")
        static let companyName = Option<String?>.value("name", "The company's name as its bank knows it.").required()
        static let companyIBAN = Option<IBAN?>.value("iban", "The company's IBAN, which pays.").required()
    }

    static let user = Argument<String?>.optional("user", "Whose account (default: yours; finance sees everyone's).")

    static let all: [CommandSpec] = [set, show, list, companySet, companyShow]

    static let set = CommandSpec(
        ["payee", "set"], abstract: "Set where a person is paid: the account holder's name, the IBAN and (rarely) the BIC.",
        discussion: """
            The IBAN is checked as a bank checks it: its country's length in the IBAN registry (ISO 13616) and its \
            check digits (mod 97); a wrong one is refused (65) saying which check failed. On a team database a \
            traveller sets her own account and finance anyone's (--for); every change of an IBAN is logged by the \
            server (who, when, the old and the new), and a payment run already written keeps the account it was \
            written with.
            """,
        options: [Options.iban, Options.bic, Options.name, Options.person],
        examples: [
            "expenses payee set --iban \"DE89 3704 0044 0532 0130 00\" --name \"Alice Meier\"",
            "expenses payee set --for carol --iban GB82WEST12345698765432 --bic WESTGB2L",
        ]
    ) { invocation, session in
        let store = try session.store()
        let person = try invocation[Options.person].map { try UserName(validating: $0) } ?? (try session.user)
        let iban = try invocation[Options.iban]
        let changed = try store.write {
            let before = try store.payee(person.value)
            let holder = try invocation[Options.name]?.trimmingSpaces ?? before?.account.holder ?? defaultHolder(person)
            guard !holder.isEmpty else { throw ExpenseError(.invalidData, "--name cannot be empty") }
            let bic = try invocation[Options.bic] ?? (before?.account.iban == iban ? before?.account.bic : nil)
            let account = BankAccount(holder: holder, iban: iban, bic: bic)
            return (try store.setPayee(account, for: person, by: try session.user), account)
        }
        let shown = TerminalText.visible(changed.1.holder, keepingLineBreaks: false)
        return .message(
            "\(person.value) is paid to \(shown), \(changed.1.iban.grouped)\(changed.1.bic.map { " (BIC \($0.code))" } ?? "")"
                + (changed.0 ? "" : "; the IBAN is unchanged"))
    }

    /// The holder's name when none was given: the user name, each word capitalised, as a bank
    /// writes a name ("alice meier" is paid as "Alice Meier"); --name says it otherwise.
    static func defaultHolder(_ user: UserName) -> String {
        user.value.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static let show = CommandSpec(
        ["payee", "show"], abstract: "Show where a person is paid, and the changes of their IBAN.",
        arguments: [user], examples: ["expenses payee show", "expenses payee show carol"]
    ) { invocation, session in
        let store = try session.store()
        let person = try invocation[user].map { try UserName(validating: $0) } ?? (try session.user)
        guard let payee = try store.payee(person.value) else {
            throw ExpenseError(
                .notFound, "\(person.value) has set no bank account (or it is not yours to see)",
                hint: "expenses payee set --iban IBAN\(person == (try session.user) ? "" : " --for \(person.value)")")
        }
        return PayeeDetail(payee: payee, changes: try store.payeeChanges(person.value)).output
    }

    static let list = CommandSpec(
        ["payee", "list"], abstract: "List where each person is paid (finance sees everyone's, others their own).",
        options: [CommonOptions.limit, CommonOptions.all], examples: ["expenses payee list", "expenses payee list --format csv"]
    ) { invocation, session in
        let store = try session.store()
        let window = try ListWindow(invocation)
        let payees = try store.payees()
        let shown = window.limit.map { Array(payees.prefix($0)) } ?? payees
        let note = try window.note(shown: shown.count, total: { payees.count }, things: "payees")
        return .listing(PayeeDetail.listing(shown, note: note))
    }

    static let companySet = CommandSpec(
        ["company", "set"], abstract: "Set the company's own account, which pays the travellers (finance's on a team database).",
        discussion: """
            Kept in the database, so that every finance member's client pays from the same account. 'expenses pay' \
            writes it as the debtor of each credit transfer file.
            """,
        options: [Options.companyName, Options.companyIBAN, Options.bic],
        examples: ["expenses company set --name \"Example GmbH\" --iban DE02120300000000202051 --bic BYLADEM1001"]
    ) { invocation, session in
        let store = try session.store()
        let name = try invocation[Options.companyName].trimmingSpaces
        guard !name.isEmpty else { throw ExpenseError(.invalidData, "--name cannot be empty") }
        let account = BankAccount(holder: name, iban: try invocation[Options.companyIBAN], bic: try invocation[Options.bic])
        try store.write { try store.setCompanyAccount(account) }
        return .message(
            "The company pays from \(TerminalText.visible(name, keepingLineBreaks: false)), \(account.iban.grouped)"
                + (account.bic.map { " (BIC \($0.code))" } ?? ""))
    }

    static let companyShow = CommandSpec(
        ["company", "show"], abstract: "Show the company's own account, which pays.", examples: ["expenses company show"]
    ) { _, session in
        let store = try session.store()
        guard let account = try store.companyAccount() else {
            throw ExpenseError(
                .notFound, "the company's bank account is not set", hint: "expenses company set --name NAME --iban IBAN")
        }
        return CompanyAccountView(account: account).output
    }
}
