import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// Where the REPL and forms get their lines: libedit on a terminal, a list in tests.
public protocol LineReader: AnyObject {
    /// The next line without its newline, Ctrl-C, the end (Ctrl-D, EOF), or a wake-up.
    /// - Parameter completion: TAB's candidates for the word being typed, for a form's field;
    ///   nil: the command completer's.
    func read(prompt: String, completion: ((String) -> [String])?) -> ReplInput
    /// Records an entered line in the history, when there is one.
    func remember(_ line: String)
    /// Asked a few times a second while the reader waits for a key; when it says yes, `read`
    /// returns `.woken`, and the line as it is on the screen (its text and cursor) is set aside
    /// and given back at the next read that watches `wake`: the prompt's, not a form's field.
    var wake: (() -> Bool)? { get set }
    /// A descriptor watched beside the terminal while `wake` is set: readable, it has `wake`
    /// asked at once (a team database's connection, when a launch was queued).
    var wakeDescriptor: Int32? { get set }
}

extension LineReader {
    public func read(prompt: String) -> ReplInput { read(prompt: prompt, completion: nil) }
}

public enum ReplInput: Equatable {
    case line(String)
    /// Ctrl-C; `typed` tells whether anything had been typed at that prompt.
    case interrupted(typed: Bool)
    case end
    /// `wake` said there is work to do (a quick action handed over by a launcher).
    case woken
}

/// The interactive loop: prompt, read (joining continued lines), run through the same runner as
/// every other command, and survive errors and Ctrl-C. Quick actions that a launcher hands to
/// this session run here as they arrive, without a key pressed.
public final class Repl {
    public static let commands = ["quit", "exit"]

    let runner: Runner
    let session: Session
    let reader: LineReader

    public init(runner: Runner, session: Session, reader: LineReader) {
        self.runner = runner
        self.session = session
        self.reader = reader
    }

    public var banner: String {
        "expenses \(Runner.version) - database \(session.databaseName)\n"
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

    /// Runs until quit, exit, Ctrl-D or a second Ctrl-C.
    /// - Parameter launch: a quick action to run first, as when a launcher starts expenses on a
    ///   terminal (`Entry.launchOnTerminal`): its result or error shows, and the session stays
    ///   open at its target.
    /// - Returns: the launch's exit status when it failed; otherwise .ok, since leaving is not a
    ///   failure (as in sqlite3 and psql).
    @discardableResult
    public func run(launch: (() throws -> ExitStatus)? = nil) -> ExitStatus {
        session.lineReader = reader
        session.atPrompt = true
        defer {
            session.lineReader = nil
            session.atPrompt = false
        }
        Console.write(banner)
        var status = ExitStatus.ok
        if let launch {
            Cancellation.current.lower()
            do {
                status = try launch()
            } catch {
                status = runner.report(error, audience: .prompt)
            }
        }
        let presence = SessionPresence(session: session)
        defer { presence.leave() }
        var interruptsAtEmptyPrompt = 0
        while true {
            presence.join()
            LaunchInbox.deliverPending(in: session, for: presence.id, runner: runner)
            guard let entry = readEntry(presence) else { break }
            switch entry {
            case .woken:
                continue
            case .interrupted(let hadText):
                if hadText {
                    interruptsAtEmptyPrompt = 0
                    continue
                }
                interruptsAtEmptyPrompt += 1
                if interruptsAtEmptyPrompt >= 2 { return status }
                Console.error("(Ctrl-C again, 'quit' or Ctrl-D to leave)\n")
            case .text(let text):
                interruptsAtEmptyPrompt = 0
                var words: [String]
                do {
                    words = try Tokenizer.words(text)
                } catch {
                    runner.report(UsageError("unterminated quote", path: []), audience: .prompt)
                    continue
                }
                if words.isEmpty { continue }
                if words.count == 1, Self.commands.contains(words[0]) { return status }
                // `quit` is the session's word, no command: its help is the session's page.
                if words.count == 2, words[0] == "help", Self.commands.contains(words[1]) { words = ["help"] }
                presence.markActive()
                Cancellation.current.lower()
                runner.run(words, in: session)
            }
        }
        Console.write("\n")
        return status
    }

    private enum Entry {
        case text(String)
        case interrupted(hadText: Bool)
        case woken
    }

    /// One logical line: physical lines joined while one ends in `\` or inside a quote. Only an
    /// empty first line gives way to a handed-over launch; a continued one is finished first.
    private func readEntry(_ presence: SessionPresence) -> Entry? {
        var text = ""
        var prompt = self.prompt
        while true {
            reader.wake = text.isEmpty ? { presence.launchWaiting() } : nil
            reader.wakeDescriptor = text.isEmpty ? presence.descriptor : nil
            let input = reader.read(prompt: prompt)
            reader.wake = nil
            reader.wakeDescriptor = nil
            switch input {
            case .end:
                return text.isEmpty ? nil : .text(text)
            case .interrupted(let typed):
                return .interrupted(hadText: typed || !text.isEmpty)
            case .woken:
                return .woken
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
