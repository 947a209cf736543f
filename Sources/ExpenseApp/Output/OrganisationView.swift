import ExpenseCore
import ExpenseSupport
import Rendering

/// `person list`, `cost-centre list`, and what `report show` says a report and its items are
/// charged to (issue 43).
enum OrganisationView {
    static func people(_ people: [Person], note: String?) -> Listing {
        Listing(
            columns: [.init("name", "name"), .init("manager", "manager")],
            rows: people.map { [.text($0.name), .text($0.manager ?? "")] }, note: note)
    }

    static func costCentres(_ centres: [CostCentre], note: String?) -> Listing {
        Listing(
            columns: [.init("code", "code"), .init("name", "name"), .init("owner", "owner")],
            rows: centres.map { [.text($0.code), .text($0.name), .text($0.owner)] }, note: note)
    }

    /// `report summary --by cost-centre`: a line per cost centre and currency.
    static func totals(_ totals: CostCentreTotals) -> Listing {
        Listing(
            columns: [.init("costCentre", "cost centre"), .init("amount", "amount"), .init("items", "items")],
            rows: totals.lines.map { [.text($0.code ?? "(none)"), .money($0.amount), .int(Int64($0.items))] },
            note: totals.lines.isEmpty ? "(no items in reports in that period)" : nil)
    }

    /// A split for programs: each cost centre's code and its share in percent, as text ("33.33").
    static func json(_ split: CostCentreSplit?) -> JSONValue {
        .array((split?.parts ?? []).map { .object([("code", .string($0.code)), ("percent", .string(CostCentreSplit.percent($0.share)))]) })
    }
}

/// What a report is charged to, and its items that are charged otherwise.
struct ReportCharges {
    let report: CostCentreSplit?
    let items: [Int64: CostCentreSplit]

    static let none = ReportCharges(report: nil, items: [:])

    /// The header's line: "4711 60 %, 4712 40 %"; empty when it is charged to none.
    var reportLine: String { report?.description ?? "" }

    /// After the items: each item charged otherwise than its report, by id.
    var text: String {
        guard !items.isEmpty else { return "" }
        return "\nItems charged otherwise:\n"
            + items.keys.sorted().map { "  expense \($0): \(items[$0]?.description ?? "")\n" }.joined()
    }

    var json: JSONValue {
        .object([
            ("report", OrganisationView.json(report)),
            (
                "items",
                .array(
                    items.keys.sorted().map { id in
                        .object([("expense", .int(id)), ("costCentres", OrganisationView.json(items[id]))])
                    })
            ),
        ])
    }
}
