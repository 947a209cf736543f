/// What `journal` writes: DATEV's EXTF Buchungsstapel, an hledger journal, a beancount ledger, or
/// CSV with a posting a line.
enum JournalFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    case datev, hledger, beancount, csv

    static var valueName: String { "format" }
}
