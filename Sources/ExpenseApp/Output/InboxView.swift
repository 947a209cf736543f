import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// How what waits for someone looks: `expenses inbox` (a section each, an empty one said
/// plainly) and `report overdue` (a listing).
struct InboxView: Document {
    let inbox: Inbox
    /// Today, for how many days each report has waited.
    let today: CalendarDate?
    /// What is due to the traveller of each report cut or waiting to be paid, by report.
    var dues: [Int64: Money] = [:]

    /// "due 362.00 EUR", or the total when nothing was computed.
    private func due(_ report: Report) -> String {
        dues[report.id].map { "due \($0)" } ?? "\(report.total)"
    }

    var text: String {
        var text = ""
        func section(_ title: String, _ lines: [String], empty: String) {
            text += lines.isEmpty ? empty + "\n" : "\(title) (\(lines.count)):\n" + lines.map { "  \($0)\n" }.joined()
        }
        section(
            "Waiting for your decision", inbox.toDecide.map { Self.line($0, today: today) },
            empty: "Nothing waits for your decision.")
        section(
            "Your reports sent back",
            inbox.rejected.map { rejected in
                "\(rejected.report.id)  \(rejected.report.title)  \(rejected.report.total)"
                    + (rejected.decision.map { "  \(ReportView.decisionWords($0))" } ?? "")
                    + "\n    reopen it to change and submit it again: expenses report reopen \(rejected.report.id)"
            },
            empty: "None of your reports was sent back.")
        section(
            "Your approved reports with cut items",
            inbox.cut.map { cut in
                "\(cut.report.id)  \(cut.report.title)  \(due(cut.report))"
                    + cut.cuts.map { "\n    " + Self.words($0) }.joined()
            },
            empty: "None of your approved reports has a cut item.")
        if let toPay = inbox.toPay {
            section(
                "Approved, waiting to be paid", toPay.map { "\($0.id)  \($0.title)  \($0.owner)  \(due($0))" },
                empty: "No approved report waits to be paid.")
        }
        return text
    }

    /// "item 12 (hotel) cut from 23.50 EUR to 0.00 EUR by bob: minibar is private".
    static func words(_ cut: CutLine) -> String {
        "item \(cut.expenseID) (\(cut.category)) cut from \(cut.original) to \(cut.approved) by \(cut.cutBy)"
            + (cut.onBehalfOf.map { " for \($0)" } ?? "") + ": \(cut.reason)"
    }

    /// "3  Walldorf workshop  alice  1,234.50 EUR  waiting since 2026-03-02 (8 days)  for bob".
    static func line(_ waiting: WaitingReport, today: CalendarDate?) -> String {
        let report = waiting.report
        return "\(report.id)  \(report.title)  \(report.owner)  \(report.total)  waiting since \(since(waiting, today: today))"
            + (waiting.why.map { "  step: \($0)" } ?? "") + (waiting.forWhom.map { "  for \($0)" } ?? "")
    }

    /// "2026-03-02 (8 days)", in the reader's time zone.
    static func since(_ waiting: WaitingReport, today: CalendarDate?) -> String {
        let days = self.days(waiting, today: today).map { " (\($0) day\($0 == 1 ? "" : "s"))" } ?? ""
        return String(LocalTime.forPeople(waiting.since).prefix(10)) + days
    }

    /// Whole days from the report's arrival at its step to `today`.
    static func days(_ waiting: WaitingReport, today: CalendarDate?) -> Int? {
        guard let today, let since = try? CalendarDate.parse(String(waiting.since.prefix(10))) else { return nil }
        return today.dayNumber - since.dayNumber
    }

    var json: JSONValue {
        .object(
            [
                ("toDecide", .array(inbox.toDecide.map { Self.json($0, today: today) })),
                (
                    "rejected",
                    .array(
                        inbox.rejected.map { rejected in
                            .object([
                                ("report", ReportView.json(rejected.report)),
                                ("decision", rejected.decision.map(ReportView.json) ?? .null),
                            ])
                        })
                ),
                (
                    "cut",
                    .array(
                        inbox.cut.map { cut in
                            .object([
                                ("report", ReportView.json(cut.report)), ("due", dues[cut.report.id].map(JSONValue.money) ?? .null),
                                (
                                    "cuts",
                                    .array(
                                        cut.cuts.map { line in
                                            .object([
                                                ("item", .int(line.expenseID)), ("category", .string(line.category)),
                                                ("original", .money(line.original)), ("approved", .money(line.approved)),
                                                ("reason", .string(line.reason)), ("by", .string(line.cutBy)),
                                                ("for", .string(line.onBehalfOf)),
                                            ])
                                        })
                                ),
                            ])
                        })
                ),
            ] + (inbox.toPay.map { [("toPay", .array($0.map(dueJSON)))] } ?? []))
    }

    /// A report waiting to be paid, with what is due.
    private func dueJSON(_ report: Report) -> JSONValue {
        .object([("report", ReportView.json(report)), ("due", dues[report.id].map(JSONValue.money) ?? .null)])
    }

    static func json(_ waiting: WaitingReport, today: CalendarDate?) -> JSONValue {
        .object([
            ("report", ReportView.json(waiting.report)), ("waitsFor", .string(waiting.waitsFor)),
            ("group", .bool(waiting.isGroup)), ("why", .string(waiting.why)), ("since", .string(waiting.since)),
            ("days", days(waiting, today: today).map { .int(Int64($0)) } ?? .null), ("for", .string(waiting.forWhom)),
        ])
    }

    /// "bob", "any approver", "any of finance".
    static func waitsFor(_ waiting: WaitingReport) -> String {
        guard waiting.isGroup else { return waiting.waitsFor }
        return waiting.waitsFor == "approver" ? "any approver" : "any of \(waiting.waitsFor)"
    }

    /// `report overdue`: one row a report, whom it waits for and since when.
    static func overdue(_ reports: [WaitingReport], today: CalendarDate?) -> Listing {
        Listing(
            columns: [
                .init("id", "id"), .init("title", "title"), .init("owner", "owner"), .init("total", "total"),
                .init("waitsFor", "waits for"), .init("why", "why", drop: 1), .init("since", "since"), .init("days", "days"),
            ],
            rows: reports.map { waiting in
                [
                    .int(waiting.report.id), .text(waiting.report.title), .text(waiting.report.owner), .money(waiting.report.total),
                    .text(waitsFor(waiting)), waiting.why.map { .text($0) } ?? .null, .time(waiting.since),
                    days(waiting, today: today).map { .int(Int64($0)) } ?? .null,
                ]
            })
    }
}
