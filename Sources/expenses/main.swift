import ExpenseApp
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

// The entry point stays thin: the command language, the runner, scripts and the REPL loop live in
// ExpenseApp; only the terminal's line editor (libedit) and Ctrl-C handling are here.
// The arguments as bytes: Entry refuses one that is not UTF-8 rather than have it changed.
let status = Entry.main(argc: CommandLine.argc, argv: CommandLine.unsafeArgv) { historyPath, completer in
    Interrupts.install()
    return EditLineReader(historyPath: historyPath, completer: completer)
}
exit(status.rawValue)
