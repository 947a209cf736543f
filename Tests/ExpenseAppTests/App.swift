import ExpenseTestSupport

/// The runner of the suites this bundle shares with EndToEndTests (`Tests/AppSuites`): the app
/// run in this process, as the binary runs it.
typealias App = InProcessApp
