import ExpenseCore
import ExpenseStore

/// Where the REPL gets its lines: libedit on a terminal, a list in tests.
public protocol LineReader: AnyObject {
    /// The next line without its newline, Ctrl-C, or the end (Ctrl-D, EOF).
    func read(prompt: String) -> ReplInput
    /// Records an entered line in the history, when there is one.
    func remember(_ line: String)
}

public enum ReplInput: Equatable {
    case line(String)
    /// Ctrl-C; `typed` tells whether anything had been typed at that prompt.
    case interrupted(typed: Bool)
    case end
}

/// The interactive loop: prompt, read (joining continued lines), run through the same runner as
/// every other command, and survive errors and Ctrl-C.
public final class Repl {
    public static let commands = ["quit", "exit"]

    let runner: Runner
    let session: Session
    let reader: LineReader
    /// Called before each prompt: where queued work (e.g. shortcuts delivered to a running
    /// session) is picked up.
    public var beforePrompt: ((Session) -> Void)?

    public init(runner: Runner, session: Session, reader: LineReader) {
        self.runner = runner
        self.session = session
        self.reader = reader
    }

    public var banner: String {
        "expenses \(Runner.version) - database \(session.databasePath)\n"
            + "Type 'help' for the commands, 'help COMMAND' for one; 'quit' or Ctrl-D leaves.\n"
    }

    /// `expenses> `, or `expenses:report 3> ` inside an opened report.
    public var prompt: String {
        session.currentReportID.map { "expenses:report \($0)> " } ?? "expenses> "
    }

    /// Says why more input is needed, as psql's %R does: `expenses\> ` after a trailing
    /// backslash, `expenses"> ` inside a double-quoted string.
    static func continuationPrompt(_ reason: Tokenizer.Continuation) -> String {
        switch reason {
        case .backslash: return "expenses\\> "
        case .quote(let quote): return "expenses\(quote)> "
        }
    }

    /// Runs until quit, exit, Ctrl-D or a second Ctrl-C; leaving is not a failure, so it returns
    /// .ok, as sqlite3 and psql do.
    @discardableResult
    public func run() -> ExitStatus {
        session.lineReader = reader
        defer { session.lineReader = nil }
        Console.write(banner)
        var interruptsAtEmptyPrompt = 0
        while true {
            beforePrompt?(session)
            guard let entry = readEntry() else { break }
            switch entry {
            case .interrupted(let hadText):
                if hadText {
                    interruptsAtEmptyPrompt = 0
                    continue
                }
                interruptsAtEmptyPrompt += 1
                if interruptsAtEmptyPrompt >= 2 { return .ok }
                Console.error("(Ctrl-C again, 'quit' or Ctrl-D to leave)\n")
            case .text(let text):
                interruptsAtEmptyPrompt = 0
                let words: [String]
                do {
                    words = try Tokenizer.words(text)
                } catch {
                    runner.report(UsageError("unterminated quote", path: []))
                    continue
                }
                if words.isEmpty { continue }
                if words.count == 1, Self.commands.contains(words[0]) { return .ok }
                Cancellation.requested = 0
                runner.run(words, in: session)
            }
        }
        Console.write("\n")
        return .ok
    }

    private enum Entry {
        case text(String)
        case interrupted(hadText: Bool)
    }

    /// One logical line: physical lines joined while one ends in `\` or inside a quote.
    private func readEntry() -> Entry? {
        var text = ""
        var prompt = self.prompt
        while true {
            switch reader.read(prompt: prompt) {
            case .end:
                return text.isEmpty ? nil : .text(text)
            case .interrupted(let typed):
                return .interrupted(hadText: typed || !text.isEmpty)
            case .line(let line):
                text = text.isEmpty ? line : text + "\n" + line
                guard let reason = Tokenizer.continuation(of: text) else {
                    reader.remember(text)
                    return .text(text)
                }
                prompt = Self.continuationPrompt(reason)
            }
        }
    }
}
