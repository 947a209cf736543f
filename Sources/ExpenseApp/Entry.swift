import ExpenseCore

/// Starts the app from the process's arguments: one-shot command, or help.
public enum Entry {
    public static func main(_ arguments: [String], environment: Environment = Environment()) -> ExitStatus {
        let runner = Runner()
        let parsed: ParsedLine
        do {
            parsed = try runner.parser.parse(arguments)
        } catch {
            return runner.report(error)
        }
        var globals: [String: String] = [:]
        if case .command(_, let given) = parsed { globals = given }
        let session = Session(environment: environment, databaseOverride: globals["db"],
                              format: globals["format"].flatMap(OutputFormat.init) ?? .table, user: globals["user"])
        do {
            return try runner.execute(parsed, in: session)
        } catch {
            return runner.report(error)
        }
    }
}
