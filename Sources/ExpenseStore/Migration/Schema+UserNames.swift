import ExpenseSupport
// NFC and full case folding, as `UserName` reads them: the standard library's own tables.
@_spi(_Unicode) import Swift

extension Schema {
    /// Names are stored normalised (`UserName`) since this version: owners of reports and actors of
    /// acknowledged warnings written before are normalised here, so that `Alice` and `alice`, or
    /// `alice` with a zero-width space, are one owner for every query (`report summary`).
    ///
    /// The audit log is left as it was written: it is the record of what happened, and rewriting it
    /// would be the very thing it guards against. Its actors are compared normalised when read.
    ///
    /// Swift code, not SQL: it normalises with `normalisedAsShipped`, a copy of
    /// `UserName(normalizing:)` as this migration shipped, so that a later change to the rule does
    /// not change what it does to a database that runs it late (a rule changed later is a
    /// migration of its own). Its hash in `ShippedMigrations` sees its SQL only; what it cannot
    /// see is this copy, and the Unicode tables (NFC, case folding, general categories) of the
    /// standard library it is built with.
    static func normaliseUserNames(_ db: Database) throws {
        for (tableName, columnName) in [("reports", "owner"), ("policy_acknowledgements", "actor")] {
            // The store's own names, spliced; the user names bound.
            let (table, column) = (SQL(verbatim: tableName), SQL(verbatim: columnName))
            let names = try db.query("SELECT DISTINCT \(column) FROM \(table)" as SQL) { $0.string(0) }
            for name in names {
                let normalised = normalisedAsShipped(name)
                // A name of nothing but what is now refused stays as it was: better unreadable than lost.
                guard normalised != name, !normalised.isEmpty else { continue }
                try db.execute("UPDATE \(table) SET \(column) = \(normalised) WHERE \(column) = \(name)" as SQL)
            }
        }
    }

    /// `UserName(normalizing:)` when this migration shipped: what a name would be refused for is
    /// left out (control, format, private-use, unassigned and surrogate code points, line and
    /// paragraph separators, default-ignorable ones); then NFC, full case folding, NFC again; then
    /// spaces trimmed at both ends and each run inside made one U+0020.
    static func normalisedAsShipped(_ stored: String) -> String {
        let kept = stored.unicodeScalars.filter { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .format, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator:
                return false
            default:
                return !properties.isDefaultIgnorableCodePoint
            }
        }
        let composed = String(decoding: String(String.UnicodeScalarView(kept))._nfcCodeUnits, as: UTF8.self)
        var folded = ""
        for scalar in composed.unicodeScalars { folded += scalar.properties._caseFolded }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in String(decoding: folded._nfcCodeUnits, as: UTF8.self).unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }
}
