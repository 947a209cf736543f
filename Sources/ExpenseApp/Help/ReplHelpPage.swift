/// What `help` alone says at the REPL's prompt. The shell's page (`expenses <subcommand>`,
/// `--db`, `--version`) is wrong there: commands are typed without `expenses`, the database was
/// chosen when the session started, and the session has words and keys of its own that no
/// manual page tells: leaving, going back, settings, history search.
extension HelpFormatter {
    /// The session's own words, each as typed here.
    static let sessionWords: [(String, String)] = [
        ("help [<command>]", "This page; with a command or a topic, its options and examples (help report show, help rules)."),
        ("open report <id>", "Make a report the current one: report commands default to it, and the prompt shows it."),
        ("back", "Go back to the report opened before the current one."),
        ("home", "Leave every opened report: back to the top."),
        ("set format <format>", "Print results as table, json or csv from now on; --format on a line is for that line only."),
        ("set user <name>", "Act as another user from now on (a file's database only)."),
        ("show settings", "Show this session's format, user, database and current report."),
        ("run <file>", "Run a script's lines here, as if typed."),
        ("quit, exit", "Leave the session (also Ctrl-D, or Ctrl-C twice at an empty prompt)."),
    ]

    /// The keys of the line editor.
    static let sessionKeys: [(String, String)] = [
        ("TAB", "Complete a command, an option, a report id, a category, a currency or a file name."),
        ("Up, Down", "Step through the lines typed before, in this session and earlier ones."),
        ("Ctrl-R", "Search those lines: type part of one, Ctrl-R again for an older one, Enter runs it."),
        ("Ctrl-C", "Clear the line being typed, or stop the command that runs."),
        ("Ctrl-D", "Leave, at an empty prompt."),
        ("\\ at the end", "Go on with the line on the next one."),
    ]

    /// The REPL's page: the session's words and keys, the commands as typed here, the topics.
    func replPage() -> String {
        var text =
            paragraph(
                "OVERVIEW: ",
                "Commands typed at this prompt, without the leading 'expenses' (report list, expense add --amount 12); "
                    + "a line pasted with it runs too.")
            + "\n" + paragraph("USAGE: ", "<command> [<options>]")
        text += "\nTHIS SESSION:\n" + Self.sessionWords.map { row($0.0, $0.1) }.joined()
        text += "\nKEYS:\n" + Self.sessionKeys.map { row($0.0, $0.1) }.joined()
        text += "\nGLOBAL OPTIONS (on any line, for that line):\n"
        for option in audience.globalOptions where option.name != GlobalOptions.help.spec.name {
            text += row(label(option), describe(option))
        }
        text += "\nCOMMANDS:\n"
        let ownWords = Set(["help", "open", "back", "home", "set", "show", "run"])
        for entry in registry.entries(under: []) where !ownWords.contains(entry.name) {
            text += row(entry.name, entry.abstract)
        }
        if !registry.topics.isEmpty {
            text += "\nHELP TOPICS:\n"
            for topic in registry.topics { text += row(topic.name, topic.abstract) }
        }
        text +=
            "\n"
            + HelpLayout.wrap(
                "See 'help <command>' for a command's options and examples, 'help <topic>' for a topic.", indent: 2, width: width)
        return text
    }
}
