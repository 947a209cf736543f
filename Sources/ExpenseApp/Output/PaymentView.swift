import ExpenseCore
import ExpenseSupport
import Rendering

/// `payee show`: where a person is paid, and each change of their IBAN.
struct PayeeDetail: Document {
    let payee: Payee
    let changes: [Payee.Change]

    private static func visible(_ text: String) -> String { TerminalText.visible(text, keepingLineBreaks: false) }

    var text: String {
        var text = "\(Self.visible(payee.user)) is paid to:\n"
        text += "  Holder:  \(Self.visible(payee.account.holder))\n  IBAN:    \(payee.account.iban.grouped)\n"
        if let bic = payee.account.bic { text += "  BIC:     \(bic.code)\n" }
        text += "  Set:     \(LocalTime.forPeople(payee.changedAt)) by \(Self.visible(payee.changedBy))\n"
        if !changes.isEmpty {
            text += "\nChanges of the IBAN:\n"
            for change in changes {
                let old = change.old.flatMap { try? IBAN($0).grouped } ?? "none"
                let new = (try? IBAN(change.new).grouped) ?? Self.visible(change.new)
                text += "  \(LocalTime.forPeople(change.at))  \(Self.visible(change.actor)): \(old) -> \(new)\n"
            }
        }
        return text
    }

    var json: JSONValue {
        .object([
            ("user", .string(payee.user)), ("holder", .string(payee.account.holder)), ("iban", .string(payee.account.iban.electronic)),
            ("bic", .string(payee.account.bic?.code)), ("changedAt", .string(payee.changedAt)), ("changedBy", .string(payee.changedBy)),
            (
                "changes",
                .array(
                    changes.map {
                        .object([("at", .string($0.at)), ("by", .string($0.actor)), ("old", .string($0.old)), ("new", .string($0.new))])
                    })
            ),
        ])
    }

    static func listing(_ payees: [Payee], note: String?) -> Listing {
        Listing(
            columns: [
                .init("user", "user"), .init("holder", "holder"), .init("iban", "IBAN", fit: .whole), .init("bic", "BIC", drop: 2),
                .init("changedAt", "set", drop: 1),
            ],
            rows: payees.map { payee in
                [
                    .text(payee.user), .text(payee.account.holder), .text(payee.account.iban.grouped),
                    .text(payee.account.bic?.code ?? ""), .time(payee.changedAt),
                ]
            }, note: note)
    }
}

/// `company show`: the account that pays.
struct CompanyAccountView: Document {
    let account: BankAccount

    var text: String {
        "The company pays from:\n  Name:    \(TerminalText.visible(account.holder, keepingLineBreaks: false))\n"
            + "  IBAN:    \(account.iban.grouped)\n" + (account.bic.map { "  BIC:     \($0.code)\n" } ?? "")
    }

    var json: JSONValue {
        .object([("name", .string(account.holder)), ("iban", .string(account.iban.electronic)), ("bic", .string(account.bic?.code))])
    }
}

/// A report `pay` did not write a transfer for, and why: said, never dropped.
struct UnpaidReport {
    enum Reason {
        /// The advances were more than is due: the traveller owes the company.
        case owedByTraveller(Money)
        case nothingDue
        case notInEuros(Currency)
        case noAccount(String)
        case inRun(Int64, PaymentRun.Status)
        case notApproved(ReportStatus)
        case ownReport
    }

    let report: Int64
    let owner: String
    let reason: Reason

    var words: String {
        switch reason {
        case .owedByTraveller(let money): return "owed by the traveller: \(money) back (the advances were more than is due)"
        case .nothingDue: return "nothing is due to the traveller"
        case .notInEuros(let currency):
            return "in \(currency.code): a SEPA credit transfer pays euros only; pay it another way, then 'report reimburse'"
        case .noAccount(let owner):
            return "\(TerminalText.visible(owner, keepingLineBreaks: false)) has no bank account: expenses payee set --for "
                + "\(TerminalText.visible(owner, keepingLineBreaks: false)) --iban IBAN"
        case .inRun(let run, let status): return "in payment run \(run) (\(status.rawValue)) already"
        case .notApproved(let status): return "\(status.rawValue): only an approved report is paid"
        case .ownReport: return "your own report: someone else pays it (separation of duties)"
        }
    }

    var key: String {
        switch reason {
        case .owedByTraveller: return "owed-by-traveller"
        case .nothingDue: return "nothing-due"
        case .notInEuros: return "not-in-euros"
        case .noAccount: return "no-account"
        case .inRun: return "in-run"
        case .notApproved: return "not-approved"
        case .ownReport: return "own-report"
        }
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("report", .int(report)), ("owner", .string(owner)), ("reason", .string(key))]
        if case .owedByTraveller(let money) = reason { members.append(("owed", .money(money))) }
        members.append(("message", .string(words)))
        return .object(members)
    }
}

/// `pay`: the run written, where, and what was not paid and why.
struct PaymentRunResult: Document {
    let run: PaymentRun
    let transfers: [PaymentTransfer]
    let unpaid: [UnpaidReport]
    let file: String

    var text: String {
        let total = Money(minorUnits: run.total, currency: Currency(code: "EUR", minorDigits: 2, name: "Euro"))
        var text =
            "Payment run \(run.id): \(transfers.count) transfer\(transfers.count == 1 ? "" : "s"), \(total), "
            + "to be executed on \(run.executionDate), written to \(TerminalText.visible(file, keepingLineBreaks: false)) "
            + "(\(run.format.rawValue), SHA-256 \(run.sha256.prefix(16))…)\n"
        if !unpaid.isEmpty {
            text += "Not paid:\n" + unpaid.map { "  report \($0.report): \($0.words)\n" }.joined()
        }
        text += "Once the bank executed it: expenses pay confirm \(run.id)\n"
        return text
    }

    var json: JSONValue {
        .object(
            PaymentRunDetail.runMembers(run) + [
                ("file", .string(file)), ("transfers", .array(transfers.map(PaymentRunDetail.transferJSON))),
                ("notPaid", .array(unpaid.map(\.json))),
            ])
    }
}

/// `pay show`: a run and its transfers, as written.
struct PaymentRunDetail: Document {
    let run: PaymentRun
    let transfers: [PaymentTransfer]

    static func runMembers(_ run: PaymentRun) -> [(String, JSONValue)] {
        [
            ("id", .int(run.id)), ("messageId", .string(run.messageID)), ("status", .string(run.status.rawValue)),
            ("format", .string(run.format.rawValue)), ("executionDate", .date(run.executionDate)),
            ("createdBy", .string(run.createdBy)), ("createdAt", .string(run.createdAt)), ("sha256", .string(run.sha256)),
            ("transactions", .int(Int64(run.count))),
            ("controlSum", .money(Money(minorUnits: run.total, currency: Currency(code: "EUR", minorDigits: 2, name: "Euro")))),
            ("closedBy", .string(run.closedBy)), ("closedAt", .string(run.closedAt)),
        ]
    }

    static func transferJSON(_ transfer: PaymentTransfer) -> JSONValue {
        .object([
            ("report", .int(transfer.report)), ("owner", .string(transfer.owner)), ("amount", .money(transfer.amount)),
            ("holder", .string(transfer.account.holder)), ("iban", .string(transfer.account.iban.electronic)),
            ("bic", .string(transfer.account.bic?.code)), ("endToEndId", .string(transfer.endToEndID)),
            ("version", .int(transfer.seen.lastEvent)),
        ])
    }

    var text: String {
        let total = Money(minorUnits: run.total, currency: Currency(code: "EUR", minorDigits: 2, name: "Euro"))
        var text = "Payment run \(run.id): \(run.status.rawValue), \(run.count) transfer\(run.count == 1 ? "" : "s"), \(total)\n"
        text += "  Message id:  \(run.messageID)\n  Format:      \(run.format.rawValue)\n  Execution:   \(run.executionDate)\n"
        text += "  Written:     \(LocalTime.forPeople(run.createdAt)) by \(TerminalText.visible(run.createdBy, keepingLineBreaks: false))\n"
        text += "  SHA-256:     \(run.sha256)\n"
        if let closedAt = run.closedAt, let closedBy = run.closedBy {
            text +=
                "  \(run.status == .confirmed ? "Confirmed" : "Cancelled"):   \(LocalTime.forPeople(closedAt)) by "
                + "\(TerminalText.visible(closedBy, keepingLineBreaks: false))\n"
        }
        var table = ""
        rows?.table(width: nil) { table += $0 }
        return text + "\n" + table
    }

    var rows: Listing? {
        Listing(
            columns: [
                .init("report", "report"), .init("owner", "owner"), .init("amount", "amount"), .init("holder", "holder"),
                .init("iban", "IBAN", fit: .whole), .init("version", "version", drop: 1),
            ],
            rows: transfers.map {
                [
                    .int($0.report), .text($0.owner), .money($0.amount), .text($0.account.holder), .text($0.account.iban.grouped),
                    .int($0.seen.lastEvent),
                ]
            })
    }

    var json: JSONValue { .object(Self.runMembers(run) + [("transfers", .array(transfers.map(Self.transferJSON)))]) }

    static func listing(_ runs: [PaymentRun]) -> Listing {
        Listing(
            columns: [
                .init("id", "run"), .init("status", "status"), .init("executionDate", "execution"), .init("transactions", "transfers"),
                .init("controlSum", "sum"), .init("format", "format", drop: 2), .init("createdBy", "by", drop: 1),
            ],
            rows: runs.map { run in
                [
                    .int(run.id), .text(run.status.rawValue), .date(run.executionDate), .int(Int64(run.count)),
                    .money(Money(minorUnits: run.total, currency: Currency(code: "EUR", minorDigits: 2, name: "Euro"))),
                    .text(run.format.rawValue), .text(run.createdBy),
                ]
            })
    }
}
