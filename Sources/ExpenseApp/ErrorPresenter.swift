import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// The one place that words errors for a person: a coded `ExpenseError` (or catalog diagnostic)
/// becomes its message and hint here, so the names of commands and options live in the app only.
/// Errors without a code keep the message and hint they were thrown with.
public enum ErrorPresenter {
    /// The error's message as printed.
    public static func message(_ error: ExpenseError) -> String {
        switch error.code {
        case .rateForSameCurrency(let rate, let currency):
            return "--rate \(rate) given, but the expense is already in \(currency)"
        default:
            return error.message
        }
    }

    /// The error's hint as printed, if it has one.
    public static func hint(_ error: ExpenseError) -> String? {
        error.code.flatMap(hint(for:)) ?? error.hint
    }

    /// A catalog diagnostic's hint as printed, if it has one.
    public static func hint(_ diagnostic: CatalogDiagnostic) -> String? {
        diagnostic.code.flatMap(hint(for:)) ?? diagnostic.hint
    }

    /// `PREFIX[LOCATION: ]MESSAGE` and, when there is one, a `hint: HINT` line.
    /// - Parameter asTyped: the hint with its commands as typed where it is read (at the REPL's
    ///   prompt without `expenses`).
    public static func lines(_ error: ExpenseError, prefix: String, asTyped: (String) -> String = { $0 }) -> String {
        let place = error.location.map { "\($0): " } ?? ""
        return "\(prefix)\(place)\(message(error))\n" + (hint(error).map { "hint: \(asTyped($0))\n" } ?? "")
    }

    /// What an import says after a row that has no exchange rate.
    public static let missingRateNote = "load rates with '\(ratesImport)'"
    /// The command that loads the ECB's rates.
    static let ratesImport = "expenses rates import eurofxref-hist.csv"

    /// The line after the first invalid rows of an import: how many more, and where to see them.
    static func moreInvalidRows(_ count: Int, rejects: String?) -> String {
        let more = "and \(ImportSummary.number(count)) more invalid row\(count == 1 ? "" : "s")"
        guard let rejects else { return more + " (see every one with --dry-run, or with --skip-invalid --rejects FILE)" }
        return more + " (see --rejects \(rejects))"
    }

    /// The advice for `code`, naming the command or option that helps; nil when there is none.
    public static func hint(for code: ExpenseError.Code) -> String? {
        switch code {
        case .reportDatesReversed:
            return "--to must be on or after --from"
        case .reportNotEditable(let id, let status):
            switch status {
            case "submitted": return "recall it first: expenses report recall \(id)"
            case "rejected": return "reopen it first (back to draft): expenses report reopen \(id)"
            default: return nil
            }
        case .notReportOwner(let user):
            return "you are \(user) (--user or EXPENSES_USER)"
        case .ownerCannotAct:
            return "run it as the approver: --user NAME or EXPENSES_USER"
        case .invalidUserName:
            return "give a name of visible characters with --user NAME or EXPENSES_USER (case and spaces around it do not count)"
        case .rateForSameCurrency:
            return "leave --rate out for an expense in the report's currency"
        case .noExchangeRate(let from, let to, _):
            return "give --rate R, where 1 \(from) = R \(to), or load the ECB's reference rates: "
                + "expenses rates import eurofxref-hist.csv"
        case .noAllowanceRate(let country, _):
            return "add \(country)'s rates: expenses allowance rates import FILE (a CSV of country,valid_from,full_day,partial_day,"
                + "currency); 'expenses allowance rates list' shows the table"
        case .noLodgingFlat(let country, let day):
            return "pay the night of \(day) by its bill (expenses report nights ID --date \(day) --no-flat), or add \(country)'s "
                + "lodging flat: expenses allowance rates import FILE (with a lodging column)"
        case .noExchangeRateForPerDiems:
            return "load the ECB's reference rates: expenses rates import eurofxref-hist.csv"
        case .unknownAllowanceCountry(let code, let suggestion):
            guard (try? CountryCode.parse(code))?.isCountry != true else { return hint(for: .noAllowanceRate(country: code, on: "")) }
            return (suggestion.map { "did you mean '\($0)'? " } ?? "")
                + "'expenses allowance rates list' shows its countries; 'expenses allowance rates import FILE' adds one"
        case .staleExchangeRate(let from, let to, _, _):
            return "load newer rates (expenses rates import eurofxref-hist.csv) or give --rate R, where 1 \(from) = R \(to); "
                + "'expenses config set rates.max-age-days N' allows older ones"
        case .unknownCurrency(_, let suggestion):
            return suggestion.map { "did you mean '\($0)'? See 'expenses currency list'." }
                ?? "see 'expenses currency list' for the ISO 4217 codes"
        case .unknownCategory(_, let suggestion):
            return suggestion.map { "did you mean '\($0)'? See 'expenses category list'." } ?? "see 'expenses category list'"
        case .unknownCostCentre(_, let suggestion):
            return (suggestion.map { "did you mean '\($0)'? " } ?? "")
                + "see 'expenses cost-centre list'; finance adds one with 'expenses cost-centre add CODE --name TEXT --owner NAME'"
        case .unknownReport:
            return "see 'expenses report list'"
        case .unknownExpense:
            return "see 'expenses expense list'"
        case .unknownReceipt:
            return "see 'expenses receipt list'"
        case .unknownImportBatch:
            return "see 'expenses import list'"
        case .unknownAdvance:
            return "see the report's advances with 'expenses report show ID'"
        case .itemNotInReport(_, let report):
            return "'expenses report show \(report)' lists its items"
        case .noMileageRate(let vehicle, let day):
            return "set one from that day or earlier: expenses allowance mileage set \(vehicle) RATE --from \(day)"
        case .amountIsComputed:
            return "a mileage item's amount is its distance times the rate per km (see 'expenses allowance mileage'): "
                + "leave --amount out"
        case .notAnSQLiteDatabase, .notAnExpensesDatabase:
            return "check --db or EXPENSES_DB"
        case .noDatabaseDirectory:
            return "create it first, or choose another --db"
        case .noReceiptVault:
            return "use --db with a file path"
        case .receiptFileMissing:
            return "'expenses receipt verify' checks every receipt"
        case .auditLogAltered:
            return "restore the database from a backup; 'expenses db check' checks the whole file"
        case .badStoredValue:
            return "it was written outside expenses: 'expenses db check' lists every such row; "
                + "restore the database from a backup or correct those rows"
        case .outputExists:
            return "give --force to replace it"
        case .unknownRulesDirective(let suggestion):
            return suggestion.map { "did you mean '\($0)'?" } ?? "the directives are in 'expenses help rules'"
        case .invalidImportRows(let count):
            return "fix \(count == 1 ? "it" : "them") and import again, or import the valid rows "
                + "with --skip-invalid --rejects FILE and fix the rejected ones there"
        case .noRoomToAddShortcut:
            return
                "remove one (expenses shortcuts remove TYPE), use 'shortcuts push' to evict the lowest-ranked, or raise shortcuts.max-total"
        case .noRoomToPushShortcut:
            return "raise the cap: expenses config set shortcuts.max-total N"
        case .tooManyDynamicShortcuts:
            return "give fewer, or raise the cap: expenses config set shortcuts.max-total N"
        case .noRoomToEnableShortcut:
            return "remove one first (expenses shortcuts remove TYPE)"
        case .staticShortcut:
            return "edit the catalog (or load another with --catalog FILE); a dynamic quick action needs a type of its own"
        case .shortcutDisabled(let type):
            return "enable it first: expenses shortcuts enable \(type)"
        case .unknownDynamicShortcut(_, let suggestion):
            return suggestion.map { "did you mean \($0)?" } ?? "see 'expenses shortcuts list --all'"
        case .launchDisabled(let type, let isStatic):
            return isStatic ? nil : "'expenses shortcuts enable \(type)' turns it back on"
        case .foreignAppID:
            return "set the app id its catalog was written for: expenses config set app-id ID"
        case .launchRunning:
            return "wait for it to finish; 'expenses shortcuts inbox' shows when it is done"
        case .launchQueued:
            return "run it now with: expenses shortcuts inbox --deliver"
        case .launchDone(let type):
            return "launch the quick action again: expenses --shortcut \(type)"
        case .catalogTooManyItems:
            return "remove some, or raise the cap: expenses config set shortcuts.max-total N"
        case .unknownIconType(let suggestion):
            return suggestion.map { "did you mean '\($0)'? 'expenses shortcuts icons' lists the 29 names" }
                ?? "'expenses shortcuts icons' lists the 29 UIApplicationShortcutIconType names"
        case .undefinedVariable(let name):
            return "define it: expenses config set var.\(name) VALUE"
        }
    }
}
