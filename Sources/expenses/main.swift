#if canImport(Glibc)
import Glibc
#endif
import ExpenseApp

// The entry point stays thin: the command language, its runner and the sessions live in ExpenseApp.
exit(Entry.main(Array(CommandLine.arguments.dropFirst())).rawValue)
