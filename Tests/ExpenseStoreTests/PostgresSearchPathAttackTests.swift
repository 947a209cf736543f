import ExpenseCore
import ExpenseStore
import ExpenseTestSupport
import XCTest

/// Issue 40, point 5: no `public` in the functions' search path. Where a member once could
/// create in `public` (PostgreSQL 14's default, kept by upgrades, or a later GRANT), what she
/// planted there never runs inside the functions, and `setup` refuses, naming it, until it is gone.
final class PostgresSearchPathAttackTests: PostgresTestCase {
    /// alice plants `public.pg_has_role(text, text, text)`, a better match for the functions'
    /// `pg_has_role(who, 'expenses_traveller', 'MEMBER')` than the catalog's `(name, text, text)`,
    /// which records in a table of hers that it ran. Her CREATE is revoked again; bob's next write
    /// does not run it, and the administrator's next `setup` refuses, naming it.
    func testAPlantedFunctionNeverRunsAsTheDefinerAndSetupRefusesIt() throws {
        try expectSuccess(cluster.psql("GRANT CREATE ON SCHEMA public TO alice;", database: database))
        try expectSuccess(
            sql(
                "alice",
                """
                CREATE TABLE public.alice_ran (at timestamptz DEFAULT now(), who text);
                GRANT INSERT, SELECT ON public.alice_ran TO PUBLIC;
                CREATE FUNCTION public.pg_has_role(p_user text, p_role text, p_mode text) RETURNS boolean
                LANGUAGE plpgsql AS $$
                BEGIN
                    INSERT INTO public.alice_ran (who) VALUES (current_user);
                    RETURN pg_catalog.pg_has_role(p_user::name, p_role, p_mode);
                END $$;
                GRANT EXECUTE ON FUNCTION public.pg_has_role(text, text, text) TO PUBLIC;
                """))
        try expectSuccess(cluster.psql("REVOKE CREATE ON SCHEMA public FROM alice;", database: database))

        _ = try newReport("bob", "Lyon")
        XCTAssertEqual(
            try cluster.psql("SELECT count(*) FROM public.alice_ran;", database: database).stdout, "0\n",
            "alice's function ran inside bob's write")

        let uri = cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)
        XCTAssertThrowsError(try Store.setUpServer(.server(connection: uri), now: "2026-05-01T09:00:00Z")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("function pg_has_role(text,text,text) owned by alice"), text)
            XCTAssertTrue(text.contains("table alice_ran owned by alice") || text.contains("type alice_ran owned by alice"), text)
        }
        // Once the administrator dropped them, setup goes through.
        try expectSuccess(
            cluster.psql("DROP FUNCTION public.pg_has_role(text, text, text); DROP TABLE public.alice_ran;", database: database))
        XCTAssertNoThrow(try Store.setUpServer(.server(connection: uri), now: "2026-05-01T09:00:00Z"))
    }

    /// A cast between types of the catalog, made by a member's function: found through any cast
    /// lookup, whatever the search path. Refused by name too.
    func testSetupRefusesACastAMemberMade() throws {
        try expectSuccess(cluster.psql("GRANT CREATE ON SCHEMA public TO carol;", database: database))
        try expectSuccess(
            sql(
                "carol",
                """
                CREATE TYPE public.carols AS (x int);
                CREATE FUNCTION public.carols_text(public.carols) RETURNS text LANGUAGE sql AS 'SELECT ''x''';
                CREATE CAST (public.carols AS text) WITH FUNCTION public.carols_text(public.carols);
                """))
        try expectSuccess(cluster.psql("REVOKE CREATE ON SCHEMA public FROM carol;", database: database))
        let uri = cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)
        XCTAssertThrowsError(try Store.setUpServer(.server(connection: uri), now: "2026-05-01T09:00:00Z")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("cast (carols AS text) owned by carol"), text)
            XCTAssertTrue(text.contains("function carols_text(carols) owned by carol"), text)
        }
    }

    /// Every function of the app's (in `public` and `expenses`, owned by the definer or the
    /// administrator) runs with a search path without `public`.
    func testNoFunctionOfTheAppLooksInPublic() throws {
        XCTAssertEqual(
            try rows(
                Self.admin,
                """
                SELECT p.oid::regprocedure || ' ' || coalesce(array_to_string(p.proconfig, ','), 'no search path')
                FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_roles r ON r.oid = p.proowner
                WHERE n.nspname IN ('public', 'expenses') AND r.rolname IN ('\(Self.admin)', '\(PostgresSchema.definerRole)')
                  AND p.prolang <> (SELECT oid FROM pg_language WHERE lanname = 'c')
                  AND (p.proconfig IS NULL OR array_to_string(p.proconfig, ',') ~ 'search_path=[^,]*public'
                       OR array_to_string(p.proconfig, ',') ~ 'search_path=.*public')
                ORDER BY 1;
                """), [])
    }

    /// No body of the app's functions names one of its tables without its schema: with `public`
    /// out of the search path such a name would not be found (or be found in `pg_temp`).
    func testNoFunctionBodyNamesATableWithoutItsSchema() throws {
        let tables = try rows(Self.admin, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1;")
        XCTAssertFalse(tables.isEmpty)
        let unqualified = try rows(
            Self.admin,
            """
            SELECT p.proname || ': ' || t.tablename
            FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_roles r ON r.oid = p.proowner,
                 pg_tables t
            WHERE n.nspname IN ('public', 'expenses') AND r.rolname IN ('\(Self.admin)', '\(PostgresSchema.definerRole)')
              AND t.schemaname = 'public'
              AND p.prosrc ~* ('(from|join|update|into|using|table)\\s+' || t.tablename || '([^a-z0-9_.]|$)')
            ORDER BY 1;
            """)
        XCTAssertEqual(unqualified, [])
    }
}
