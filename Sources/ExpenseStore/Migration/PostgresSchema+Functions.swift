import ExpenseCore
import ExpenseSupport

/// The team database's write layer (issue 27): members write no table. Every change a person
/// makes is a call of a function in the app's own schema, `expenses`, that runs as a role no
/// person logs in as (`definerRole`, SECURITY DEFINER), with its search path pinned, and that
/// checks who is calling (`session_user`, as the app writes names), what the domain allows, takes
/// the ids itself and writes the row and its audit entry together. Reading stays as it was:
/// row security on the tables.
///
/// What a member may call is `ServerFunction.all` filtered by `callers`; everything else in the
/// schema (the audit chain's own steps, the checks) is the functions' alone.
extension PostgresSchema {
    /// The schema of the functions: the app's own, which no member may create objects in.
    public static let functionSchema = "expenses"
    /// Owns the functions and writes the tables for them; NOLOGIN, so no person is it.
    public static let definerRole = "expenses_definer"

    /// What every function runs with: the system catalog first, then the app's functions, and a
    /// session's temporary objects last, so none of them shadows what the app means. Not
    /// `public` (issue 40): its tables are named by their schema (`qualified`), and nothing
    /// there is found by a call. (No member may create anything in `public` or `expenses`, nor
    /// own anything there: `setUp` makes sure.)
    static let definerSearchPath = "SET search_path = pg_catalog, \(functionSchema), pg_temp"

    /// One function of the write layer: a write Swift calls is made from its declaration
    /// (`ServerWrites`), so that its signature is the one the store calls; a helper only other
    /// functions call keeps its signature as text here.
    struct ServerFunction {
        let name: String
        /// `title text, purpose text`: names are prefixed `p_` so they never meet a column's.
        let parameters: String
        let returns: String
        /// Declarations (without DECLARE) and the statements between BEGIN and END.
        var declare = ""
        let body: String
        /// The group roles whose members may call it; none: the layer's own helper.
        var callers: [String] = []

        /// A helper of the layer, which no Swift code calls and no member may: a function a member
        /// may call is a declared write (below), so that its signature is the one the store calls.
        init(name: String, parameters: String, returns: String, declare: String = "", body: String) {
            self.name = name
            self.parameters = parameters
            self.returns = returns
            self.declare = declare
            self.body = body
        }

        /// The declared write `write`, its signature made from the declaration.
        /// Its text parameters are checked against their limits (`TextLimits`) before anything else;
        /// then, in a write a member may call, the time of the write is the server's (`serverStamps`).
        init(_ write: some DeclaredServerWrite, declare: String = "", body: String, callers: [String] = []) {
            self.init(
                name: write.name, parameters: write.parameterList, returns: write.returns, declare: declare,
                body: PostgresSchema.lengthChecks(write) + PostgresSchema.serverStamps(write, callers: callers) + body)
            self.callers = callers
        }

        var sql: String {
            """
            CREATE OR REPLACE FUNCTION \(functionSchema).\(name)(\(parameters)) RETURNS \(returns)
            LANGUAGE plpgsql SECURITY DEFINER \(definerSearchPath) AS $fn$
            \(declare.isEmpty ? "" : "DECLARE\n" + declare)
            BEGIN
            \(body)
            END $fn$;
            ALTER FUNCTION \(functionSchema).\(name)(\(parameters)) OWNER TO \(definerRole);
            REVOKE ALL ON FUNCTION \(functionSchema).\(name)(\(parameters)) FROM PUBLIC;
            """
                + (callers.isEmpty
                    ? "" : "\nGRANT EXECUTE ON FUNCTION \(functionSchema).\(name)(\(parameters)) TO \(callers.joined(separator: ", "));")
        }
    }

    /// Refuses a text argument longer than its field's limit (`TextLimits`, the app's own), naming
    /// the field and the limit: 22001, which the app shows as invalid data. Its byte count first,
    /// which PostgreSQL knows without reading the text: a 200 MiB reason costs no walk through it.
    static func lengthChecks(_ write: some DeclaredServerWrite) -> String {
        write.parameters.filter { $0.sqlType == "text" }.map { parameter in
            let field = String(parameter.name.dropFirst(2))
            let limit = TextLimits.limit(of: field)
            return """
                IF octet_length(\(parameter.name)) > \(limit) AND length(\(parameter.name)) > \(limit) THEN
                    RAISE EXCEPTION 'the \(TextLimits.words(field)) is % characters long; at most \(limit) are allowed', length(\(parameter.name))
                        USING ERRCODE = 'string_data_right_truncation', HINT = 'shorten it; nothing was written';
                END IF;

                """
        }.joined()
    }

    /// Every function of the layer, helpers first.
    static var serverFunctions: [ServerFunction] {
        identityFunctions + clockFunctions + reportFunctions + approvalRouteFunctions + policyFunctions + itemFunctions + receiptFunctions
            + importFunctions
            + personalFunctions + sharedFunctions + tripFunctions + perDiemFunctions + advanceFunctions + conversionFunctions
            + rateLogFunctions + submissionFindingFunctions + copyChecks + copyMarkerFunctions + chainFunctions + paymentFunctions
            + bookingFunctions + organisationFunctions + cutFunctions
    }

    /// The definer role, the schema and the functions, made by the administrator (a member of
    /// the definer, so that it may hand the functions to it). Idempotent.
    static var functionLayer: String {
        let groups = groupRoles.joined(separator: ", ")
        return """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(definerRole)') THEN
                    CREATE ROLE \(definerRole) NOLOGIN;
                END IF;
                IF NOT pg_has_role(current_user, '\(definerRole)', 'MEMBER') THEN
                    EXECUTE format('GRANT \(definerRole) TO %I', current_user);
                END IF;
            END $$;
            -- Nobody but the database's owner creates anything where the functions look.
            REVOKE CREATE ON SCHEMA public FROM PUBLIC;
            CREATE SCHEMA IF NOT EXISTS \(functionSchema);
            REVOKE ALL ON SCHEMA \(functionSchema) FROM PUBLIC;
            GRANT USAGE, CREATE ON SCHEMA \(functionSchema) TO \(definerRole);
            GRANT USAGE ON SCHEMA \(functionSchema) TO \(groups);
            GRANT USAGE ON SCHEMA public TO \(definerRole);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(definerRole);
            GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO \(definerRole);
            \(privateTables.map { "CREATE POLICY \($0)_definer ON \($0) TO \(definerRole) USING (true) WITH CHECK (true);" }.joined(separator: "\n"))
            \(privateTables.map { "CREATE POLICY \($0)_auditor ON \($0) FOR SELECT TO \(auditorRole) USING (true);" }.joined(separator: "\n"))
            \(auditHash)
            \((retiredFunctions + reshapedFunctions).map { "DROP FUNCTION IF EXISTS \(functionSchema).\($0);" }.joined(separator: "\n"))
            \(serverFunctions.map(\.sql).joined(separator: "\n"))
            """
    }

    /// Functions an earlier version made, by their old parameters: a member could still call
    /// them, around what their replacements do (attaching a receipt without its audit entry,
    /// approving a report without naming the version read). `allowance_rate_save` and
    /// `mileage_rate_set` before the taxable mark (issue 40) stored a rate above the legal maximum
    /// unmarked. The per-diem maximum before places (issue 44) held a city's row to its country's
    /// figures and no lodging flat at all.
    static let retiredFunctions = [
        "receipt_attach(bigint, bigint, text)", "receipt_detach(bigint, bigint)", "report_step(bigint, text, text, text)",
        "allowance_rate_save(text, text, bigint, bigint, text)", "mileage_rate_set(text, text, bigint, text)",
        "require_per_diem_within_maximum(text, text, bigint, bigint, text, bigint)", "statutory_per_diem(text, text)",
    ]

    /// Helpers whose result an earlier version made otherwise: `CREATE OR REPLACE` cannot change a
    /// function's result, so setup drops them and makes them again. `per_diem_days` returns the
    /// frozen row's columns of issue 44 (place, rule, lodging, the two-trips rule).
    static let reshapedFunctions = ["per_diem_days(bigint)"]

    /// Refuses to set up where a member of the team could still create an object that a function
    /// would find: in `public` (PostgreSQL 14 and older let everyone) or in the functions' schema.
    /// Run after `functionLayer` revoked what it could: what is left was granted to someone on
    /// purpose, and `setup` says who.
    static let creatorsCheck = """
        DO $$
        DECLARE
            creator text;
        BEGIN
            SELECT string_agg(DISTINCT r.rolname || ' (' || s.nspname || ')', ', ' ORDER BY r.rolname || ' (' || s.nspname || ')')
            INTO creator
            FROM pg_roles r CROSS JOIN pg_namespace s
            WHERE s.nspname IN ('public', '\(functionSchema)')
              AND r.rolname NOT IN ('\(definerRole)', current_user)
              AND NOT r.rolsuper
              AND has_schema_privilege(r.oid, s.oid, 'CREATE')
              AND (pg_has_role(r.oid, '\(travellerRole)', 'MEMBER') OR pg_has_role(r.oid, '\(approverRole)', 'MEMBER')
                   OR pg_has_role(r.oid, '\(financeRole)', 'MEMBER'));
            IF creator IS NOT NULL THEN
                RAISE EXCEPTION 'members of the team may create objects where the app''s functions look: %', creator
                    USING ERRCODE = 'insufficient_privilege',
                          HINT = 'REVOKE CREATE ON SCHEMA public FROM them (and from PUBLIC), then run setup again';
            END IF;
        END $$;
        \(plantedCheck)
        """

    /// Refuses to set up while `public` or the functions' schema holds a function, operator or
    /// type that someone else than the administrator, the definer or a superuser owns (what a
    /// member made while she could create there: PostgreSQL 14's default, or a GRANT since
    /// revoked), or while a cast uses a function or a type such a role owns: a call or a cast in
    /// a function could find it. Each is named, with its owner; the administrator drops them.
    static let plantedCheck = """
        DO $$
        DECLARE
            planted text;
        BEGIN
            WITH foreign_owner AS (
                SELECT oid, rolname FROM pg_catalog.pg_roles
                WHERE NOT rolsuper AND rolname NOT IN ('\(definerRole)', current_user)
            ), objects AS (
                SELECT 'function ' || p.oid::regprocedure::text || ' owned by ' || o.rolname AS what
                FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace JOIN foreign_owner o ON o.oid = p.proowner
                WHERE n.nspname IN ('public', '\(functionSchema)')
                UNION ALL
                SELECT 'operator ' || op.oid::regoperator::text || ' owned by ' || o.rolname
                FROM pg_catalog.pg_operator op JOIN pg_catalog.pg_namespace n ON n.oid = op.oprnamespace JOIN foreign_owner o ON o.oid = op.oprowner
                WHERE n.nspname IN ('public', '\(functionSchema)')
                UNION ALL
                SELECT CASE WHEN t.typrelid <> 0 THEN 'table ' ELSE 'type ' END || t.oid::regtype::text || ' owned by ' || o.rolname
                FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace JOIN foreign_owner o ON o.oid = t.typowner
                WHERE n.nspname IN ('public', '\(functionSchema)') AND t.typcategory <> 'A'
                UNION ALL
                SELECT 'cast (' || c.castsource::regtype::text || ' AS ' || c.casttarget::regtype::text || ') owned by ' || o.rolname
                FROM pg_catalog.pg_cast c
                LEFT JOIN pg_catalog.pg_proc p ON p.oid = c.castfunc
                JOIN pg_catalog.pg_type s ON s.oid = c.castsource JOIN pg_catalog.pg_type t ON t.oid = c.casttarget
                JOIN foreign_owner o ON o.oid IN (p.proowner, s.typowner, t.typowner)
            )
            SELECT string_agg(DISTINCT what, ', ' ORDER BY what) INTO planted FROM objects;
            IF planted IS NOT NULL THEN
                RAISE EXCEPTION 'objects that a member owns or could have planted are where the app''s functions look: %', planted
                    USING ERRCODE = 'insufficient_privilege',
                          HINT = 'drop them (DROP FUNCTION, DROP OPERATOR, DROP TYPE, DROP CAST ...), then run setup again';
            END IF;
        END $$;
        """

    /// The audit chain's hash, as `AuditChain.hash` computes it: each field as its length in
    /// bytes, a colon, its bytes and a newline, hashed with SHA-256.
    static let auditHash = """
        CREATE OR REPLACE FUNCTION \(functionSchema).audit_hash(p_previous text, p_id bigint, p_report bigint, p_at text,
            p_actor text, p_action text, p_from text, p_to text, p_reason text) RETURNS text
        LANGUAGE sql IMMUTABLE \(definerSearchPath) AS $fn$
            SELECT encode(sha256(string_agg(textsend(octet_length(f)::text || ':' || f || E'\\n'), ''::bytea ORDER BY n)), 'hex')
            FROM unnest(ARRAY['expenses audit log v1', p_previous, p_id::text, p_report::text, p_at, p_actor, p_action,
                              p_from, p_to, p_reason]) WITH ORDINALITY AS fields (f, n)
        $fn$;
        ALTER FUNCTION \(functionSchema).audit_hash(text, bigint, bigint, text, text, text, text, text, text) OWNER TO \(definerRole);
        REVOKE ALL ON FUNCTION \(functionSchema).audit_hash(text, bigint, bigint, text, text, text, text, text, text) FROM PUBLIC;
        """

    /// Who calls, and what they may do.
    static var identityFunctions: [ServerFunction] {
        [
            // session_user, never current_user: a SET ROLE changes the one, never the other.
            ServerFunction(
                name: "caller", parameters: "", returns: "text", declare: "who text := session_user;",
                body: """
                    IF current_setting('server_encoding') = 'UTF8' AND NOT who IS NFC NORMALIZED THEN
                        RAISE EXCEPTION 'the role % is not written as expenses writes user names (composed)', who
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF who <> lower(who) OR who <> btrim(who) OR who ~ '[[:cntrl:]]' OR who ~ '  ' THEN
                        RAISE EXCEPTION 'the role % is not written as expenses writes user names (lower case, single spaces)', who
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF NOT (pg_has_role(who, '\(travellerRole)', 'MEMBER') OR pg_has_role(who, '\(approverRole)', 'MEMBER')
                            OR pg_has_role(who, '\(financeRole)', 'MEMBER')) THEN
                        RAISE EXCEPTION 'the role % is in none of the team''s groups', who USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    RETURN who;
                    """),
            // Refuses unless `p_who` is a member of `p_group`, saying what they tried.
            ServerFunction(
                name: "require_group", parameters: "p_who text, p_group text, p_what text", returns: "void",
                body: """
                    IF NOT pg_has_role(p_who, p_group, 'MEMBER') THEN
                        RAISE EXCEPTION 'only a member of % can %', p_group, p_what USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    """),
            // The caller's own report, locked until the transaction ends, in a state whose items may change.
            ServerFunction(
                name: "own_draft", parameters: "p_report bigint, p_who text", returns: "public.reports",
                declare: "found public.reports;",
                body: """
                    SELECT * INTO found FROM public.reports WHERE id = p_report FOR UPDATE;
                    IF found.id IS NULL OR found.owner <> p_who THEN
                        RAISE EXCEPTION 'unknown report %', p_report USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF found.status NOT IN \(Store.editableStatusesSQL) THEN
                        RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    RETURN found;
                    """),
        ]
    }
}
