import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Prints an HTML page to PDF with headless Chromium (`report export --format pdf`): the page in
/// a private temporary directory (mkdtemp, 0700) beside a throw-away browser profile, Chromium
/// run there with an argv array and a time limit, the PDF read back. Nothing of it reaches the
/// user's own browser profile or home directory, and the directory is removed afterwards.
struct ChromiumPrinter {
    /// The names Chromium goes by on PATH: Debian's, Ubuntu's older one, Google's build.
    static let programs = ["chromium", "chromium-browser", "google-chrome"]
    static let installHint = "install it (apt-get install chromium), or export --format html and print that from a browser"

    /// The browser's absolute path.
    let program: String
    var timeLimit: Double = 120
    /// The session's working directory, which the browser starts in; nil for the process's.
    var directory: String?

    /// The first of `programs` that is an executable file in a directory of `searchPath` (PATH's
    /// value); nil when none is.
    static func locate(searchPath: String) -> String? {
        for name in programs {
            for directory in searchPath.split(separator: ":") where directory.hasPrefix("/") {
                let path = directory + "/" + name
                var info = stat()
                if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 { return path }
            }
        }
        return nil
    }

    /// Chromium on `searchPath`, or the error that says how to get it (69).
    static func find(searchPath: String) throws(ExpenseError) -> ChromiumPrinter {
        guard let program = locate(searchPath: searchPath) else {
            throw ExpenseError(
                .unavailable, "a PDF is printed with Chromium, and there is none on PATH (\(programs.joined(separator: ", ")))",
                hint: installHint)
        }
        return ChromiumPrinter(program: program)
    }

    /// The PDF of `html`, as Chromium prints it on A4 (the page's own @page size).
    func print(html: String) throws -> [UInt8] {
        let directory = try TemporaryDirectory("print")
        defer { directory.remove() }
        let page = directory.file("report.html")
        let pdf = directory.file("report.pdf")
        try OutputFile.write(html, to: page, mode: 0o600, replacing: false)
        var arguments = [
            program, "--headless", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--disable-background-networking",
            "--no-pdf-header-footer", "--print-to-pdf-no-header",
            "--user-data-dir=" + directory.file("profile"), "--print-to-pdf=" + pdf,
        ]
        // Chromium refuses to run as root inside its sandbox; as anyone else it keeps it.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append("file://" + page)
        var process = Subprocess(arguments, timeLimit: timeLimit)
        process.directory = self.directory
        // Whatever it writes of its own (a certificate store, caches, crash reports) stays in the
        // directory, not in the user's home.
        process.extraEnvironment = [
            "HOME": directory.path, "XDG_CONFIG_HOME": directory.file("config"),
            "XDG_CACHE_HOME": directory.file("cache"),
        ]
        let result: Subprocess.Result
        do throws(Subprocess.Failure) {
            result = try process.run()
        } catch {
            switch error {
            case .notFound(let name):
                throw ExpenseError(.unavailable, "\(name) was not found", hint: Self.installHint)
            case .cannotStart(let name, let reason):
                throw ExpenseError(.unavailable, "\(name) cannot be started: \(reason)")
            }
        }
        if result.cancelled { throw Cancellation.cancelled }
        if result.timedOut {
            throw ExpenseError(.unavailable, "Chromium did not print the report within \(Int(timeLimit)) s and was stopped")
        }
        let bytes = FileBytes.isFile(pdf) ? (try? FileBytes.read(pdf)) ?? [] : []
        guard result.succeeded, bytes.starts(with: Array("%PDF-".utf8)) else {
            let how: String
            switch result.termination {
            case .exited(let code): how = "exit status \(code)"
            case .signalled(let signal): how = "signal \(signal)"
            }
            let detail = result.stderrText.split(separator: "\n").last { !$0.trimmingSpaces.isEmpty }.map { ": \($0)" } ?? ""
            throw ExpenseError(.unavailable, "Chromium (\(program)) printed no PDF (\(how))\(detail)")
        }
        return bytes
    }
}
