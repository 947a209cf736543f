extension PostgresSchema {
    /// The server keeps the clock (issue 43, point 7): every time a member's write stamps on a row
    /// or an audit entry is the server's (`server_now`), never one the client sends, so that a
    /// member with psql cannot date her own changes as she likes.
    ///
    /// `server_clock` holds a time the server's clock is pinned to, for a test cluster: only its
    /// administrator writes it (`INSERT INTO server_clock (singleton, pinned_at) VALUES (1,
    /// '2026-03-10T09:00:00Z')`, `DELETE FROM server_clock` to let it run again); no member may read
    /// or write it, and no setting of a session moves it. Literal SQL: a shipped migration.
    static let serverClock = """
        CREATE TABLE server_clock (
            singleton bigint PRIMARY KEY NOT NULL CHECK (singleton = 1),
            pinned_at text NOT NULL CHECK (pinned_at ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$')
        );
        """

    /// The parameters of a member's write that carry the time of the write (`p_at`, and a
    /// receipt's `p_captured_at`): `ServerFunction` sets each to `server_now()` before the body
    /// runs, so that whatever the client sent is ignored (a `declare` does not read them: its
    /// initial values are computed before). Kept in the signatures, so that every client (also
    /// one older than the server's clock) still finds its functions.
    static let stampParameters = ["p_at", "p_captured_at"]

    /// `p_at := server_now();` for each of `write`'s stamp parameters, when a member may call it.
    /// The administrator's own writes (`log_event` and `copy_marker_add`, as `db copy` calls
    /// them) keep the times they are given: a laptop's history keeps its dates.
    static func serverStamps(_ write: some DeclaredServerWrite, callers: [String]) -> String {
        guard !callers.isEmpty else { return "" }
        return write.parameters.filter { stampParameters.contains($0.name) }.map { "\($0.name) := server_now();\n" }.joined()
    }

    /// The server's time and day, as the app writes them (`Environment.now`: UTC ISO 8601,
    /// `2026-03-02T09:15:00Z`; the day `2026-03-02`): the pinned time when the administrator set
    /// one (`server_clock`), else the server's clock.
    static var clockFunctions: [ServerFunction] {
        [
            ServerFunction(
                name: "server_now", parameters: "", returns: "text",
                body: """
                    RETURN coalesce((SELECT c.pinned_at FROM public.server_clock c WHERE c.singleton = 1),
                                    to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
                    """),
            today,
        ]
    }

    /// The server's day, which every member may read: the app asks it whether a delegation is in
    /// force (`Store.requireDecider`), as the server decides it, never by the client's clock.
    private static var today: ServerFunction {
        ServerFunction(ServerWrites.serverToday, body: "RETURN left(server_now(), 10);", callers: groupRoles)
    }
}
