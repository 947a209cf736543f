import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// A table longer than the screen goes through a pager on a terminal, as git's output does:
/// `$EXPENSES_PAGER`, else `$PAGER`, else `less` (with `LESS=FRX` unless set: it quits at
/// once when the text fits one screen, keeps colours and leaves the text on the screen).
/// `--no-pager`, a pager of `cat` or empty, or no `$TERM`, writes straight to the terminal.
/// The command is split into words like a command line and run directly, never through a shell.
struct Pager {
    /// The pager's words, or nil when output goes straight to standard output: not a terminal,
    /// or paging turned off.
    static func command(_ environment: Environment) -> [String]? {
        // A terminal that cannot move the cursor gets no pager (less would only complain).
        guard let terminal = environment["TERM"], terminal != "dumb" else { return nil }
        let configured = environment.variables["EXPENSES_PAGER"] ?? environment.variables["PAGER"] ?? "less"
        guard let words = try? Tokenizer.words(configured), let program = words.first, program != "cat" else { return nil }
        return words
    }

    private let pid: pid_t
    private let savedOutput: Int32

    /// Starts `command` reading what this process writes to standard output from now until
    /// `finish()`; nil (and output stays where it was) when it cannot start.
    init?(_ command: [String], environment: Environment) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        // The session's working directory, as the pager's own would be the binary's.
        guard SpawnDirectory.add(environment.workingDirectory, to: &actions) == 0 else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        var variables = environment.variables
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        if variables["LV"] == nil { variables["LV"] = "-c" }
        let argv = command.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let started = posix_spawnp(&child, command[0], &actions, nil, argv, envp)
        close(ends[0])
        guard started == 0 else {
            close(ends[1])
            return nil
        }
        pid = child
        savedOutput = dup(Console.streams.output)
        dup2(ends[1], Console.streams.output)
        close(ends[1])
    }

    /// Ends the pager's input and waits until the person has left it (`q`, or the end of a text
    /// that fitted); standard output is the terminal again.
    func finish() {
        dup2(savedOutput, Console.streams.output)
        close(savedOutput)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
}

/// Text for the terminal, held until it is longer than the screen: then it and the rest go
/// through the pager, as psql does; a shorter text is written as it is, with no pager started.
final class PagedWriter {
    private let command: [String]
    private let rows: Int
    private let environment: Environment
    private var held = "", lines = 0
    private var pager: Pager?, direct = false

    init(pager: [String], rows: Int, environment: Environment) {
        command = pager
        self.rows = rows
        self.environment = environment
    }

    /// `text`, already through the terminal's gate.
    func write(_ text: String) {
        guard pager == nil, !direct else { return Console.writeExactly(text) }
        held += text
        lines += text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        guard lines >= rows else { return }
        pager = Pager(command, environment: environment)
        direct = pager == nil
        Console.writeExactly(held)
        held = ""
    }

    /// Writes what is held, or waits for the person to leave the pager.
    func finish() {
        if let pager { pager.finish() } else { Console.writeExactly(held) }
    }
}
