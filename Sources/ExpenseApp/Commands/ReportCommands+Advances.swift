import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `report advance`: cash paid to the traveller for a trip, netted against what they are owed.
extension ReportCommands {
    enum AdvanceOptions {
        /// Read in the currency the command chose.
        static let amount: Option<Money?> = .value("amount", "The advance paid out, e.g. 500.00.")
        static let currency: Option<Currency?> = .value("currency", "Its currency (default: the report's).")
        static let date = Option.date("date", "The day it was paid, YYYY-MM-DD (default: today); its exchange rate's day.")
        static let rate: Option<ExchangeRate?> = .value("rate", "Exchange rate: 1 unit of its currency in the report's.")
        static let remove = Option.id("remove", "Remove the advance with this id (a wrongly recorded one).")
    }

    static let advance = CommandSpec(
        ["report", "advance"], abstract: "Record a cash advance paid for a trip, remove one, or list them.",
        discussion: "An advance is netted against what is due to the traveller; when it is more than they spent, "
            + "the report says what is due back to the company. It is converted into the report's currency like an item "
            + "(--rate, else the ECB rate of its date). Only a draft's advances change; each change is in the report's history. "
            + "Without --amount or --remove it lists the report's advances with their ids.",
        arguments: [.report],
        options: [AdvanceOptions.amount, AdvanceOptions.currency, AdvanceOptions.date, AdvanceOptions.rate, AdvanceOptions.remove],
        examples: [
            "expenses report advance 1 --amount 500 --date 2026-03-01",
            "expenses report advance 1 --amount 300 --currency USD --rate 0.92",
            "expenses report advance 1", "expenses report advance 1 --remove 2",
        ],
        validate: { invocation in
            if invocation.gave(AdvanceOptions.remove) {
                let others: [any OptionDeclaration] = [
                    AdvanceOptions.amount, AdvanceOptions.currency, AdvanceOptions.date, AdvanceOptions.rate,
                ]
                if others.contains(where: { invocation.gave($0) }) {
                    throw UsageError("give either '--remove <id>' or '--amount <amount>' and its details", path: invocation.spec.path)
                }
            } else if !invocation.gave(AdvanceOptions.amount),
                invocation.gave(AdvanceOptions.currency) || invocation.gave(AdvanceOptions.rate) || invocation.gave(AdvanceOptions.date)
            {
                throw UsageError("missing '--amount <amount>' for the advance", path: invocation.spec.path)
            }
        }
    ) { invocation, session in
        let store = try session.store()
        let reportID = try session.reportID(invocation)
        if let id = try invocation[AdvanceOptions.remove] {
            let removed = try store.write {
                _ = try store.report(reportID, for: .removeAdvances)
                guard try store.advances(reportID).contains(where: { $0.id == id }) else {
                    throw ExpenseError(.notFound, .unknownAdvance(id), "report \(reportID) has no advance \(id)")
                }
                return try store.removeAdvance(id, by: session.user)
            }
            return AdvanceResult(message: "Removed advance \(removed.id) (\(removed.amount)) from report \(reportID)", advance: removed)
                .output.touching(reportID)
        }
        guard invocation.gave(AdvanceOptions.amount) else {
            let report = try store.report(reportID)
            return .listing(AdvanceView.listing(try store.advances(report.id)))
        }
        let added = try store.write {
            let report = try store.report(reportID, for: .recordAdvances)
            let currency = try invocation[AdvanceOptions.currency] ?? report.currency
            guard
                let amount = try invocation[
                    AdvanceOptions.amount, in: AmountContext(currency, decimalMark: session.environment.decimalMark)]
            else { throw Invocation.missing(AdvanceOptions.amount.spec, path: invocation.spec.path) }
            let date = try invocation[AdvanceOptions.date] ?? session.environment.today()
            let conversion = try Expense.Conversion.of(
                amount, on: date, into: report.currency, manualRate: try invocation[AdvanceOptions.rate], rates: store.rateSource())
            return try store.addAdvance(Advance(reportID: report.id, date: date, amount: amount, conversion: conversion), by: session.user)
        }
        let value = added.conversion.source == .same ? "" : " (\(added.conversion.converted))"
        return AdvanceResult(message: "Recorded advance \(added.id) to report \(reportID): \(added.amount)\(value)", advance: added)
            .output.touching(reportID)
    }
}

/// An advance recorded or removed: a line for people, the advance for programs.
struct AdvanceResult: Document {
    let message: String
    let advance: Advance

    var text: String { message }
    var json: JSONValue { AdvanceView.json(advance) }
    var rows: Listing? { AdvanceView.listing([advance]) }
}
