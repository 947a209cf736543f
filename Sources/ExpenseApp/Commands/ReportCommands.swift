import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// `report new|list|show|edit|delete`: expense reports, one per trip.
enum ReportCommands {
    /// The options of the report commands.
    enum Options {
        static let purpose = Option.text("purpose", "text", "Why the trip was made (e.g. \"Customer workshop\").")
        static let destination = Option.text("destination", "place", "Where the trip went (e.g. \"Walldorf, DE\").")
        static let from: Option<TripTime?> = .value(
            "from", "First day of the trip, YYYY-MM-DD, or with the local time it leaves, YYYY-MM-DDTHH:MM.")
        static let to: Option<TripTime?> = .value(
            "to", "Last day of the trip, YYYY-MM-DD, or with the local time it comes back, YYYY-MM-DDTHH:MM.")
        static let country: Option<TripCountry?> = .value(
            "country",
            "The country the trip goes to (ISO 3166-1 alpha-2, e.g. DE), whose per diems it earns; none: no per diems "
                + "(default: the home-country setting).")
        static let place = Option.text(
            "place", "name",
            "The place in that country (e.g. Paris, New York City): a place the per-diem table names takes its own rate, "
                + "any other the country's; none: the country's.")
        static let noOvernight = Option.flag(
            "no-overnight",
            "A trip over midnight without a night away (a night shift): one partial rate at most, on the day with more hours.")
        static let overnight = Option.flag("overnight", "The trip has its nights away again (undoes --no-overnight).")
        static let currency: Option<Currency?> = .value("currency", "The currency the report is reimbursed in (default: EUR).")
        static let header: [any OptionDeclaration] = [purpose, destination, from, to, country, place, noOvernight, currency]
        static let title = Option.text("title", "text", "The new title.")
        static let withItems = Option.flag("with-items", "Delete the report's items too.")
    }

    enum Arguments {
        static let title = Argument<String>.value("title", "What the trip was, e.g. \"Walldorf customer workshop\".")
        static let deleted = Argument<Int64>.value("id", "The report to delete.", completion: .reportID)
    }

    static let all: [CommandSpec] = [new, list, show, edit, delete, advance]

    static let new = CommandSpec(
        ["report", "new"], abstract: "Create an expense report for a trip.",
        discussion: """
            A report is one trip. Its per diems are computed from its days, the country and place it goes to (and its \
            stops, 'report stop') and the meals provided ('report meals'): see 'expenses help per-diem'. A plain date \
            leaves its time of day open; a trip within one day needs both times, since its per diem depends on its \
            hours. A place the per-diem table does not name is kept, with a warning, and takes the country's rate. \
            --no-overnight: a trip from one day to the next without a night away, with both times.
            """,
        arguments: [Arguments.title],
        options: Options.header + [OrganisationCommands.Options.charge],
        examples: [
            "expenses report new \"Walldorf customer workshop\" --purpose \"Workshop prep\" --destination \"Walldorf, DE\" --from 2026-03-02 --to 2026-03-06 --currency EUR",
            "expenses report new \"Customer visit\" --from 2026-03-02T08:00 --to 2026-03-06T17:00 --country DE",
            "expenses report new \"Trade fair\" --from 2026-03-02T07:00 --to 2026-03-04T20:00 --country FR --place Paris",
            "expenses report new \"Night shift\" --from 2026-03-02T17:00 --to 2026-03-03T03:00 --no-overnight",
            "expenses report new \"Team offsite\" --from 2026-04-13 --to 2026-04-14 --country none",
            "expenses report new \"Trade fair\" --from 2026-05-04 --to 2026-05-06 --cost-centre 4711:60,4712:40",
        ],
        form: ReportForm.make
    ) { invocation, session in
        let currency = try invocation[Options.currency] ?? CurrencyTable.standard.require(session.defaultCurrency)
        let store = try session.store()
        // The home country is a setting, taken as it is, even before the table has its rates.
        let country = try invocation[Options.country, in: store] ?? .country(CountryCode.parse(try session.settings().homeCountry))
        var draft = Report(
            id: 0, title: try invocation[Arguments.title], purpose: try invocation[Options.purpose] ?? "",
            destination: try invocation[Options.destination] ?? "", currency: currency, owner: try session.user.value,
            country: country.code)
        draft.departure = try invocation[Options.from]
        draft.return = try invocation[Options.to]
        if let place = try invocation[Options.place] { draft.place = try TripPlaceName.resolve(place, in: draft.country, store: store) }
        draft.overnight = !invocation[Options.noOvernight]
        let charge = try invocation[OrganisationCommands.Options.charge]
        let report = try store.write {
            let report = try store.insertReport(draft)
            if let split = charge?.split { try store.chargeReport(report.id, to: split) }
            return report
        }
        return ReportResult(message: "Created report \(report.id): \(report.title)", report: report).output.touching(report.id)
    }

    static let list = CommandSpec(
        ["report", "list"], abstract: "List expense reports, open ones first, latest trip first.",
        options: [CommonOptions.limit, CommonOptions.all],
        examples: ["expenses report list", "expenses report list --all", "expenses report list --format json"]
    ) { invocation, session in
        let store = try session.store()
        let window = try ListWindow(invocation)
        let reports = try store.reports(limit: window.limit)
        let note = try window.note(shown: reports.count, total: store.reportCount, things: "reports")
        return .listing(ReportView.listing(reports, note: note))
    }

    static let show = CommandSpec(
        ["report", "show"], abstract: "Show a report: its trip, its items, its per diems and its totals.",
        arguments: [.report],
        examples: ["expenses report show 1", "expenses report show 1 --format json"]
    ) { invocation, session in
        let store = try session.store()
        let detail = try detail(of: try session.reportID(invocation), in: store)
        session.seenVersions[detail.report.id] = detail.version
        return detail.output
    }

    /// What `report show` shows (and serve's report page): items, per diems, totals, what is due.
    static func detail(of id: Int64, in store: Store) throws -> ReportDetail {
        // Read before the report: a change in between makes the version older than what is
        // shown, so that a step on it is refused, never one on what was not shown.
        let version = try store.version(of: id)
        let report = try store.report(id)
        let items = try store.expenses(.report(report.id))
        return try ReportDetail(
            report: report, items: items, receipts: try ReportReceipts.of(report, items: items, in: store),
            perDiems: try store.perDiems(of: report), advances: try store.advances(report.id),
            decision: try store.lastDecision(report.id), version: version, findings: try store.serverFindings(of: report),
            charges: ReportCharges(
                report: try store.costCentres(ofReport: report.id), items: try store.itemCostCentres(inReport: report.id)),
            cuts: try store.cuts(of: report.id), route: try store.approvalSteps(report.id))
    }

    static let edit = CommandSpec(
        ["report", "edit"],
        abstract: "Change a draft report's title, purpose, destination, dates and times, country, place or currency.",
        discussion: """
            --from and --to replace the day and the time: a plain date leaves the time open. A day that has a stop \
            or meals stays in the trip: remove them first. A new --country without --place clears the place. \
            --overnight undoes --no-overnight.
            """,
        arguments: [.report],
        options: [Options.title] + Options.header + [Options.overnight, OrganisationCommands.Options.charge],
        examples: [
            "expenses report edit 1 --title \"Walldorf workshop, March\" --to 2026-03-07",
            "expenses report edit 1 --from 2026-03-02T07:30 --country DE",
            "expenses report edit 1 --country US --place \"New York\"", "expenses report edit 1 --overnight",
            "expenses report edit 1 --cost-centre 4711", "expenses report edit 1 --cost-centre none",
        ]
    ) { invocation, session in
        let store = try session.store()
        let report = try store.write {
            // Asked before the new values are read; the store's update asks again.
            var report = try store.report(try session.reportID(invocation), for: .edit)
            if let title = try invocation[Options.title] { report.title = title }
            if let purpose = try invocation[Options.purpose] { report.purpose = purpose }
            if let destination = try invocation[Options.destination] { report.destination = destination }
            if let from = try invocation[Options.from] { report.departure = from }
            if let to = try invocation[Options.to] { report.return = to }
            if let country = try invocation[Options.country, in: store], country.code != report.country {
                report.country = country.code
                report.place = nil
            }
            if let place = try invocation[Options.place] {
                report.place = try TripPlaceName.resolve(place, in: report.country, store: store)
            }
            if invocation[Options.noOvernight] && invocation[Options.overnight] {
                throw ExpenseError(.usage, "--no-overnight and --overnight contradict each other", hint: "give one of them")
            }
            if invocation[Options.noOvernight] { report.overnight = false }
            if invocation[Options.overnight] { report.overnight = true }
            if let currency = try invocation[Options.currency] {
                if currency != report.currency, report.itemCount > 0 {
                    throw ExpenseError(
                        .refused,
                        "report \(report.id) has \(report.itemCount) items converted to \(report.currency.code); its currency cannot change",
                        hint: "create a new report in \(currency.code) and move the items there with their rates")
                }
                report.currency = currency
                report.total = Money(minorUnits: 0, currency: currency)
            }
            try store.updateReport(report)
            if let charge = try invocation[OrganisationCommands.Options.charge] { try store.chargeReport(report.id, to: charge.split) }
            return try store.report(report.id)
        }
        return ReportResult(message: "Updated report \(report.id): \(report.title)", report: report).output.touching(report.id)
    }

    static let delete = CommandSpec(
        ["report", "delete"], abstract: "Delete a draft report; its items stay, unassigned, unless --with-items.",
        arguments: [Arguments.deleted],
        options: [Options.withItems],
        examples: ["expenses report delete 4", "expenses report delete 4 --with-items"]
    ) { invocation, session in
        let store = try session.store()
        let id = try invocation[Arguments.deleted]
        let deletingItems = invocation[Options.withItems]
        let items = try store.deleteReport(id, deletingItems: deletingItems)
        session.navigation.removeAll { $0 == id }
        return ReportDeletion(id: id, items: items, itemsDeleted: deletingItems).output.touching(nil)
    }
}

extension Session {
    /// The report a command is about: its `<id>` argument or its `--report`, else the current one.
    func reportID(_ invocation: Invocation) throws -> Int64 {
        let usesArgument = invocation.spec.arguments.first?.completion == .reportID
        let explicit =
            usesArgument
            ? try invocation.value(of: invocation.spec.arguments[0], as: Int64.self)
            : try invocation[CommonOptions.report]
        if let id = explicit ?? currentReportID { return id }
        throw UsageError("missing argument '\(usesArgument ? "<id>" : "--report <id>")'", path: invocation.spec.path)
    }

    /// The currency of new reports when none is given: the default-currency setting.
    var defaultCurrency: String { get throws { try settings().defaultCurrency } }
}
