import ExpenseCore

/// One function of the team server's write layer, declared once: its name, its parameters in
/// order with their names and Swift types, and what it returns. The PL/pgSQL signature (in
/// `CREATE FUNCTION`, `ALTER FUNCTION ... OWNER`, `REVOKE` and `GRANT`, `ServerFunction`) and the
/// Swift call are both made from it, so that the two cannot drift in arity, order or type: `call`
/// takes exactly the declared arguments, and the signature lists exactly those parameters.
///
/// The declarations are in `ServerWrites`; each function's body stays PL/pgSQL text in
/// `Migration/PostgresSchema+*Functions.swift`, made with its declaration.
struct ServerWrite<each Argument: ServerValue, Result: ServerResult>: DeclaredServerWrite {
    let name: String
    /// Each parameter's name (prefixed `p_`, so that it never meets a column's) and SQL type.
    let parameters: [(name: String, sqlType: String)]

    /// `name` with its parameters in order, each a name and the Swift type it takes.
    init(_ name: String, _ parameter: repeat (String, (each Argument).Type), returns: Result.Type) {
        var parameters: [(name: String, sqlType: String)] = []
        for (parameterName, type) in repeat each parameter { parameters.append((parameterName, type.sqlType)) }
        self.name = name
        self.parameters = parameters
    }

    var returns: String { Result.sqlType }

    /// Calls the function with exactly its declared arguments, in the caller's transaction. Each
    /// is cast to its parameter's type, as the signature declares it: a value bound as text (a
    /// `Bool`) or as nothing (a NULL) still finds the function, and an overload is told by its
    /// types as well as by its count. A text longer than its field's limit (`TextLimits`) is
    /// refused here, before the server, which refuses it too against any other client.
    @discardableResult
    func call(on db: Database, _ argument: repeat each Argument) throws -> Result {
        try Result.read(db, calling: invocation(repeat each argument))
    }

    /// The call as SQL: the function, schema-qualified, each argument cast to its parameter's type.
    private func invocation(_ argument: repeat each Argument) throws -> SQL {
        var values: [DatabaseValue] = []
        for value in repeat each argument { values.append(value.argument) }
        for (parameter, value) in zip(parameters, values) {
            if case .text(let text) = value, parameter.sqlType == "text" {
                try TextLimits.check(text, field: String(parameter.name.dropFirst(2)))
            }
        }
        let placeholders = parameters.map { "?::\($0.sqlType)" }.joined(separator: ", ")
        return SQL(verbatim: "\(PostgresSchema.functionSchema).\(name)(\(placeholders))", arguments: values)
    }
}

extension ServerWrite where Result == Int64 {
    /// Sends the call and returns at once (`PostgresDatabase.send`): the caller works on while the
    /// server runs it, and `PostgresDatabase.receiveScalar` then waits for what it returned.
    func send(on db: PostgresDatabase, _ argument: repeat each Argument) throws {
        try db.send("SELECT \(try invocation(repeat each argument))" as SQL)
    }
}

/// A server write whatever its types: what its signature and the list of every write need.
protocol DeclaredServerWrite: Sendable {
    var name: String { get }
    var parameters: [(name: String, sqlType: String)] { get }
    /// The function's `RETURNS` type.
    var returns: String { get }
}

extension DeclaredServerWrite {
    /// `p_report bigint, p_at text`, as the signature lists them.
    var parameterList: String { parameters.map { "\($0.name) \($0.sqlType)" }.joined(separator: ", ") }
}
