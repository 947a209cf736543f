/// The manual pages of the command language, made from the same declarations as `help`: the
/// commands' names, abstracts, discussions, arguments, options and examples, and the help
/// topics. expenses(1) has the lone commands, the global options and the topics of no group;
/// each command group has its page, named as git's are (expenses-report(1)) with a topic of
/// its name (POLICY in expenses-policy(1)); the rules file has expenses-rules(5).
struct ManualPages {
    let registry: CommandRegistry
    /// The day the pages are of (YYYY-MM-DD): the release's, for a reproducible build.
    let date: String
    let version: String

    static let manual = "Expenses Manual"
    /// Topics with a page of their own in section 5 (file formats).
    static let filePages = ["rules": "expenses-rules"]
    /// What expenses(1) calls a topic's section; otherwise its name in capitals.
    static let sectionTitles = ["exit-codes": "Exit status"]
    static let rootSummary = "keep travel expense reports, their items and receipts"

    var pages: [ManPage] {
        [mainPage()] + groups.map(groupPage)
            + registry.topics.compactMap { topic in
                Self.filePages[topic.name].map { topicPage(topic, name: $0) }
            }
    }

    /// The groups with a page: those of one word with at least one command help shows (a group
    /// within a group is on its parent's page).
    var groups: [CommandGroup] {
        registry.groups.filter { !$0.name.contains(" ") && !commands(in: $0).isEmpty }
    }

    func commands(in group: CommandGroup) -> [CommandSpec] {
        registry.commands.filter { !$0.hidden && $0.path.first == group.name }
    }

    static func pageName(of group: CommandGroup) -> String { "expenses-\(group.name)" }

    private func newPage(_ name: String, section: Int = 1, summary: String) -> ManPage {
        ManPage(name: name, section: section, summary: summary, date: date, source: "expenses \(version)", manual: Self.manual)
    }

    // MARK: - expenses(1)

    private func mainPage() -> ManPage {
        var page = newPage("expenses", summary: Self.rootSummary)
        page.section("Synopsis")
        page.synopsis([
            .bold("expenses") + " [" + .italic("options") + "] " + .italic("command") + " [" + .italic("arguments") + "]",
            .bold("expenses") + " [" + .italic("options") + "]",
            .bold("expenses help") + " [" + .italic("command") + " | " + .italic("topic") + "]",
        ])
        page.section("Description")
        page.paragraph(
            Roff(
                """
                expenses keeps travel expense reports, one a trip, their expense items and receipts in one SQLite file, \
                from the shell, scripts, an interactive prompt and one-step quick actions. A command names what to work \
                on and prints the result as a table, or as JSON or CSV with --format.
                """))
        page.paragraph(
            Roff(
                """
                Without a command, on a terminal, expenses starts an interactive prompt that takes the same commands \
                without the leading 'expenses', with line editing, history and completion; with its standard input not a \
                terminal, it runs the commands it reads there, one a line, as 'expenses run' does.
                """))
        page.section("Command groups")
        for group in groups {
            page.term(
                .bold("expenses \(group.name)"),
                Roff(group.abstract + " See ") + .bold(Self.pageName(of: group)) + "(1).")
        }
        page.section("Commands")
        for command in registry.commands where !command.hidden && registry.group([command.path[0]]) == nil {
            document(command, on: &page)
        }
        page.subsection(.bold("expenses help") + " [" + .italic("command") + " | " + .italic("topic") + "]")
        page.paragraph(
            Roff("Shows the help of a command or a group (the same as its --help), or a topic: ")
                + Roff(registry.topics.map(\.name).joined(separator: ", ")) + ".")
        page.section("Options")
        page.paragraph("Every command takes these, before or after its words.")
        for option in GlobalOptions.specs { page.term(tag(option), Roff(describe(option))) }
        for topic in registry.ownTopics where Self.filePages[topic.name] == nil {
            page.section(Self.sectionTitles[topic.name] ?? topic.name.replacing("-", with: " "))
            page.blocks(topic.blocks, headingsAsSections: false)
        }
        page.section("Environment")
        for (name, text) in [
            ("EXPENSES_DB", "The database file, when --db is not given."),
            ("EXPENSES_USER", "Who you are, when --user is not given (else your login name)."),
            ("EXPENSES_HISTORY", "The interactive prompt's history file."),
            ("XDG_DATA_HOME", "The database is $XDG_DATA_HOME/expenses/expenses.sqlite (default ~/.local/share)."),
            ("XDG_CONFIG_HOME", "Settings are in $XDG_CONFIG_HOME/expenses/config (default ~/.config)."),
            ("XDG_STATE_HOME", "The history is $XDG_STATE_HOME/expenses/history (default ~/.local/state)."),
        ] {
            page.term(.bold(name), Roff(text))
        }
        page.section("See also")
        page.paragraph(seeAlso(groups.map { (Self.pageName(of: $0), 1) } + Self.filePages.values.sorted().map { ($0, 5) }))
        return page
    }

    // MARK: - expenses-GROUP(1)

    private func groupPage(_ group: CommandGroup) -> ManPage {
        let commands = commands(in: group)
        var page = newPage(Self.pageName(of: group), summary: group.abstract)
        page.section("Synopsis")
        page.synopsis(commands.map(synopsis))
        page.section("Description")
        var description = group.abstract
        if let fallback = group.defaultSubcommand {
            description += " Given alone, 'expenses \(group.name)' runs 'expenses \(group.name) \(fallback)'."
        }
        page.paragraph(Roff(description + " The global options of expenses(1) (--db, --format, --user) apply to every command."))
        page.section("Commands")
        for command in commands { document(command, on: &page) }
        if let topic = registry.topic(group.name) {
            page.section(topic.name)
            page.blocks(topic.blocks, headingsAsSections: false)
        }
        page.section("See also")
        let related = registry.topics.filter { mentions(commands, $0.name) }.compactMap { Self.filePages[$0.name] }
        page.paragraph(seeAlso([("expenses", 1)] + related.map { ($0, 5) }))
        return page
    }

    /// Whether a command of `commands` sends the reader to `help TOPIC`, or reads the file it describes.
    private func mentions(_ commands: [CommandSpec], _ topic: String) -> Bool {
        commands.contains { command in
            command.discussion.contains("help \(topic)") || command.options.contains { $0.name == topic }
        }
    }

    // MARK: - expenses-TOPIC(5)

    private func topicPage(_ topic: HelpTopic, name: String) -> ManPage {
        var page = newPage(name, section: 5, summary: topic.abstract)
        page.section("Description")
        page.blocks(topic.blocks, headingsAsSections: true)
        page.section("See also")
        let readers = groups.filter { mentions(commands(in: $0), topic.name) }
        page.paragraph(seeAlso([("expenses", 1)] + readers.map { (Self.pageName(of: $0), 1) }))
        return page
    }

    // MARK: - Pieces

    /// A command's subsection: its usage as the heading, then what it does, its arguments,
    /// options and examples.
    private func document(_ command: CommandSpec, on page: inout ManPage) {
        page.subsection(synopsis(command))
        page.paragraph(Roff(command.abstract))
        if !command.discussion.isEmpty { page.paragraph(Roff(command.discussion)) }
        for argument in command.arguments { page.term(.italic(argument.name) + (argument.variadic ? " ..." : ""), Roff(argument.help)) }
        for option in command.options { page.term(tag(option), Roff(describe(option))) }
        if !command.examples.isEmpty {
            page.paragraph("Examples:")
            page.example(command.examples.joined(separator: "\n"))
        }
    }

    /// `expenses report new [options] title`: the command's words in bold, what it takes in italics.
    private func synopsis(_ command: CommandSpec) -> Roff {
        var line: Roff = .bold("expenses " + command.name)
        for option in command.options where option.required { line = line + " " + tag(option) }
        if command.options.contains(where: { !$0.required }) { line = line + " [" + .italic("options") + "]" }
        for argument in command.arguments {
            let core: Roff = .italic(argument.name) + (argument.variadic ? " ..." : "")
            line = line + " " + (argument.optional ? "[" + core + "]" : core)
        }
        return line
    }

    /// `-o, --output file`: the option's words in bold, its value in italics.
    private func tag(_ option: OptionSpec) -> Roff {
        var tag: Roff = option.short.map { .bold("-\($0)") + ", " } ?? ""
        tag = tag + .bold(option.word)
        if let value = option.valueName { tag = tag + " " + .italic(value) }
        return tag
    }

    private func describe(_ option: OptionSpec) -> String {
        var text = option.help
        if let allowed = option.allowed { text += " Values: \(allowed.joined(separator: ", "))." }
        if option.repeats { text += " Can be repeated." }
        return text
    }

    /// `expenses-report(1), expenses-rules(5)`.
    private func seeAlso(_ pages: [(String, Int)]) -> Roff {
        var text: Roff = ""
        for (index, (name, section)) in pages.enumerated() {
            text = text + (index == 0 ? "" : ", ") + .bold(name) + Roff("(\(section))")
        }
        return text
    }
}
