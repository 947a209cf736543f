import ExpenseCore
import ExpenseSupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `run FILE` and `echo TEXT`: scripts, and messages from them.
enum ScriptCommands {
    static let all: [CommandSpec] = [run, echo]
    static let file = Argument<String>.value("file", "The script.", completion: .file)

    enum Options {
        static let bail = Option.flag("bail", "Stop at the first failing line, exiting with its code.")
        static let transaction = Option.flag("transaction", "Run the whole script in one transaction: any failure writes nothing.")
    }

    static let run = CommandSpec(
        ["run"], abstract: "Run the commands of a script file, one per line ('-' reads stdin).",
        discussion: """
            Lines are commands without the leading 'expenses'; '#' starts a comment, quotes work as in a shell, \
            and a line ending in '\\' continues on the next. A failing line is reported as FILE:LINE: and the \
            script goes on, exiting 1; --bail stops at the first failure with its exit code; --transaction \
            writes nothing unless every line succeeds, and shows what its lines did once it is committed. A script can start with '#!/usr/bin/env -S expenses run'. \
            Scripts that run scripts nest at most \(ScriptNesting.limit) deep: a 'run' line past that fails with 65, and every script \
            around it stops.
            """,
        arguments: [file],
        options: [Options.bail, Options.transaction],
        examples: ["expenses run monthly.expenses", "expenses run --bail --transaction import-trip.expenses"]
    ) { invocation, session in
        let path = try invocation[file]
        try session.scripts.check(path == "-" ? "<stdin>" : path)
        let text: String
        if path == "-" {
            text = try ScriptText.decode(Console.readStandardInputBytes(), name: "<stdin>")
        } else {
            guard let data = FileManager.default.contents(atPath: session.environment.path(path)) else {
                throw ExpenseError(.noInput, "cannot read the script \(path): no such file or not readable")
            }
            text = try ScriptText.decode(Array(data), name: path)
        }
        let options = ScriptRunner.Options(bail: invocation[Options.bail], transaction: invocation[Options.transaction])
        let status = ScriptRunner(runner: Runner()).run(text, name: path == "-" ? "<stdin>" : path, in: session, options: options)
        if status != .ok { throw SilentFailure(status: status) }
        return .none
    }

    static let echo = CommandSpec(
        ["echo"], abstract: "Print a message (for scripts).",
        arguments: [ArgumentSpec("text", "The words to print.", optional: true, variadic: true)]
    ) { invocation, _ in
        .message(invocation.arguments.joined(separator: " "))
    }
}
