#if canImport(Glibc)
import Glibc
#endif

/// Runs another program — tesseract, a camera command — with an argv array (never through a
/// shell, so no word of it is ever interpreted), stdin from /dev/null, its output captured, and a
/// time limit. Foundation's Process is not in FoundationEssentials, hence posix_spawn.
public struct Subprocess {
    /// How it ended.
    public enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    public struct Result {
        public var termination: Termination
        public var stdout: [UInt8]
        public var stderr: [UInt8]
        /// It ran past its time limit and was killed.
        public var timedOut: Bool
        /// Ctrl-C stopped it.
        public var cancelled: Bool

        public var succeeded: Bool { termination == .exited(0) && !timedOut && !cancelled }
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    public enum Failure: Error, Equatable {
        /// No such program (on PATH, or at the path given).
        case notFound(String)
        /// It exists but cannot be started (not executable, ...).
        case cannotStart(String, reason: String)
    }

    public let arguments: [String]
    /// Seconds until it is stopped: SIGTERM, then SIGKILL a second later.
    public var timeLimit: Double = 60
    /// Variables set in its environment on top of ours (e.g. OMP_THREAD_LIMIT).
    public var extraEnvironment: [String: String] = [:]
    /// The working directory it starts in: the session's, which in a test running sessions side
    /// by side is not the process's; nil for ours.
    public var directory: String?
    /// Output past this many bytes per stream is read and dropped, so a runaway program cannot
    /// fill memory.
    public var outputLimit = 8 << 20

    public init(_ arguments: [String], timeLimit: Double = 60) {
        precondition(!arguments.isEmpty, "a subprocess needs a program")
        self.arguments = arguments
        self.timeLimit = timeLimit
    }

    /// Starts the program, waits for it (or its time limit) and returns what it did.
    public func run() throws(Failure) -> Result {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw .cannotStart(arguments[0], reason: String(cString: strerror(errno))) }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            throw .cannotStart(arguments[0], reason: String(cString: strerror(errno)))
        }
        // Close-on-exec, so that only the dup2'ed copies reach the child (and no other child of
        // ours keeps a pipe open). pipe2(O_CLOEXEC) is not visible from Swift's Glibc.
        for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if let directory, case let code = SpawnDirectory.add(directory, to: &actions), code != 0 {
            for descriptor in outPipe + errPipe { close(descriptor) }
            throw .cannotStart(arguments[0], reason: String(cString: strerror(code)))
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so a timeout stops whatever it started too (a camera script's
        // children), and default signal handling whatever ours is.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGPIPE)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid: pid_t = 0
        let code = withCStrings(arguments) { argv in
            withCStrings(environment()) { envp in
                posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
            }
        }
        close(outPipe[1])
        close(errPipe[1])
        guard code == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            if code == ENOENT { throw .notFound(arguments[0]) }
            throw .cannotStart(arguments[0], reason: String(cString: strerror(code)))
        }
        return collect(pid: pid, stdout: outPipe[0], stderr: errPipe[0])
    }

    private func collect(pid: pid_t, stdout: Int32, stderr: Int32) -> Result {
        var outputs: [[UInt8]] = [[], []]
        var open = [true, true]
        let descriptors = [stdout, stderr]
        let deadline = Stopwatch.now() + timeLimit
        var timedOut = false
        var cancelled = false
        var killAt: Double?
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(true) {
            let now = Stopwatch.now()
            if killAt == nil, now >= deadline || Cancellation.isRequested {
                if now >= deadline { timedOut = true } else { cancelled = true }
                kill(-pid, SIGTERM)
                killAt = now + 1
            }
            if let due = killAt, now >= due {
                kill(-pid, SIGKILL)
                killAt = .infinity
            }
            var polls = descriptors.indices.filter { open[$0] }.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            // Wake at least every 100 ms to notice Ctrl-C and the deadline.
            let ready = poll(&polls, nfds_t(polls.count), 100)
            if ready < 0, errno != EINTR { break }
            guard ready > 0 else { continue }
            for entry in polls where entry.revents != 0 {
                guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 {
                    open[index] = false
                    continue
                }
                if outputs[index].count < outputLimit { outputs[index] += buffer[..<min(count, outputLimit - outputs[index].count)] }
            }
        }
        close(stdout)
        close(stderr)
        // The pipes closed: it exited, or handed them to a child that lives on. Wait (within the
        // limit) for it to exit without reaping it: while it is a zombie its pid, which is also its
        // group's id, cannot be reused, so killing the group stops only what it left behind.
        while true {
            var info = siginfo_t()
            let waited = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if waited == 0, info.si_signo == SIGCHLD { break }
            if waited < 0, errno != EINTR { break }
            let now = Stopwatch.now()
            if killAt == nil, now >= deadline || Cancellation.isRequested {
                if now >= deadline { timedOut = true } else { cancelled = true }
                kill(-pid, SIGTERM)
                killAt = now + 1
            } else if let due = killAt, now >= due {
                kill(-pid, SIGKILL)
                killAt = .infinity
            }
            usleep(10_000)
        }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let termination: Termination
        if status & 0x7f == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signalled(status & 0x7f)
        }
        return Result(termination: termination, stdout: outputs[0], stderr: outputs[1], timedOut: timedOut, cancelled: cancelled)
    }

    private func environment() -> [String] {
        var variables: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if extraEnvironment[name] == nil { variables.append(text) }
            index += 1
        }
        return variables + extraEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// `strings` as a NULL-terminated C array, valid inside `body`.
    private func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
