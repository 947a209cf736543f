import ExpenseSupport

/// The team database's schema, as migrations: the same tables the SQLite migrations reach
/// (`PostgresSchema`; a test holds the two in step), begun at the schema SQLite has today. A change
/// to the schema is a migration here and one in `Schema`.
public enum PostgresMigrations {
    public static var migrator: Migrator {
        var migrator = Migrator()
        migrator.register("2026-12-05-pg-v1-team-schema") { try $0.execute(SQL(verbatim: PostgresSchema.createTables)) }
        migrator.register("2026-12-06-pg-v2-totals-held-to-bigint") { try $0.execute(SQL(verbatim: PostgresSchema.countFunction)) }
        migrator.register("2026-12-07-pg-v3-receipt-uploads") { try $0.execute(SQL(verbatim: PostgresSchema.receiptUploads)) }
        migrator.register("2026-12-08-pg-v4-trip-allowances") { try $0.execute(SQL(verbatim: PostgresSchema.tripAllowances)) }
        migrator.register("2026-12-09-pg-v5-mileage-nights-advances") {
            try $0.execute(SQL(verbatim: PostgresSchema.mileageNightsAdvances))
        }
        migrator.register("2026-12-10-pg-v6-mail-receipts") { try $0.execute(SQL(verbatim: PostgresSchema.mailReceipts)) }
        migrator.register("2026-12-11-pg-v7-receipt-matching") { try $0.execute(SQL(verbatim: PostgresSchema.receiptMatching)) }
        migrator.register("2026-12-12-pg-v8-owed-not-negative") { try $0.execute(SQL(verbatim: PostgresSchema.noNegativeAllowances)) }
        migrator.register("2026-12-13-pg-v9-manual-rate-tolerance") { try $0.execute(SQL(verbatim: PostgresSchema.manualRateTolerance)) }
        migrator.register("2026-12-14-pg-v10-shared-table-audit") { try $0.execute(SQL(verbatim: PostgresSchema.sharedTableAudit)) }
        migrator.register("2026-12-15-pg-v11-upload-limits") { try $0.execute(SQL(verbatim: PostgresSchema.uploadLimits)) }
        migrator.register("2026-12-16-pg-v12-chain-at-commit") { try $0.execute(SQL(verbatim: PostgresSchema.chainAtCommit)) }
        migrator.register("2026-12-17-pg-v13-item-vat") { try $0.execute(SQL(verbatim: PostgresSchema.itemVAT)) }
        migrator.register("2026-12-18-pg-v14-payments") { try $0.execute(SQL(verbatim: PostgresSchema.payments)) }
        migrator.register("2026-12-19-pg-v15-booking") { try $0.execute(SQL(verbatim: PostgresSchema.booking)) }
        migrator.register("2026-12-20-pg-v16-copy-markers") { try $0.execute(SQL(verbatim: PostgresSchema.copyMarkers)) }
        migrator.register("2026-12-21-pg-v17-people-and-cost-centres") {
            try $0.execute(SQL(verbatim: PostgresSchema.peopleAndCostCentres))
        }
        migrator.register("2026-12-22-pg-v18-approval-route") { try $0.execute(SQL(verbatim: PostgresSchema.approvalRoute)) }
        migrator.register("2026-12-23-pg-v19-server-clock") { try $0.execute(SQL(verbatim: PostgresSchema.serverClock)) }
        migrator.register("2026-12-24-pg-v20-expense-cuts") { try $0.execute(SQL(verbatim: PostgresSchema.expenseCuts)) }
        migrator.register("2026-12-25-pg-v21-per-diems-abroad") { try $0.execute(SQL(verbatim: PostgresSchema.perDiemsAbroad)) }
        migrator.register("2026-12-26-pg-v22-bmf-rates-2024-2026") { try $0.execute(SQL(verbatim: Schema.bmfRates2024To2026)) }
        migrator.register("2026-12-27-pg-v23-matching-index") {
            try $0.execute(SQL(verbatim: PostgresSchema.matchingIndexWithoutKeyedRows))
        }
        return migrator
    }

    /// Refuses a team database this version cannot use as it is: one without the schema, one a
    /// newer version migrated, one that lacks a migration. Only `setUp`, run by the database's
    /// owner, changes the schema: a traveller's newer client never migrates the team's data.
    static func requireSetUp(_ db: PostgresDatabase) throws {
        let migrator = migrator
        guard let applied = try migrator.appliedIDs(db) else {
            throw ExpenseError(
                .unavailable, "the database \(db.path) has no expenses schema yet",
                hint: "its owner runs 'expenses setup --db URI' once, then grants roles to the team")
        }
        try migrator.refuseNewer(applied, db)
        guard migrator.migrations.allSatisfy({ applied.contains($0.id) }) else {
            throw ExpenseError(
                .unavailable, "the database \(db.path) has an older expenses schema than this version uses",
                hint: "its owner runs 'expenses setup --db URI' with this version to update it")
        }
    }

    /// Creates or updates the schema and the team's roles, grants and policies; idempotent.
    /// - Returns: how many migrations it applied.
    static func setUp(_ db: PostgresDatabase, now: String) throws -> Int {
        let applied = try migrator.migrate(db, now: now)
        try db.inTransaction { try db.execute(SQL(verbatim: PostgresSchema.setupRoles)) }
        return applied
    }
}
