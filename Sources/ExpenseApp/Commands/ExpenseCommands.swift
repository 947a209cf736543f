import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// `expense add|list|show|edit|move|delete`: the items of reports, or standing alone.
enum ExpenseCommands {
    /// The options of the expense commands.
    enum Options {
        static let date = Option.date("date", "The day of the expense, YYYY-MM-DD (default: today).")
        /// Read in the currency the command chose: `invocation[amount, in: AmountContext(...)]`.
        static let amount: Option<Money?> = .value(
            "amount", "The amount as on the receipt, e.g. 412.80 or 1,234.56; a negative amount is a refund, e.g. -25.00.")
        static let currency: Option<Currency?> = .value("currency", "The receipt's currency (default: the report's).")
        static let rate: Option<ExchangeRate?> = .value("rate", "Exchange rate: 1 unit of the receipt's currency in the report's currency.")
        /// Read against the database's categories: `invocation[category, in: store]`.
        static let category: Option<ExpenseCore.Category?> = .value(
            "category", "The category, e.g. lodging, meals, taxi (see 'expenses category list').")
        static let merchant = Option.text("merchant", "name", "Who was paid.")
        static let description = Option.text("description", "text", "What it was for.")
        static let paidBy: Option<PaidBy?> = .value("paid-by", "Who paid: personal (to reimburse) or company (company card).")
        static let distance: Option<Distance?> = .value(
            "distance", "Mileage: the kilometres driven, e.g. 123.4; the amount is computed at the rate per km.")
        static let vehicle: Option<Vehicle?> = .value("vehicle", "Mileage: car (default) or motorcycle.")
        static let fromPlace = Option.text("from-place", "place", "Mileage: where the journey began.")
        static let toPlace = Option.text("to-place", "place", "Mileage: where it went.")
        static let nights = Option.number("nights", "n", "Lodging: how many nights the bill covers (the daily limit applies per night).")
        static let vat = Option.text(
            "vat", "rate|splits",
            "The VAT in the amount: a rate in percent (19), or the amount split by rate, RATE:AMOUNT parts "
                + "(7:110.00,19:15.00) that add up to it; 'none' removes it.")
        /// What an expense is: `expense edit` changes any of them; `expense add` needs an amount (or
        /// a distance) and a category.
        static let item: [any OptionDeclaration] = [
            date, amount, currency, rate, category, merchant, description, paidBy, distance, vehicle, fromPlace, toPlace, nights, vat,
        ]
        static let report = CommonOptions.report
        static let unassigned = Option.flag("unassigned", "Only items in no report.")
        static let unassign = Option.flag("unassign", "Take it out of its report.")
    }

    static let all: [CommandSpec] = [add, list, show, edit, move, delete]

    static let add = CommandSpec(
        ["expense", "add"], abstract: "Add an expense, to a report or standing alone.",
        discussion: "An expense in another currency than its report's is converted at --rate (1 unit of its currency in the report's), "
            + "else at the ECB reference rate of its date loaded with 'expenses rates import'. "
            + "A mileage item takes --distance (and --vehicle) instead of --amount: its amount is the distance times the rate per km "
            + "of its date ('expenses allowance mileage'), and it needs no receipt. "
            + "A lodging bill for several nights takes --nights: the daily limit applies per night. "
            + "--vat says the VAT in the amount, by rate, as the bill states it: each rate must be one its country charges that day "
            + "('expenses vat-rates'); net and tax are computed from the gross, rounded half-even once.",
        options: [
            Options.report.described("The report to add it to (default: the one opened in the REPL; none: unassigned)."),
            Options.date, Options.amount.required(unless: Options.distance), Options.currency, Options.rate,
            Options.category.required(), Options.merchant, Options.description,
            Options.paidBy, Options.distance, Options.vehicle, Options.fromPlace, Options.toPlace, Options.nights, Options.vat,
            OrganisationCommands.Options.charge,
        ],
        examples: [
            "expenses expense add --report 1 --date 2026-03-02 --amount 412.80 --currency EUR --category lodging --merchant \"Hotel Astoria\"",
            "expenses expense add --report 1 --date 2026-03-03 --amount 38.50 --currency CHF --rate 1.0412 --category meals --paid-by company",
            "expenses expense add --date 2026-03-04 --amount 12 --currency EUR --category taxi",
            "expenses expense add --report 1 --date 2026-03-05 --category mileage --distance 123.4 --vehicle car --from-place Munich --to-place Stuttgart",
            "expenses expense add --report 1 --date 2026-03-02 --amount 900 --category lodging --nights 3",
            "expenses expense add --report 1 --date 2026-03-02 --amount 125.00 --category lodging --vat 7:110.00,19:15.00",
            "expenses expense add --report 1 --date 2026-03-03 --amount 23.80 --category taxi --vat 19",
            "expenses expense add --report 1 --date 2026-03-04 --amount 240.00 --category entertainment --cost-centre 4712",
        ],
        form: ExpenseForm.make,
        validate: validateJourney
    ) { invocation, session in
        let store = try session.store()
        let (date, outsideTrip) = try dateOfNewExpense(invocation, session)
        let expense = try store.write {
            let reportID = try invocation[Options.report] ?? session.currentReportID
            // Asked before the amount and the rest are read, so that a frozen report is what is
            // said first; the store's insert asks it again, as the guarantee.
            let report = try reportID.map { id in try store.report(id, for: .addItems) }
            let currency = try invocation[Options.currency] ?? report?.currency ?? CurrencyTable.standard.require(session.defaultCurrency)
            let category = try invocation[Options.category.required(), in: store].code
            let journey = try journey(invocation, category: category, previous: nil)
            let amount: Money
            if let journey {
                amount = try store.mileageAmount(journey, on: date)
            } else if let given = try invocation[Options.amount, in: AmountContext(currency, decimalMark: session.environment.decimalMark)]
            {
                amount = given
            } else {
                throw Invocation.missing(Options.amount.spec, path: invocation.spec.path)
            }
            var item = Expense(
                reportID: report?.id, date: date, category: category,
                merchant: try invocation[Options.merchant] ?? "", description: try invocation[Options.description] ?? "",
                amount: amount, paidBy: try invocation[Options.paidBy] ?? .personal, journey: journey,
                nights: try nights(invocation, category: category, previous: nil))
            item.vat = try vat(invocation, of: item, previous: nil)
            let manualRate = try invocation[Options.rate]
            if let report {
                item.conversion = try Expense.Conversion.of(
                    item.amount, on: item.date, into: report.currency,
                    manualRate: manualRate, rates: store.rateSource())
            } else if manualRate != nil {
                throw ExpenseError(
                    .usage, "--rate needs a report to convert into",
                    hint: "give --report, or give the rate when moving it: expense move ID --report R --rate X")
            }
            let added = try store.insertExpense(item)
            if let split = try invocation[OrganisationCommands.Options.charge]?.split { try store.chargeExpense(added.id, to: split) }
            return added
        }
        if let trip = outsideTrip {
            Console.error(
                "expenses: warning: expense \(expense.id) is dated today, \(date), outside report \(trip.id)'s trip "
                    + "(\(trip.dateRange)); if it is not today's, 'expenses expense edit \(expense.id) --date YYYY-MM-DD'\n")
        }
        let place = expense.reportID.map { " to report \($0)" } ?? " (unassigned)"
        let refund = expense.amount.minorUnits < 0 ? " (a refund: it takes from the total)" : ""
        return ExpenseResult(
            message: "Added expense \(expense.id)\(place): \(expense.amount) \(expense.category)\(refund)", item: expense
        ).output
            .touching(expense.reportID)
    }

    /// The date of an expense being added: the one given, else today. When today is outside the
    /// trip of its report (a quick action adding to the current trip after it), a person on a
    /// terminal is asked, the trip's first day offered; elsewhere it stays today and the report
    /// is returned, to warn about once the expense is added.
    private static func dateOfNewExpense(_ invocation: Invocation, _ session: Session) throws -> (CalendarDate, outsideTrip: Report?) {
        let today = session.environment.today()
        if let given = try invocation[Options.date] { return (given, nil) }
        guard let id = try invocation[Options.report] ?? session.currentReportID, let trip = try? session.store().report(id),
            let start = trip.startDate, today < start || today > (trip.endDate ?? start)
        else { return (today, nil) }
        guard let reader = session.lineReader else { return (today, trip) }
        let question = Form(
            heading: "Today, \(today), is outside report \(trip.id)'s trip (\(trip.dateRange))",
            fields: [
                Form.Field(Options.date, "Date", required: true)
                    .suggesting { _ in start.description }
            ])
        return (try question.ask(reader: reader)[Options.date] ?? start, nil)
    }

    static let list = CommandSpec(
        ["expense", "list"], abstract: "List expenses, the newest first: all, one report's, or the unassigned ones.",
        discussion: "Newest first by date, then by the order they were added; --limit N shows the latest N.",
        options: [
            Options.report.described("Only this report's items (default in the REPL: the opened report)."),
            Options.unassigned, CommonOptions.limit, CommonOptions.all,
        ],
        examples: ["expenses expense list", "expenses expense list --report 1", "expenses expense list --unassigned --format csv"]
    ) { invocation, session in
        let store = try session.store()
        let filter: Store.ExpenseFilter
        if invocation[Options.unassigned] {
            filter = .unassigned
        } else if let id = try invocation[Options.report] ?? session.currentReportID {
            _ = try store.report(id)
            filter = .report(id)
        } else {
            filter = .all
        }
        let window = try ListWindow(invocation)
        let items = try store.expenses(filter, limit: window.limit, newestFirst: true)
        let note = try window.note(shown: items.count, total: { try store.expenseCount(filter) }, things: "expenses")
        return .listing(ExpenseView.listing(items, inReport: false, note: note))
    }

    static let show = CommandSpec(
        ["expense", "show"], abstract: "Show one expense.",
        arguments: [CommonArguments.expense]
    ) { invocation, session in
        ExpenseDetail(item: try session.store().expense(try invocation[CommonArguments.expense])).output
    }

    static let edit = CommandSpec(
        ["expense", "edit"], abstract: "Change an expense of a draft report, or an unassigned one.",
        discussion: "A mileage item's amount is computed again at the rate per km when its distance, vehicle or date "
            + "changes; it takes --distance, not --amount. A new amount keeps an item's one VAT rate; a split by rate "
            + "is given again with it (--vat), and --vat none removes the VAT.",
        arguments: [CommonArguments.expense],
        options: Options.item + [OrganisationCommands.Options.charge],
        examples: [
            "expenses expense edit 2 --amount 39.50", "expenses expense edit 2 --currency EUR --merchant \"Bahnhof Buffet Basel\"",
            "expenses expense edit 7 --distance 150", "expenses expense edit 3 --nights 2",
            "expenses expense edit 2 --vat 7:110.00,19:15.00", "expenses expense edit 2 --vat none",
            "expenses expense edit 2 --cost-centre 4712", "expenses expense edit 2 --cost-centre none",
        ],
        validate: validateJourney
    ) { invocation, session in
        let store = try session.store()
        let item = try store.write {
            var item = try store.expense(try invocation[CommonArguments.expense])
            let report = try item.reportID.map { id in try store.report(id, for: .changeItems) }  // before the new values
            let previous = item
            if let date = try invocation[Options.date] { item.date = date }
            if let category = try invocation[Options.category, in: store] { item.category = category.code }
            if let merchant = try invocation[Options.merchant] { item.merchant = merchant }
            if let description = try invocation[Options.description] { item.description = description }
            if let paidBy = try invocation[Options.paidBy] { item.paidBy = paidBy }
            item.journey = try journey(
                invocation, category: item.category, previous: previous.journey, legacy: previous.category == mileageCategory)
            item.nights = try nights(invocation, category: item.category, previous: previous.nights)
            let currency = try invocation[Options.currency] ?? item.amount.currency
            if let journey = item.journey {
                // Computed again when what it is computed from changes; else it keeps its amount.
                if journey.distance != previous.journey?.distance || journey.vehicle != previous.journey?.vehicle
                    || item.date != previous.date
                {
                    item.amount = try store.mileageAmount(journey, on: item.date)
                }
            } else if let amount = try invocation[Options.amount, in: AmountContext(currency, decimalMark: session.environment.decimalMark)]
            {
                item.amount = amount
            } else if currency != item.amount.currency {
                // The same figure in another currency: re-read it with that currency's digits.
                item.amount = try Money.parse(item.amount.decimalString, currency: currency)
            }
            item.vat = try vat(invocation, of: item, previous: previous.vat)
            if let report {
                var manualRate = try invocation[Options.rate]
                if manualRate == nil, previous.conversion?.source == .manual, item.amount.currency == previous.amount.currency {
                    manualRate = previous.conversion?.rate  // the rate the user gave still holds for the same currency
                }
                item.conversion = try Expense.Conversion.of(
                    item.amount, on: item.date, into: report.currency,
                    manualRate: manualRate, rates: store.rateSource())
            } else if invocation.gave(Options.rate) {
                throw ExpenseError(.usage, "--rate needs a report to convert into", hint: "move the expense into a report with --rate")
            }
            try store.updateExpense(item)
            if let charge = try invocation[OrganisationCommands.Options.charge] { try store.chargeExpense(item.id, to: charge.split) }
            return try store.expense(item.id)
        }
        return ExpenseResult(message: "Updated expense \(item.id): \(item.amount) \(item.category)", item: item).output
    }

    static let move = CommandSpec(
        ["expense", "move"], abstract: "Move an expense into a report, or out of one with --unassign.",
        arguments: [CommonArguments.expense],
        options: [
            Options.report.described("The draft report to move it into."), Options.unassign,
            Options.rate.described("Exchange rate into the report's currency, when the currencies differ."),
        ],
        examples: [
            "expenses expense move 3 --report 1", "expenses expense move 5 --report 2 --rate 0.9231", "expenses expense move 3 --unassign",
        ],
        validate: { invocation in
            guard invocation.gave(Options.report) != invocation[Options.unassign] else {
                throw UsageError("give either '--report <id>' or '--unassign'", path: invocation.spec.path)
            }
        }
    ) { invocation, session in
        let store = try session.store()
        let target = try invocation[Options.report]
        let item = try store.write {
            var item = try store.expense(try invocation[CommonArguments.expense])
            // Both reports are asked before the rate is read; the store's update asks again.
            if let from = item.reportID { _ = try store.report(from, for: .moveItems) }
            if let target {
                let report = try store.report(target, for: .addItems)
                let manualRate = try invocation[Options.rate]
                item.conversion = try Expense.Conversion.of(
                    item.amount, on: item.date, into: report.currency,
                    manualRate: manualRate, rates: store.rateSource())
                item.reportID = target
            } else {
                item.reportID = nil
                item.conversion = nil
            }
            try store.updateExpense(item)
            return try store.expense(item.id)
        }
        let place = item.reportID.map { "into report \($0)" } ?? "out of its report"
        return ExpenseResult(message: "Moved expense \(item.id) \(place)", item: item).output.touching(item.reportID)
    }

    static let delete = CommandSpec(
        ["expense", "delete"], abstract: "Delete an expense of a draft report, or an unassigned one.",
        arguments: [CommonArguments.expense]
    ) { invocation, session in
        let store = try session.store()
        let id = try invocation[CommonArguments.expense]
        try store.write {
            _ = try store.expense(id)
            try store.deleteExpense(id)
        }
        return ExpenseDeletion(id: id).output
    }
}
