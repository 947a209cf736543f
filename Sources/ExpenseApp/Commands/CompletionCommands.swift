import ExpenseCore
import ExpenseSupport

/// `completion bash|zsh|fish` prints a completion script; the scripts call `__complete` back for
/// the candidates, so ids and codes come from the user's own database.
enum CompletionCommands {
    static let shells = ["bash", "zsh", "fish"]
    static let all: [CommandSpec] = [completion, complete]

    static let completion = CommandSpec(
        ["completion"], abstract: "Print a shell completion script for bash, zsh or fish.",
        arguments: [ArgumentSpec("shell", "bash, zsh or fish.", completion: .values(shells))],
        examples: ["source <(expenses completion bash)          # in ~/.bashrc",
                   "expenses completion zsh > ~/.zfunc/_expenses",
                   "expenses completion fish > ~/.config/fish/completions/expenses.fish"]
    ) { invocation, _ in
        switch invocation.arguments[0] {
        case "bash": return .content(CompletionScripts.bash)
        case "zsh": return .content(CompletionScripts.zsh)
        case "fish": return .content(CompletionScripts.fish)
        case let other:
            throw UsageError("The value '\(other)' is invalid for '<shell>'. Please provide one of \(CommandParser.list(shells)).",
                             path: invocation.spec.path)
        }
    }

    /// `__complete -- WORD... CURRENT`: one candidate per line; a lone `:files` asks for file names.
    static let complete = CommandSpec(
        ["__complete"], abstract: "Completion candidates (used by the completion scripts).",
        arguments: [ArgumentSpec("words", "The words before the cursor, then the word being typed.", optional: true, variadic: true)],
        hidden: true
    ) { invocation, session in
        let words = invocation.arguments
        let result = Completer(registry: Commands.registry)
            .candidates(after: Array(words.dropLast()), current: words.last ?? "", session: session)
        let lines = result.words.isEmpty && result.wantsFiles ? [":files"] : result.words
        Console.write(lines.map { $0 + "\n" }.joined())
        return .none
    }
}
