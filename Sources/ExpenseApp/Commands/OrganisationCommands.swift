import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// `person set|list` and `cost-centre add|set|list`: who manages whom and the cost centres with
/// their owners (issue 43), whom a submitted report waits for. On a team database finance or the
/// administrator sets them, and every member reads them; on a file whoever uses it.
enum OrganisationCommands {
    enum Options {
        static let manager = Option.text("manager", "name", "Their manager, who approves their reports first.")
        static let noManager = Option.flag("no-manager", "They have no manager (any approver decides, as before).")
        static let name = Option.text("name", "text", "The cost centre's name, e.g. \"Sales Germany\".")
        static let owner = Option.text("owner", "name", "Who owns its budget and approves what is charged to it.")
        /// On `report new|edit` and `expense add|edit`.
        static let charge: Option<CostCentreCharge?> = .value(
            "cost-centre",
            "What it is charged to: a cost centre's code (4711), or codes with percentages adding up to 100 "
                + "(4711:60,4712:40); none: to none (an item: as its report).")
    }

    static let person = Argument<String>.value("name", "The person, by user name.")
    static let code = Argument<String>.value("code", "The cost centre's code: 1 to 20 letters, digits, '.', '_' or '-'.")

    static let all: [CommandSpec] = [personSet, personList, costCentreAdd, costCentreSet, costCentreList]

    static let personSet = CommandSpec(
        ["person", "set"], abstract: "Set a person's manager, whom their submitted reports wait for.",
        discussion: """
            A report of theirs waits for their manager once submitted; without one, any approver but its owner \
            decides, as before. A person cannot be their own manager, nor managed by someone they manage, however \
            far up (alice -> bob -> alice is refused). On a team database finance or the administrator sets \
            managers, and a manager must be an approver.
            """,
        arguments: [person], options: [Options.manager, Options.noManager],
        examples: ["expenses person set alice --manager bob", "expenses person set alice --no-manager"],
        validate: { invocation in
            guard invocation.gave(Options.manager) != invocation[Options.noManager] else {
                throw ExpenseError(.usage, "give --manager NAME, or --no-manager to clear it")
            }
        }
    ) { invocation, session in
        let store = try session.store()
        let name = try UserName(validating: try invocation[person])
        let manager = try invocation[Options.manager].map { try UserName(validating: $0) }
        try store.write { try store.setPerson(name, manager: manager, by: try session.user) }
        return .message(manager.map { "\(name.value)'s manager is \($0.value)" } ?? "\(name.value) has no manager")
    }

    static let personList = CommandSpec(
        ["person", "list"], abstract: "List the people whose manager is set, and their managers.",
        options: [CommonOptions.limit, CommonOptions.all], examples: ["expenses person list", "expenses person list --format json"]
    ) { invocation, session in
        let store = try session.store()
        let window = try ListWindow(invocation)
        let people = try store.people()
        let shown = window.limit.map { Array(people.prefix($0)) } ?? people
        let note = try window.note(shown: shown.count, total: { people.count }, things: "people")
        return .listing(OrganisationView.people(shown, note: note))
    }

    static let costCentreAdd = CommandSpec(
        ["cost-centre", "add"], abstract: "Add a cost centre (or project) with its owner, who approves what is charged to it.",
        discussion: """
            Reports and items are charged to it with --cost-centre on 'report new', 'report edit', 'expense add' and \
            'expense edit'. On a team database finance or the administrator keeps the cost centres, and an owner must \
            be an approver.
            """,
        arguments: [code], options: [Options.name.required(), Options.owner.required()],
        examples: ["expenses cost-centre add 4711 --name \"Sales Germany\" --owner carol"]
    ) { invocation, session in
        let store = try session.store()
        let code = try CostCentre.code(try invocation[code])
        let owner = try UserName(validating: try invocation[Options.owner.required()])
        let centre = CostCentre(code: code, name: try invocation[Options.name.required()].trimmingSpaces, owner: owner.value)
        try store.write {
            if (try? store.costCentre(code)) != nil {
                throw ExpenseError(
                    .refused, "cost centre \(code) exists already", hint: "change it with 'expenses cost-centre set \(code)'")
            }
            try store.saveCostCentre(centre, by: try session.user)
        }
        return .message(
            "Added cost centre \(code) (\(TerminalText.visible(centre.name, keepingLineBreaks: false))), owned by \(owner.value)")
    }

    static let costCentreSet = CommandSpec(
        ["cost-centre", "set"], abstract: "Change a cost centre's name or owner.",
        discussion: "A report already submitted keeps the route it was given; the new owner decides from the next submission on.",
        arguments: [code], options: [Options.name, Options.owner],
        examples: ["expenses cost-centre set 4711 --owner dave", "expenses cost-centre set 4711 --name \"Sales DACH\""]
    ) { invocation, session in
        let store = try session.store()
        let centre = try store.write {
            var centre = try store.costCentre(try invocation[code])
            if let name = try invocation[Options.name] { centre.name = name.trimmingSpaces }
            if let owner = try invocation[Options.owner] { centre.owner = try UserName(validating: owner).value }
            try store.saveCostCentre(centre, by: try session.user)
            return centre
        }
        return .message(
            "Cost centre \(centre.code) (\(TerminalText.visible(centre.name, keepingLineBreaks: false))) is owned by \(centre.owner)")
    }

    static let costCentreList = CommandSpec(
        ["cost-centre", "list"], abstract: "List the cost centres and their owners.",
        options: [CommonOptions.limit, CommonOptions.all],
        examples: ["expenses cost-centre list", "expenses cost-centre list --format csv"]
    ) { invocation, session in
        let store = try session.store()
        let window = try ListWindow(invocation)
        let centres = try store.costCentres()
        let shown = window.limit.map { Array(centres.prefix($0)) } ?? centres
        let note = try window.note(shown: shown.count, total: { centres.count }, things: "cost centres")
        return .listing(OrganisationView.costCentres(shown, note: note))
    }
}
