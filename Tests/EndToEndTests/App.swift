/// The runner of the suites this bundle shares with ExpenseAppTests (`Tests/AppSuites`): the
/// built binary, run as a process.
typealias App = ExpensesProcess
