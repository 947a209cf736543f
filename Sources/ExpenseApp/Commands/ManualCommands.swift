import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// `manpages DIR`: the manual pages, made from the command declarations and help topics, for
/// Scripts/install and Scripts/package. Hidden: a person reads them with man.
enum ManualCommands {
    static let all: [CommandSpec] = [manpages]
    static let directory = Argument<String>.value("directory", "Where man1/ and man5/ go; made when it is not there.", completion: .file)

    enum Options {
        static let force = CommonOptions.force.described("Replace pages that exist.")
    }

    static let manpages = CommandSpec(
        ["manpages"], abstract: "Write the manual pages: DIR/man1/expenses.1, one a command group, DIR/man5/expenses-rules.5.",
        discussion: """
            The pages are dated by SOURCE_DATE_EPOCH when it is set (a reproducible build), else today. Files are \
            written whole (a new file renamed into place) and readable by everyone; one that exists is replaced only \
            with --force.
            """,
        arguments: [directory],
        options: [Options.force],
        examples: ["expenses manpages /tmp/man && man -l /tmp/man/man1/expenses-report.1", "man -l docs/man/man1/expenses.1"],
        hidden: true
    ) { invocation, session in
        let shown = try invocation[Self.directory]
        let directory = session.environment.path(shown)
        // A directory that is not there is made (man1/ and man5/ below it are, too); a file is refused.
        if access(directory, F_OK) == 0, !OutputFile.isDirectory(directory) {
            throw ExpenseError(.cannotCreate, "cannot write the manual pages into \(shown): it is not a directory")
        }
        let pages = ManualPages(registry: Commands.registry, date: date(session.environment), version: Runner.version).pages
        let replacing = invocation[Options.force]
        let paths = pages.map { "\(directory)/man\($0.section)/\($0.fileName)" }
        try session.environment.namingAsGiven(shown) {
            for path in paths { try OutputFile.check(path, replacing: replacing, inputs: []) }
            for (page, path) in zip(pages, paths) {
                try OutputFile.write(page.text, to: path, mode: 0o644, replacing: replacing, createDirectories: true, directoryMode: 0o755)
            }
        }
        return .message(
            "Wrote \(pages.count) manual pages to \(shown): " + pages.map { "\($0.name)(\($0.section))" }.joined(separator: ", "))
    }

    /// SOURCE_DATE_EPOCH's day (UTC), else today.
    static func date(_ environment: Environment) -> String {
        if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap({ Int($0) }), epoch >= 0 {
            return CalendarDate(dayNumber: epoch / 86_400).description
        }
        return environment.today().description
    }
}
