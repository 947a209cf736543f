import ExpenseCore
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// One person logged in to `serve`: who they are, their own open store (on a team database a
/// connection as their role, so row security decides what they see), and the CSRF token every
/// form they are shown carries. Their requests take turns on the store (`withStore`).
final class WebSession: @unchecked Sendable {
    /// Where the database is and the environment `serve` runs in: what the person's command-line
    /// session (`withSession`) is made of.
    struct Origin: @unchecked Sendable {
        let location: DatabaseLocation
        let environment: Environment
    }

    let token: String
    let person: UserName
    let csrf: String
    private let store: Store
    private let origin: Origin?
    private var session: Session?
    private let mutex = Mutex()
    /// When it ends unless a request comes; under a lock of its own, since `mutex` is held for a
    /// whole request (OCR included) and looking a session up must not wait for that.
    var expires: Double { expiry.locked { until } }
    private var until: Double
    private let expiry = Mutex()

    init(token: String, person: UserName, store: Store, origin: Origin?, expires: Double) {
        self.token = token
        self.person = person
        self.store = store
        self.origin = origin
        self.csrf = RandomToken.make()
        self.until = expires
    }

    /// Runs `body` with the person's store, one request at a time.
    func withStore<T>(_ body: (Store) throws -> T) rethrows -> T {
        try mutex.locked { try body(store) }
    }

    /// Runs `body` with the person's command-line session around their store, made on first use:
    /// the settings, the quick-action catalog and the receipts' storage come from it as they do
    /// for a command, so an upload is captured as `receipt capture` captures it.
    func withSession<T>(_ body: (Session) throws -> T) throws -> T {
        try mutex.locked {
            if let session { return try body(session) }
            guard let origin else { throw ExpenseError(.internal, "a web session without its database's origin") }
            let made = try Session(environment: origin.environment, databaseOverride: origin.location.portable)
            try made.adopt(store)
            session = made
            return try body(made)
        }
    }

    func touch(until time: Double) { expiry.locked { until = time } }
}

/// The logged-in sessions by their cookie's token. A session unused for `lifetime` seconds is
/// ended; ending one drops its store, which closes the person's connection.
final class WebSessions: @unchecked Sendable {
    let lifetime: Double
    private var sessions: [String: WebSession] = [:]
    private let mutex = Mutex()
    private let clock: @Sendable () -> Double

    init(lifetime: Double = 8 * 3600, clock: @escaping @Sendable () -> Double = { WebClock.now() }) {
        self.lifetime = lifetime
        self.clock = clock
    }

    /// A new session; the expired ones no request came back for are ended now, their
    /// connections closed, so that abandoned sessions do not hold the server's connections.
    func open(person: UserName, store: Store, origin: WebSession.Origin? = nil) -> WebSession {
        let now = clock()
        let session = WebSession(token: RandomToken.make(), person: person, store: store, origin: origin, expires: now + lifetime)
        mutex.locked {
            sessions = sessions.filter { $0.value.expires > now }
            sessions[session.token] = session
        }
        return session
    }

    /// The session of `token`, still alive (its expiry pushed on), or nil.
    func session(_ token: String?) -> WebSession? {
        guard let token else { return nil }
        let now = clock()
        return mutex.locked {
            guard let session = sessions[token] else { return nil }
            guard session.expires > now else {
                sessions[token] = nil
                return nil
            }
            session.touch(until: now + lifetime)
            return session
        }
    }

    func end(_ token: String) { mutex.locked { sessions[token] = nil } }

    var count: Int { mutex.locked { sessions.count } }
}

/// Log-in attempts that failed, counted per client address and per name over a window: past
/// `limit` either way, log-in is refused (429) until the window has passed, so a password is
/// not guessed from one address nor a name's guessed from many.
final class LoginAttempts: @unchecked Sendable {
    let limit: Int
    let window: Double
    private var failures: [String: [Double]] = [:]
    private let mutex = Mutex()
    private let clock: @Sendable () -> Double

    init(limit: Int = 5, window: Double = 300, clock: @escaping @Sendable () -> Double = { WebClock.now() }) {
        self.limit = limit
        self.window = window
        self.clock = clock
    }

    /// Seconds until `address` and `name` may try again; nil when they may now.
    func retryAfter(address: String, name: String) -> Int? {
        let now = clock()
        return mutex.locked {
            let waits = ["address " + address, "name " + name].compactMap { key -> Double? in
                let recent = (failures[key] ?? []).filter { $0 > now - window }
                failures[key] = recent
                guard recent.count >= limit, let oldest = recent.first else { return nil }
                return oldest + window - now
            }
            return waits.max().map { max(1, Int($0.rounded(.up))) }
        }
    }

    func failed(address: String, name: String) {
        let now = clock()
        mutex.locked {
            failures["address " + address, default: []].append(now)
            failures["name " + name, default: []].append(now)
        }
    }
}

/// Random tokens for cookies, CSRF and the one-time log-in link: 128 bits from the system's
/// generator (getrandom), hex.
enum RandomToken {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// Compares in time that does not depend on where they differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Seconds on the monotonic clock: expiry and attempt windows do not jump with the wall clock.
enum WebClock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// pthread's mutex (recursive: a session's store may be asked for within its own request).
final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(&mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }
    deinit { pthread_mutex_destroy(&mutex) }
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
