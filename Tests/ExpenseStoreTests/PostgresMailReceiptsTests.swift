import ExpenseCore
import XCTest

@testable import ExpenseStore

/// On a team database made before e-mail receipts, pg-v6 replaces the receipts table's CHECK on
/// media_type, whatever it was named, with one that lists message/rfc822.
final class PostgresMailReceiptsTests: PostgresTestCase {
    private func checks() throws -> [String] {
        try rows(
            Self.admin,
            """
            SELECT pg_get_constraintdef(oid) FROM pg_constraint
            WHERE conrelid = 'public.receipts'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%media_type%';
            """)
    }

    func testTheCheckListsMessagesAfterTheMigration() throws {
        XCTAssertEqual(try checks().count, 1)
        XCTAssertTrue(try checks().first?.contains("message/rfc822") ?? false)
        // As an older setup left it: the list without messages, under another name.
        try expectSuccess(
            sql(
                Self.admin,
                """
                ALTER TABLE public.receipts DROP CONSTRAINT receipts_media_type_check;
                ALTER TABLE public.receipts ADD CONSTRAINT old_media CHECK (media_type IN ('image/jpeg', 'application/pdf'));
                """))
        XCTAssertFalse(try checks().first?.contains("message/rfc822") ?? true)
        try expectSuccess(sql(Self.admin, PostgresSchema.mailReceipts))
        XCTAssertEqual(try checks().count, 1)
        XCTAssertTrue(try checks().first?.contains("message/rfc822") ?? false)
    }
}
