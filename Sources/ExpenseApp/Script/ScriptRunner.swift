import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// Runs a script — a file or piped stdin — line by line through the same runner as every other
/// command: `FILE:LINE: error: ...` for failures, going on (exit 1) or stopping (--bail), and
/// optionally all in one transaction. Scripts that run scripts nest at most
/// `ScriptNesting.limit` deep; past that, every one of them stops with the refusal's status.
public struct ScriptRunner {
    public struct Options {
        public var bail = false
        public var transaction = false
        public init(bail: Bool = false, transaction: Bool = false) {
            self.bail = bail
            self.transaction = transaction
        }
    }

    public let runner: Runner
    public init(runner: Runner) { self.runner = runner }

    /// Runs the lines of `text`, named `name` in messages, and returns the script's exit status.
    public func run(_ text: String, name: String, in session: Session, options: Options) -> ExitStatus {
        // A script never stops to ask, even one run from the REPL's prompt.
        session.withoutQuestions { runLines(text, name: name, in: session, options: options) }
    }

    private func runLines(_ text: String, name: String, in session: Session, options: Options) -> ExitStatus {
        session.scripts.enter(name)
        defer { session.scripts.leave() }
        if options.transaction {
            do {
                try session.store().beginScript()
            } catch {
                return runner.report(error, location: name, audience: session.helpAudience)
            }
        }
        // In a transaction, what the lines print waits for the commit (`HeldOutput`); a person
        // watching is told why nothing shows meanwhile.
        let held = options.transaction ? HeldOutput() : nil
        if held != nil, Console.isTerminal(\.error) {
            Console.error("\(name): one transaction: what its lines did is shown once it is committed\n")
        }
        var failures = 0
        var succeeded: [Int] = []
        var status = ExitStatus.ok
        for line in Tokenizer.logicalLines(text) {
            let location = "\(name):\(line.number)"
            if Cancellation.isRequested {
                status = runner.report(ExpenseError(.refused, "cancelled (Ctrl-C) before this line"), location: location)
                failures += 1
                break
            }
            let words: [String]
            do {
                words = try Tokenizer.words(line.text)
            } catch {
                words = []
                let quote: Character
                switch error {
                case .unterminatedQuote(let open): quote = open
                }
                status = runner.report(
                    UsageError("unterminated \(quote) quote", path: []), location: location, audience: session.helpAudience)
                failures += 1
                if options.bail { break }
                continue
            }
            if words.isEmpty { continue }
            let result =
                held.map { $0.holding { runner.run(words, in: session, location: location) } }
                ?? runner.run(words, in: session, location: location)
            if result == .ok { succeeded.append(line.number) }
            if result != .ok {
                failures += 1
                status = result
                if options.bail || session.scripts.unwinding { break }
            }
        }
        if options.transaction, session.isStoreOpen, let store = try? session.store() {
            if failures > 0 {
                store.rollbackScript()
                held?.discard()
                Console.error(
                    "\(name): \(failures) line\(failures == 1 ? "" : "s") failed; rolled back, nothing was written"
                        + Self.wouldHave(succeeded) + "\n")
            } else {
                do {
                    try store.commitScript()
                } catch {
                    held?.discard()
                    return runner.report(error, location: name, audience: session.helpAudience)
                }
                held?.release(on: Screen(session.environment, paging: session.paging))
            }
        } else {
            held?.release(on: Screen(session.environment, paging: session.paging))
        }
        if failures == 0 { return .ok }
        return options.bail || session.scripts.unwinding ? status : .failure
    }
}

extension ScriptRunner {
    /// What a rolled-back script's lines that succeeded would have done: their results were
    /// held back (nothing they claim was kept), so they are named by line.
    static func wouldHave(_ lines: [Int]) -> String {
        switch lines.count {
        case 0: return ""
        case 1: return " (line \(lines[0]) would have succeeded)"
        default: return " (lines \(lines.dropLast().map(String.init).joined(separator: ", ")) and \(lines.last!) would have succeeded)"
        }
    }
}

/// Ends a command with an exit status whose reason has already been printed (a script's failed lines).
public struct SilentFailure: Error {
    public let status: ExitStatus
}
