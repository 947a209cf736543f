import ExpenseCore
import ExpenseSupport

extension Schema {
    /// The audit log becomes a hash chain (`AuditChain`): a `hash` column, computed here for the
    /// entries already there, in id order; `report_events_head`, the last entry the app wrote and
    /// its hash; an insert trigger that refuses an entry without a hash; and every protective
    /// trigger of these tables (re)created as the app had them then (the app re-creates any that is
    /// not today's text when it opens a database, `restoreProtectiveTriggers`). The existing
    /// entries are vouched for as they are found: the chain cannot tell what was done to them before.
    ///
    /// Swift code, not SQL: each entry's hash is `chainedHashAsShipped`, a copy of
    /// `AuditChain.hash` as this migration shipped (version 1 of the chain), and the entries are
    /// read from the columns as they were then, so that a later version of the chain does not
    /// change what this migration writes (a new version is a migration of its own). Its hash in
    /// `ShippedMigrations` sees its SQL; what it cannot see is that copy and the hashes it computes
    /// for a log's entries, none on a new database.
    static func chainAuditLog(_ db: Database) throws {
        try db.execute(SQL(verbatim: "ALTER TABLE report_events ADD COLUMN hash TEXT"))
        // The append-only trigger refuses the UPDATE that fills the column: it is re-created below.
        try db.execute(SQL(verbatim: "DROP TRIGGER IF EXISTS report_events_append_only_update"))
        let entries = try db.query(
            SQL(verbatim: "SELECT id, report_id, at, actor, action, from_status, to_status, reason, hash FROM report_events ORDER BY id")
        ) { row in
            (
                id: row.int64("id"),
                fields: [
                    String(row.int64("id")), String(row.int64("report_id")), row.string("at"), row.string("actor"),
                    row.string("action"), row.string("from_status"), row.string("to_status"), row.string("reason"),
                ]
            )
        }
        var previous = String(repeating: "0", count: 64)
        for entry in entries {
            previous = chainedHashAsShipped(entry.fields, after: previous)
            try db.execute("UPDATE report_events SET hash = \(previous) WHERE id = \(entry.id)" as SQL)
        }
        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE report_events_head (
                        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                        last_id INTEGER NOT NULL,
                        last_hash TEXT NOT NULL
                    )
                    """))
        try db.execute(
            "INSERT INTO report_events_head (singleton, last_id, last_hash) VALUES (1, \(entries.last?.id ?? 0), \(previous))" as SQL)
        // The triggers of this migration's tables only: a later one's (`tripTriggers`) are made with their tables.
        let triggers = [
            (
                "report_events_append_only_update",
                """
                CREATE TRIGGER report_events_append_only_update BEFORE UPDATE ON report_events
                BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END
                """
            ),
            (
                "report_events_append_only_delete",
                """
                CREATE TRIGGER report_events_append_only_delete BEFORE DELETE ON report_events
                BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END
                """
            ),
            (
                "report_events_hashed_insert",
                """
                CREATE TRIGGER report_events_hashed_insert BEFORE INSERT ON report_events
                WHEN NEW.hash IS NULL OR length(NEW.hash) <> 64 OR NEW.hash GLOB '*[^0-9a-f]*'
                BEGIN SELECT RAISE(ABORT, 'an audit log entry needs its hash: only expenses writes the log'); END
                """
            ),
            (
                "reports_status_change",
                """
                CREATE TRIGGER reports_status_change BEFORE UPDATE OF status ON reports WHEN NEW.status IS NOT OLD.status
                BEGIN
                    SELECT RAISE(ABORT, 'illegal report transition')
                    WHERE (OLD.status, NEW.status) NOT IN (VALUES ('draft', 'submitted'), ('submitted', 'approved'), ('submitted', 'rejected'), ('submitted', 'draft'), ('approved', 'reimbursed'), ('rejected', 'draft'));
                    SELECT RAISE(ABORT, 'a report transition must be logged first')
                    WHERE NOT EXISTS (SELECT 1 FROM report_events
                                      WHERE id = (SELECT max(id) FROM report_events WHERE report_id = NEW.id)
                                        AND from_status = OLD.status AND to_status = NEW.status);
                END
                """
            ),
            (
                "expenses_frozen_insert",
                """
                CREATE TRIGGER expenses_frozen_insert BEFORE INSERT ON expenses
                WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
                BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
                """
            ),
            (
                "expenses_frozen_update",
                """
                CREATE TRIGGER expenses_frozen_update BEFORE UPDATE ON expenses
                WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
                  OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
                BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
                """
            ),
            (
                "expenses_frozen_delete",
                """
                CREATE TRIGGER expenses_frozen_delete BEFORE DELETE ON expenses
                WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
                BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
                """
            ),
            (
                "expense_receipts_frozen_insert",
                """
                CREATE TRIGGER expense_receipts_frozen_insert BEFORE INSERT ON expense_receipts
                WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
                BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
                """
            ),
            (
                "expense_receipts_frozen_delete",
                """
                CREATE TRIGGER expense_receipts_frozen_delete BEFORE DELETE ON expense_receipts
                WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
                BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
                """
            ),
        ]
        for (name, sql) in triggers {
            try db.execute(SQL(verbatim: "DROP TRIGGER IF EXISTS \(name)"))
            try db.execute(SQL(verbatim: sql))
        }
    }

    /// `AuditChain.hash` when this migration shipped: SHA-256 over "expenses audit log v1", the
    /// hash before and the entry's fields (id, report, time, actor, action, statuses, reason), each
    /// written as its length in bytes, a colon, its UTF-8 bytes and a newline.
    static func chainedHashAsShipped(_ fields: [String], after previous: String) -> String {
        var hasher = SHA256()
        for field in ["expenses audit log v1", previous] + fields {
            let bytes = Array(field.utf8)
            hasher.update(Array("\(bytes.count):".utf8))
            hasher.update(bytes)
            hasher.update([0x0A])
        }
        return SHA256.hex(digest: hasher.finalize())
    }

    /// The chain's end: one row, the last entry the app wrote and its hash; made again by the store
    /// when it is missing (`chainAuditLog` made it first, with its own copy of this text).
    static let auditHeadTable = """
        CREATE TABLE report_events_head (
            singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
            last_id INTEGER NOT NULL,
            last_hash TEXT NOT NULL
        )
        """

    /// A trigger that holds a rule against any writer, the app's own SQL or another program's.
    struct Trigger {
        let name: String
        let sql: String
    }

    /// The triggers that guard the workflow's rules: the append-only, hash-chained audit log, legal
    /// and logged status changes, frozen items and their receipts, a trip's frozen stops, meals and
    /// per diems, frozen advances, items' VAT parts, reports' and items' cost centres. The app re-creates any of them that is missing or not this text
    /// whenever it opens a database (`restoreProtectiveTriggers`).
    static var protectiveTriggers: [Trigger] {
        auditAndItemTriggers + tripTriggers + advanceTriggers + itemVATTriggers + costCentreTriggers
    }

    /// The protective triggers on the tables the audit chain's migration knew (later tables' come
    /// with them).
    static var auditAndItemTriggers: [Trigger] {
        let legal = ReportStatus.allCases.flatMap { from in from.successors.map { "('\(from.rawValue)', '\($0.rawValue)')" } }
            .joined(separator: ", ")
        let frozen = "BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END"
        return [
            Trigger(
                name: "report_events_append_only_update",
                sql: """
                    CREATE TRIGGER report_events_append_only_update BEFORE UPDATE ON report_events
                    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END
                    """),
            Trigger(
                name: "report_events_append_only_delete",
                sql: """
                    CREATE TRIGGER report_events_append_only_delete BEFORE DELETE ON report_events
                    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END
                    """),
            Trigger(
                name: "report_events_hashed_insert",
                sql: """
                    CREATE TRIGGER report_events_hashed_insert BEFORE INSERT ON report_events
                    WHEN NEW.hash IS NULL OR length(NEW.hash) <> 64 OR NEW.hash GLOB '*[^0-9a-f]*'
                    BEGIN SELECT RAISE(ABORT, 'an audit log entry needs its hash: only expenses writes the log'); END
                    """),
            Trigger(
                name: "reports_status_change",
                sql: """
                    CREATE TRIGGER reports_status_change BEFORE UPDATE OF status ON reports WHEN NEW.status IS NOT OLD.status
                    BEGIN
                        SELECT RAISE(ABORT, 'illegal report transition')
                        WHERE (OLD.status, NEW.status) NOT IN (VALUES \(legal));
                        SELECT RAISE(ABORT, 'a report transition must be logged first')
                        WHERE NOT EXISTS (SELECT 1 FROM report_events
                                          WHERE id = (SELECT max(id) FROM report_events WHERE report_id = NEW.id)
                                            AND from_status = OLD.status AND to_status = NEW.status);
                    END
                    """),
            Trigger(
                name: "expenses_frozen_insert",
                sql: """
                    CREATE TRIGGER expenses_frozen_insert BEFORE INSERT ON expenses
                    WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
                    \(frozen)
                    """),
            Trigger(
                name: "expenses_frozen_update",
                sql: """
                    CREATE TRIGGER expenses_frozen_update BEFORE UPDATE ON expenses
                    WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
                      OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
                    \(frozen)
                    """),
            Trigger(
                name: "expenses_frozen_delete",
                sql: """
                    CREATE TRIGGER expenses_frozen_delete BEFORE DELETE ON expenses
                    WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
                    \(frozen)
                    """),
            Trigger(
                name: "expense_receipts_frozen_insert",
                sql: """
                    CREATE TRIGGER expense_receipts_frozen_insert BEFORE INSERT ON expense_receipts
                    WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
                    \(frozen)
                    """),
            Trigger(
                name: "expense_receipts_frozen_delete",
                sql: """
                    CREATE TRIGGER expense_receipts_frozen_delete BEFORE DELETE ON expense_receipts
                    WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
                    \(frozen)
                    """),
        ]
    }

    /// The protective triggers that are missing, or whose text is not the app's (compared with
    /// runs of white space made one space).
    static func damagedTriggers(_ db: Database) throws -> [String] {
        var stored: [String: String] = [:]
        try db.forEachRow(SQL(verbatim: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")) {
            stored[$0.string(0)] = $0.string(1)
        }
        return protectiveTriggers.filter { trigger in
            stored[trigger.name].map(SQL.collapsingWhitespace) != SQL.collapsingWhitespace(trigger.sql)
        }.map(\.name)
    }

    /// Re-creates the protective triggers that are missing or altered, in one transaction, and
    /// returns their names (none when all are in place). Only for a database migrated this far.
    static func restoreProtectiveTriggers(_ db: Database) throws -> [String] {
        guard try !damagedTriggers(db).isEmpty else { return [] }
        return try db.inTransaction(.immediate) {
            // Read again under the write lock: another process may have just restored them.
            let damaged = try damagedTriggers(db)
            let byName = Dictionary(uniqueKeysWithValues: protectiveTriggers.map { ($0.name, $0) })
            for name in damaged {
                guard let trigger = byName[name] else { continue }
                try db.execute(SQL(verbatim: "DROP TRIGGER IF EXISTS \(trigger.name)"))
                try db.execute(SQL(verbatim: trigger.sql))
            }
            return damaged
        }
    }
}
