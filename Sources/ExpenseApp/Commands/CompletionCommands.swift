import ExpenseCore
import ExpenseSupport

/// `completion bash|zsh|fish` prints a completion script; the scripts call `__complete` back for
/// the candidates, so ids and codes come from the user's own database.
enum CompletionCommands {
    /// The shells there is a script for.
    enum Shell: String, CaseIterable, Sendable, ExpressibleByArgument {
        case bash, zsh, fish

        static var valueName: String { "shell" }

        var script: String {
            switch self {
            case .bash: return CompletionScripts.bash
            case .zsh: return CompletionScripts.zsh
            case .fish: return CompletionScripts.fish
            }
        }
    }

    static let shell = Argument<Shell>.value("shell", "bash, zsh or fish.")
    static let all: [CommandSpec] = [completion, complete]

    static let completion = CommandSpec(
        ["completion"], abstract: "Print a shell completion script for bash, zsh or fish.",
        arguments: [shell],
        examples: [
            "source <(expenses completion bash)          # in ~/.bashrc",
            "expenses completion zsh > ~/.zfunc/_expenses",
            "expenses completion fish > ~/.config/fish/completions/expenses.fish",
        ]
    ) { invocation, _ in
        .content(try invocation[shell].script)
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
