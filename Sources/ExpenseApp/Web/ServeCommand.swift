import ExpenseSupport
import WebServing

#if canImport(Glibc)
import Glibc
#endif

/// `serve`: the team server's web page (issue 47) on this machine's HTTP server, until Ctrl-C or
/// SIGTERM. Loopback by default; any other address only with TLS (`--cert/--key`) or when told
/// that a reverse proxy in front speaks HTTPS (`--insecure-http`), so that passwords and session
/// cookies never cross a network in clear by accident.
enum ServeCommands {
    enum Options {
        static let listen = Option<String?>.value(
            "listen", "The IP address and port to listen on, ADDR:PORT (default 127.0.0.1:8080; port 0: one the system picks).")
        static let certificate = Option<String?>.value(
            "cert", "A PEM certificate (with its chain) to serve HTTPS with; give --key too.", completion: .file)
        static let key = Option<String?>.value("key", "The certificate's unencrypted PEM private key.", completion: .file)
        static let insecureHTTP = Option.flag(
            "insecure-http", "Serve plain HTTP on an address other machines reach: only behind a reverse proxy that speaks HTTPS.")
    }

    static let all: [CommandSpec] = [serve]

    static let serve = CommandSpec(
        ["serve"], abstract: "Serve the web page for a phone and a desk: log in, reports, approvals.",
        discussion: """
            Prints the URL it listens on and answers until Ctrl-C or SIGTERM, then stops cleanly. It listens on \
            127.0.0.1:8080 unless --listen says otherwise; an address that is not loopback needs --cert and --key \
            (HTTPS), or --insecure-http behind a reverse proxy that speaks HTTPS (docs/WEB.md).
            """,
        options: [Options.listen, Options.certificate, Options.key, Options.insecureHTTP],
        examples: ["expenses serve", "expenses serve --listen 0.0.0.0:8443 --cert cert.pem --key key.pem"]
    ) { invocation, session in
        let listen =
            try invocation[Options.listen].map { text throws(ExpenseError) in try ListenAddress(parsing: text) }
            ?? .loopback(port: 8080)
        let tls = try tlsFiles(invocation[Options.certificate], invocation[Options.key], session.environment)
        if !listen.isLoopback, tls == nil, !invocation[Options.insecureHTTP] {
            throw ExpenseError(
                .usage, "\(listen) is reached from other machines: serving it over plain HTTP would send passwords in clear",
                hint: "give --cert FILE --key FILE for HTTPS, or --insecure-http when a reverse proxy in front speaks HTTPS")
        }
        // A file database's one person logs in with a one-time link (as Jupyter's token): a file
        // has no passwords, and anyone who can read what serve printed could read the file too.
        let filePerson = session.location.isServer ? nil : try session.user
        let loginToken = filePerson == nil ? nil : RandomToken.make()
        let application = WebApplication(
            .init(
                location: session.location, environment: session.environment, filePerson: filePerson, loginToken: loginToken,
                isSecure: tls != nil))
        let server = try HTTPServer(listen: listen, tls: tls) { request in application.respond(to: request) }
        Console.write("Serving \(server.url)\n")
        if let loginToken { Console.write("Log in as \(filePerson!) (once): \(server.url)login?token=\(loginToken)\n") }
        let restore = StopSignals.install()
        while !Cancellation.isRequested { usleep(100_000) }
        server.stop()
        restore()
        Cancellation.current.lower()
        return .message("Stopped serving \(server.url)")
    }

    /// Both or neither; relative paths are the invocation's directory's.
    private static func tlsFiles(_ certificate: String?, _ key: String?, _ environment: Environment) throws(ExpenseError)
        -> HTTPServer.TLSFiles?
    {
        switch (certificate, key) {
        case (nil, nil): return nil
        case (let certificate?, let key?):
            return HTTPServer.TLSFiles(certificate: environment.path(certificate), key: environment.path(key))
        default:
            throw ExpenseError(.usage, "give --cert and --key together", hint: "the certificate's PEM file and its private key's")
        }
    }
}

/// Ctrl-C and SIGTERM (systemd's stop) end `serve` cleanly: they raise the process's flag, which
/// the command's loop checks (a one-shot command has no Ctrl-C handler otherwise, and the REPL's
/// raises the same flag). Only async-signal-safe work in the handler.
enum StopSignals {
    /// Installs the handler; returns what puts the handlers before it back (the REPL's Ctrl-C).
    static func install() -> () -> Void {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Cancellation.process.raise() }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var interrupt = sigaction()
        var terminate = sigaction()
        sigaction(SIGINT, &action, &interrupt)
        sigaction(SIGTERM, &action, &terminate)
        return {
            sigaction(SIGINT, &interrupt, nil)
            sigaction(SIGTERM, &terminate, nil)
        }
    }
}
