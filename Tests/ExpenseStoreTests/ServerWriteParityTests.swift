import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport
import Foundation
import XCTest

@testable import ExpenseStore

/// Every declared server write (`ServerWrites.all`) is exercised here through the store's public
/// API, the same operation on a file and on a team database, and then every table both engines
/// keep is compared row by row: what a write leaves behind is the same whichever engine took it.
/// On the server the test also sees that the operation called the write it stands for (the
/// server's own count of calls, `pg_stat_xact_user_functions`, grew), so an exercise cannot pass by
/// calling something else. A write that has no exercise and is not listed as not yet exercised
/// fails the test: a new write cannot be added untested.
final class ServerWriteParityTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .once(because: "it runs every write on a file and on a team server itself") }

    /// One clock for both, read as often as either likes: the engines' stamps are equal.
    private static let now = "2026-03-02T10:00:00Z"
    private static let person: UserName = "ana"

    /// What a write's exercise does on each engine; the same operation unless it says otherwise.
    private struct Exercise {
        let file: (Store) throws -> Void
        let server: (Store) throws -> Void

        init(_ both: @escaping (Store) throws -> Void) {
            file = both
            server = both
        }

        init(file: @escaping (Store) throws -> Void, server: @escaping (Store) throws -> Void) {
            self.file = file
            self.server = server
        }
    }

    /// The declared writes no exercise here runs, each with the reason and where else it is tried.
    private static let notYetExercised: [String: String] = [
        "log_event(7)": "the administrator's alone (no member may call it): TeamImport logs a file's history with it "
            + "(DatabaseCopyTests); every member's write that logs calls it inside the server, exercised here by them",
        "copy_marker_add(6)": "the administrator's alone (no member may call it): TeamImport marks what a copy of a file "
            + "brought with it, which a file has no table for (TeamCopyTests)",
        "finding_accept(4)": "a finding of the server's own at a submission, which a file does not make (report_findings): "
            + "PostgresReceiptPaidOnceAttackTests",
        "journal_export_record(5)": "needs approved and reimbursed reports, which take an approver and finance besides their "
            + "owner: PostgresBookingAttackTests records and refuses exports as each member, JournalTests runs it on both engines",
        "expense_cut(5)": "an approver's, on someone else's submitted report: CutLineTests runs it on both engines, "
            + "TeamCutLineTests attacks it with psql",
        "rate_change_window_set(1)": "a setting of the server's findings, which a file does not make: PostgresSharedRateAttackTests",
        "payee_set(5)": "the server logs a changed IBAN with its own clock, not the client's (payee_changes.at): "
            + "PostgresPaymentAttackTests, and PaymentTests on both engines",
        "company_set(3)": "finance's, and this exercise's person is a traveller: PostgresPaymentAttackTests, PaymentTests on both engines",
        "payment_run_new(3)": "finance's, paying someone else's approved report: PostgresPaymentAttackTests, PaymentTests on both engines",
        "payment_run_add(8)": "finance's, paying someone else's approved report: PostgresPaymentAttackTests, PaymentTests on both engines",
        "payment_run_seal(2)": "finance's, paying someone else's approved report: PostgresPaymentAttackTests, PaymentTests on both engines",
        "payment_run_confirm(2)":
            "finance's, paying someone else's approved report: PostgresPaymentAttackTests, PaymentTests on both engines",
        "payment_run_cancel(2)":
            "finance's, paying someone else's approved report: PostgresPaymentAttackTests, PaymentTests on both engines",
        "person_set(2)": "the server stamps changed_at with its own clock, not the client's: OrganisationStoreTests on both "
            + "engines, TeamOrganisationTests as each member with psql",
        "cost_centre_save(3)": "the server stamps changed_at with its own clock, not the client's: OrganisationStoreTests on both "
            + "engines, TeamOrganisationTests as each member with psql",
        "report_cost_centres_set(2)": "needs a cost centre, whose changed_at differs by engine (cost_centre_save): "
            + "OrganisationStoreTests on both engines, TeamOrganisationTests as each member with psql",
        "expense_cost_centres_set(2)": "needs a cost centre, whose changed_at differs by engine (cost_centre_save): "
            + "OrganisationStoreTests on both engines, TeamOrganisationTests as each member with psql",
        "delegation_add(4)": "the delegate is another member of the team, an approver, and this exercise has one person: "
            + "TeamApprovalRouteTests, and ApprovalRouteStoreTests on a file",
        "delegation_remove(1)": "needs a delegation, which needs a second member (delegation_add): TeamApprovalRouteTests, "
            + "and ApprovalRouteStoreTests on a file",
        "server_today(0)": "a read of the server's day, which a file has not: TeamApprovalRouteTests (a delegate's days), "
            + "ServerClockTests",
    ]

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    func testEveryServerWriteLeavesTheSameRowsAsAFile() throws {
        let exercises = try Self.exercises()
        let keys = ServerWrites.all.map(Self.key)
        XCTAssertEqual(Set(keys).count, keys.count, "a write is declared twice")
        let untested = keys.filter { exercises[$0] == nil && Self.notYetExercised[$0] == nil }
        XCTAssertEqual(untested, [], "declared writes without an exercise in ServerWriteParityTests")
        XCTAssertEqual(
            Set(exercises.keys).subtracting(keys), [], "exercises of writes that ServerWrites.all does not list")
        XCTAssertEqual(Set(Self.notYetExercised.keys).subtracting(keys), [], "not-yet-exercised writes that are not declared")

        let file = try Store(path: path(), now: { Self.now })
        let server = try ServerStore.open(as: Self.person.value, now: { Self.now })
        let tables = try comparedTables(file)
        var exercised = 0
        for key in keys {
            guard let exercise = exercises[key] else { continue }
            try file.write { try exercise.file(file) }
            let called = try server.write {
                let before = try calls(server)
                try exercise.server(server)
                return try calls(server).filter { $0.value > before[$0.key, default: 0] }.keys
            }
            XCTAssertTrue(called.contains(key), "\(key)'s exercise did not call it on the server; it called \(called.sorted())")
            for table in tables {
                XCTAssertEqual(try rows(table, file), try rows(table, server), "\(table.name) after \(key)")
            }
            exercised += 1
        }
        print(
            "ServerWriteParityTests: \(exercised) of \(keys.count) declared server writes exercised on both engines; "
                + "\(Self.notYetExercised.count) not yet: \(Self.notYetExercised.keys.sorted().joined(separator: ", "))")
        XCTAssertEqual(exercised + Self.notYetExercised.count, keys.count)
    }

    /// A write's key: its name and its number of parameters, which tells an overload apart.
    private static func key(_ write: any DeclaredServerWrite) -> String { "\(write.name)(\(write.parameters.count))" }

    /// How often this session called each function of the write layer, by key, as far as the
    /// server has not yet counted it in its statistics: within one transaction the counts only
    /// grow, so what grew while an exercise ran is what it called.
    private func calls(_ store: Store) throws -> [String: Int64] {
        Dictionary(
            try store.db.query(
                SQL(
                    verbatim: """
                        SELECT p.proname || '(' || p.pronargs || ')', s.calls FROM pg_stat_xact_user_functions s
                        JOIN pg_proc p ON p.oid = s.funcid WHERE s.schemaname = '\(PostgresSchema.functionSchema)'
                        """)
            ) { ($0.string(0), $0.int64(1)) },
            uniquingKeysWith: +)
    }

    /// Tables both engines have that are not compared: the migrator's own, and the audit chain's
    /// end, which no member may read on the server (its entries, `report_events`, are compared).
    private static let uncompared: Set<String> = ["schema_migrations", "report_events_head"]

    /// Every table both engines keep and its columns, without what differs by design
    /// (`PostgresSchema.differences`: the server's own tables, and its `owner` columns, which a
    /// file has none of).
    private func comparedTables(_ file: Store) throws -> [(name: String, columns: [String])] {
        try file.db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") {
            $0.string(0)
        }.filter { !Self.uncompared.contains($0) && PostgresSchema.differences[$0] == nil }.map { table in
            let columns = try file.db.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]) { $0.string(0) }
            return (table, columns.filter { PostgresSchema.differences["\(table).\($0)"] == nil })
        }
    }

    /// `table`'s rows as text, sorted.
    private func rows(_ table: (name: String, columns: [String]), _ store: Store) throws -> [String] {
        let list = table.columns.map { "CAST(\($0) AS text)" }.joined(separator: ", ")
        return try store.db.query(SQL(verbatim: "SELECT \(list) FROM \(table.name)")) { row in
            table.columns.indices.map { "\(table.columns[$0])=\(row.optionalString($0) ?? "NULL")" }.joined(separator: " ")
        }.sorted()
    }

    // MARK: - The exercises, by write

    private static func exercises() throws -> [String: Exercise] {
        let eur = try CurrencyTable.standard.require("EUR")
        let day = try CalendarDate.parse("2026-03-03")
        let money = { (minor: Int64) in Money(minorUnits: minor, currency: eur) }
        let same = { (amount: Money) in Expense.Conversion(rate: .one, source: .same, converted: amount) }
        func report(_ store: Store, _ title: String = "Walldorf") throws -> Report {
            try store.insertReport(
                Report(
                    id: 0, title: title, purpose: "Workshop", destination: "Walldorf", startDate: try CalendarDate.parse("2026-03-02"),
                    endDate: try CalendarDate.parse("2026-03-05"), currency: eur, owner: person.value, startTime: 8 * 60,
                    endTime: 18 * 60, country: try CountryCode.parse("DE")))
        }
        func item(_ reportID: Int64?, _ minor: Int64 = 1_250) -> Expense {
            var item = Expense(
                reportID: reportID, date: day, category: "meals", merchant: "Bahnhof Buffet", amount: money(minor), paidBy: .personal)
            if reportID != nil { item.conversion = same(item.amount) }
            return item
        }
        let bytes = Array("a receipt's bytes".utf8)
        let hash = SHA256.hex(bytes)
        func receipt(_ store: Store) throws -> Receipt {
            _ = try store.requireReceiptStorage().store(bytes, hash: hash)
            return try store.insertReceipt(
                Receipt(
                    sha256: hash, mediaType: .png, size: Int64(bytes.count), originalName: "cafe.png", source: .file,
                    capturedAt: now, takenAt: "2026-03-02T19:41:07", width: 640, height: 480,
                    ocr: ReceiptOCR(status: .skipped, note: "tesseract is not installed")))
        }
        func receiptOnItem(_ store: Store) throws -> (Receipt, Expense) {
            let found = try store.receipt(sha256: hash)
            let receipt = try found ?? receipt(store)
            let expense = try store.insertExpense(item(try report(store, "Receipts").id))
            return (receipt, expense)
        }
        func importRows(_ store: Store, report reportID: Int64?) throws -> Int64 {
            let batch = try store.beginImportBatch(file: "card.csv", rules: "card.rules", reportID: reportID)
            let writer = try store.importWriter(batch: batch, rowsPerStatement: 2)
            for line in 2...4 {
                try writer.append(item(reportID, Int64(line) * 100), line: line, fingerprint: .externalID("T-\(batch)-\(line)"))
            }
            let ids = try writer.insertedIDs()  // the last rows go in first: only then are the counts whole
            try store.finishImportBatch(batch, counts: ImportCounts(new: writer.newRows, duplicate: writer.duplicateRows), expenseIDs: ids)
            return batch
        }
        let claimant = Claimant(token: "token", pid: 4_242, host: "laptop", startTicks: 77)
        func launch(_ store: Store) throws -> LaunchRecord {
            try store.enqueueLaunch(LaunchRequest(type: "com.example.addExpense", arguments: ["--amount", "12"], catalog: nil))
        }
        let shortcut = DynamicShortcut(
            item: ShortcutItem(type: "com.example.openReport", title: "Walldorf", subtitle: "draft", icon: ShortcutIcon(type: .compose)),
            rank: 0)
        func beforeJourneys(_ expense: Expense) -> (
            Int64?, String, String, String, String, Int64, String, String?, String?, String?, Int64?, String
        ) {
            (
                expense.reportID, expense.date.description, expense.category, expense.merchant, expense.description,
                expense.amount.minorUnits, expense.amount.currency.code, expense.conversion?.rate.description,
                expense.conversion?.rateDate?.description, expense.conversion?.source.rawValue,
                expense.conversion?.converted.minorUnits, expense.paidBy.rawValue
            )
        }

        return [
            "report_new(7)": Exercise { _ = try report($0) },
            // A day trip to Paris over midnight, without a night away.
            "report_trip(7)": Exercise { store in
                _ = try store.insertReport(
                    Report(
                        id: 0, title: "Paris, over midnight", startDate: try CalendarDate.parse("2026-03-02"),
                        endDate: try CalendarDate.parse("2026-03-03"), currency: eur, owner: person.value, startTime: 17 * 60,
                        endTime: 3 * 60, country: try CountryCode.parse("FR"), place: "Paris", overnight: false))
            },
            // An older client sets the times and the country; the place stays.
            "report_trip(5)": Exercise(
                file: { store in
                    var made = try report(store, "Trip")
                    made.startTime = 9 * 60
                    try store.updateReport(made)
                },
                server: { store in
                    let made = try report(store, "Trip")
                    try ServerWrites.reportTripBeforePlaces.call(on: store.db, made.id, "09:00", "18:00", "DE", now)
                }),
            "report_edit(8)": Exercise { store in
                var edited = try report(store)
                edited.title = "Walldorf, two days"
                edited.endDate = try CalendarDate.parse("2026-03-04")
                try store.updateReport(edited)
            },
            "report_delete(3)": Exercise { store in
                let made = try report(store)
                _ = try store.insertExpense(item(made.id))
                _ = try store.deleteReport(made.id, deletingItems: false)
            },
            "report_step(5)": Exercise { store in
                let made = try report(store)
                _ = try store.insertExpense(item(made.id))
                _ = try store.apply(.submit, to: made.id, by: person)
            },
            "report_acknowledge(4)": Exercise { store in
                // A warning the report has: an item after the trip (the server accepts no other).
                let made = try report(store)
                var late = item(made.id)
                late.date = try CalendarDate.parse("2026-03-09")
                let id = try store.insertExpense(late).id
                try store.acknowledge("outside-trip:\(id)", of: made.id, by: person, reason: "the taxi home")
            },
            "report_stop(5)": Exercise { store in
                try store.setStop(
                    TripPlace(country: try CountryCode.parse("FR"), place: "Paris"), on: day, of: try report(store).id, by: person)
            },
            "report_stop(4)": Exercise(
                file: { store in
                    try store.setStop(TripPlace(country: try CountryCode.parse("FR")), on: day, of: try report(store).id, by: person)
                },
                server: { store in
                    try ServerWrites.reportStopBeforePlaces.call(on: store.db, try report(store).id, day.description, "FR", now)
                }),
            // Lunch provided, 5.00 of it paid by the traveller.
            "report_meals(9)": Exercise { store in
                try store.setMeals([.breakfast, .lunch], paid: MealsPaid(lunch: 500), on: day, of: try report(store).id, by: person)
            },
            "report_meals(6)": Exercise(
                file: { store in try store.setMeals([.breakfast, .dinner], on: day, of: try report(store).id, by: person) },
                server: { store in
                    try ServerWrites.reportMealsBeforePaid.call(on: store.db, try report(store).id, day.description, 1, 0, 1, now)
                }),
            "report_night(4)": Exercise { store in
                let made = try report(store)
                try store.setLodgingNight(true, on: day, of: made.id, by: person)
                try store.setLodgingNight(true, on: try CalendarDate.parse("2026-03-04"), of: made.id, by: person)
                try store.setLodgingNight(false, on: day, of: made.id, by: person)
            },
            "report_office(4)": Exercise { store in
                let made = try report(store)
                let at = { (text: String) in try LocalDateTime.parse(text) }
                try store.addOfficeTime(try OfficeTime(from: at("2026-03-03T09:00"), to: at("2026-03-03T12:00")), of: made.id, by: person)
                try store.addOfficeTime(try OfficeTime(from: at("2026-03-04T14:00"), to: at("2026-03-04T16:30")), of: made.id, by: person)
                try store.removeOfficeTime(startingAt: at("2026-03-03T09:00"), of: made.id, by: person)
            },
            "allowance_rate_save(6)": Exercise { store in
                _ = try store.saveAllowanceRates([
                    try AllowanceRate(
                        country: try CountryCode.parse("FR"), validFrom: try CalendarDate.parse("2026-01-01"), fullDay: money(5_300),
                        partialDay: money(3_500))
                ])
            },
            // A hotel bill split by rate: the room at 7 %, its breakfast at 19 % (issue 41).
            "expense_add(19)": Exercise { store in
                var lodging = item(try report(store).id, 12_500)
                lodging.category = "lodging"
                lodging.nights = 2
                lodging.vat = try VATSplit.parse("7:110.00,19:15.00", amount: lodging.amount)
                _ = try store.insertExpense(lodging)
            },
            "expense_edit(20)": Exercise { store in
                var changed = try store.insertExpense(item(try report(store).id))
                changed.merchant = "Speisewagen"
                changed.amount = money(1_900)
                changed.conversion = same(changed.amount)
                changed.vat = VATSplit(changed.amount, rate: try XCTUnwrap(VATRate(percent: "19")))
                try store.updateExpense(changed)
            },
            "expense_add(18)": Exercise(
                file: { store in
                    var lodging = item(try report(store).id, 24_000)
                    lodging.category = "lodging"
                    lodging.nights = 2
                    _ = try store.insertExpense(lodging)
                },
                server: { store in
                    let v = beforeJourneys(item(try report(store).id, 24_000))
                    try ServerWrites.expenseAddBeforeVAT.call(
                        on: store.db, v.0, v.1, "lodging", v.3, v.4, v.5, v.6, v.7, v.8, v.9, v.10, v.11, nil, nil, nil, nil, 2, now)
                }),
            // The item keeps its VAT through a client that knows none.
            "expense_edit(19)": Exercise(
                file: { store in
                    var changed = item(try report(store).id, 2_000)
                    changed.vat = VATSplit(changed.amount, rate: try XCTUnwrap(VATRate(percent: "7")))
                    changed = try store.insertExpense(changed)
                    changed.merchant = "Kiosk am Gleis"
                    try store.updateExpense(changed)
                },
                server: { store in
                    var changed = item(try report(store).id, 2_000)
                    changed.vat = VATSplit(changed.amount, rate: try XCTUnwrap(VATRate(percent: "7")))
                    changed = try store.insertExpense(changed)
                    changed.merchant = "Kiosk am Gleis"
                    let v = beforeJourneys(changed)
                    try ServerWrites.expenseEditBeforeVAT.call(
                        on: store.db, changed.id, v.0, v.1, v.2, v.3, v.4, v.5, v.6, v.7, v.8, v.9, v.10, v.11, nil, nil, nil, nil, nil,
                        now)
                }),
            "expense_add(13)": Exercise(
                file: { store in _ = try store.insertExpense(item(try report(store).id, 700)) },
                server: { store in
                    let added = item(try report(store).id, 700)
                    let v = beforeJourneys(added)
                    try ServerWrites.expenseAddBeforeJourneys.call(
                        on: store.db, v.0, v.1, v.2, v.3, v.4, v.5, v.6, v.7, v.8, v.9, v.10, v.11, now)
                }),
            "expense_edit(14)": Exercise(
                file: { store in
                    var changed = try store.insertExpense(item(try report(store).id, 800))
                    changed.merchant = "Kiosk"
                    try store.updateExpense(changed)
                },
                server: { store in
                    var changed = try store.insertExpense(item(try report(store).id, 800))
                    changed.merchant = "Kiosk"
                    let v = beforeJourneys(changed)
                    try ServerWrites.expenseEditBeforeJourneys.call(
                        on: store.db, changed.id, v.0, v.1, v.2, v.3, v.4, v.5, v.6, v.7, v.8, v.9, v.10, v.11, now)
                }),
            "vat_rate_set(4)": Exercise { store in
                _ = try store.setVATRate(
                    Store.VATRateRow(
                        country: try CountryCode.parse("FR"), validFrom: try CalendarDate.parse("2014-01-01"),
                        rate: try XCTUnwrap(VATRate(percent: "20"))))
            },
            "expense_delete(1)": Exercise { store in
                try store.deleteExpense(try store.insertExpense(item(try report(store).id)).id)
            },
            "advance_add(9)": Exercise { store in
                let cash = money(20_000)
                _ = try store.addAdvance(
                    Advance(reportID: try report(store).id, date: day, amount: cash, conversion: same(cash)), by: person)
            },
            "advance_remove(2)": Exercise { store in
                let cash = money(10_000)
                let advance = try store.addAdvance(
                    Advance(reportID: try report(store).id, date: day, amount: cash, conversion: same(cash)), by: person)
                _ = try store.removeAdvance(advance.id, by: person)
            },
            "receipt_chunk(3)": Exercise { store in
                _ = try store.requireReceiptStorage().store(Array("another receipt".utf8), hash: SHA256.hex(Array("another receipt".utf8)))
            },
            "receipt_content_finish(1)": Exercise { store in
                _ = try store.requireReceiptStorage().store(Array("a third receipt".utf8), hash: SHA256.hex(Array("a third receipt".utf8)))
            },
            // Nothing expired to remove: a file has no unfinished uploads, and both keep the same rows.
            "receipt_uploads_gc(0)": Exercise { try $0.requireReceiptStorage().removeExpiredUploads() },
            "receipt_new(17)": Exercise { _ = try receipt($0) },
            "receipt_ocr(9)": Exercise { store in
                let made = try store.receipt(sha256: hash) ?? receipt(store)
                try store.updateOCR(
                    ReceiptOCR(
                        status: .done, note: "tesseract", text: "TOTAL 12.50",
                        suggestion: ReceiptSuggestion(
                            merchant: "Cafe", date: day, amount: "12.50", currency: "EUR", category: "meals")),
                    of: made.id)
            },
            "receipt_attach(4)": Exercise { store in
                let (receipt, expense) = try receiptOnItem(store)
                _ = try store.attach(receipt: receipt.id, to: expense.id, by: person, how: "matched")
            },
            "receipt_detach(3)": Exercise { store in
                let (receipt, expense) = try receiptOnItem(store)
                _ = try store.attach(receipt: receipt.id, to: expense.id, by: person)
                _ = try store.detach(receipt: receipt.id, from: expense.id, by: person)
            },
            "receipt_delete(1)": Exercise { store in
                let other = Array("a receipt to delete".utf8)
                _ = try store.requireReceiptStorage().store(other, hash: SHA256.hex(other))
                let made = try store.insertReceipt(
                    Receipt(
                        sha256: SHA256.hex(other), mediaType: .jpeg, size: Int64(other.count), originalName: "x.jpg",
                        source: .inbox, capturedAt: now, takenAt: nil, width: nil, height: nil,
                        ocr: ReceiptOCR(status: .skipped, note: "")))
                try store.deleteReceipt(made.id)
            },
            "inbox_taken(5)": Exercise { store in
                let made = try store.receipt(sha256: hash) ?? receipt(store)
                try store.markInboxPhotoTaken(path: "/inbox/IMG_0001.png", size: 17, modifiedNanoseconds: 1_000, receiptID: made.id)
            },
            "import_begin(4)": Exercise { store in
                _ = try store.beginImportBatch(file: "empty.csv", rules: "card.rules", reportID: try report(store).id)
            },
            "import_rows(2)": Exercise { store in _ = try importRows(store, report: try report(store).id) },
            "import_finish(7)": Exercise { store in _ = try importRows(store, report: nil) },
            "import_undo(2)": Exercise { store in
                _ = try store.undoImportBatch(try importRows(store, report: try report(store).id))
            },
            "shortcuts_clear(0)": Exercise { try $0.replaceDynamicShortcuts([]) },
            "shortcut_add(12)": Exercise { try $0.replaceDynamicShortcuts([shortcut]) },
            "app_shortcut_record(5)": Exercise { store in
                try store.recordAppShortcuts([
                    AppShortcutRecord(key: "com.example.addExpense", state: .enabled(rank: 1)),
                    AppShortcutRecord(key: "com.example.newReport", state: .disabled(message: "Use the form")),
                ])
            },
            "launch_enqueue(5)": Exercise { _ = try launch($0) },
            "launch_claim(6)": Exercise { store in
                _ = try launch(store)
                _ = try store.claimNextLaunch(claimant)
            },
            "launch_finish(4)": Exercise { store in
                _ = try launch(store)
                if let claimed = try store.claimNextLaunch(claimant) {
                    _ = try store.finishLaunch(claimed.id, token: claimant.token, exitStatus: 0)
                }
            },
            "launch_requeue(3)": Exercise { store in
                _ = try launch(store)
                if let claimed = try store.claimNextLaunch(claimant) {
                    _ = try store.requeueLaunch(claimed.id, expectedState: .claimed, token: claimant.token)
                }
            },
            "launch_discard(3)": Exercise { store in
                _ = try store.discardLaunch(try launch(store).id, expectedState: .queued)
            },
            "session_open(5)": Exercise { _ = try $0.openSession(claimant, terminal: "/dev/pts/3") },
            "session_touch(1)": Exercise { store in
                try store.touchSession(try store.openSession(claimant, terminal: "/dev/pts/4"))
            },
            "session_close(1)": Exercise { store in
                try store.closeSessions([try store.openSession(claimant, terminal: "/dev/pts/5")])
            },
            "rate_save(3)": Exercise { store in
                _ = try store.saveReferenceRates([
                    ReferenceRate(currency: "CHF", date: try CalendarDate.parse("2026-03-02"), perEUR: try ExchangeRate.parse("0.9412"))
                ])
            },
            "policy_set(2)": Exercise { try $0.setSeverity(.off, of: .missingReceipt) },
            "approval_policy_set(5)": Exercise {
                try $0.setApprovalPolicy(
                    ApprovalPolicy(order: .costCentreFirst, secondAbove: money(100_000), secondApprover: .finance), by: person)
            },
            "mileage_rate_set(5)": Exercise { store in
                _ = try store.setMileageRate(
                    MileageRate(vehicle: .car, validFrom: try CalendarDate.parse("2026-02-01"), perKilometre: money(28)))
            },
            "manual_rate_tolerance_set(1)": Exercise { try $0.setManualRateTolerance(try RateTolerance.parse("12%")) },
            "chart_account_set(4)": Exercise { store in
                try store.setChartAccount("lodging", ChartAccount(number: "4670", title: "Hotels"), in: .skr04)
            },
            "booking_chart_set(1)": Exercise { try $0.setBookingChart(.skr04) },
        ]
    }
}
