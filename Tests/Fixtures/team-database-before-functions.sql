--
-- PostgreSQL database dump
--

\restrict bf2SvEfnT18NbfcdRaFXfL5kae12uW4A8hm76XwhPU4pS1LNswhaag7Zk2d7A2Y

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: expense_receipts_frozen(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.expense_receipts_frozen() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    IF (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id
        WHERE e.id = CASE TG_OP WHEN 'DELETE' THEN OLD.expense_id ELSE NEW.expense_id END) <> 'draft' THEN
        RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
END $$;


ALTER FUNCTION public.expense_receipts_frozen() OWNER TO expenses_admin;

--
-- Name: expense_receipts_same_owner(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.expense_receipts_same_owner() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM receipts c JOIN expenses e ON e.owner = c.owner
                   WHERE c.id = NEW.receipt_id AND e.id = NEW.expense_id) THEN
        RAISE EXCEPTION 'receipt % is not the receipt of the owner of expense %', NEW.receipt_id, NEW.expense_id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $$;


ALTER FUNCTION public.expense_receipts_same_owner() OWNER TO expenses_admin;

--
-- Name: expenses_count(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.expenses_count() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE reports r SET item_count = r.item_count - gone.items, total_minor = LEAST(GREATEST(r.total_minor - gone.total, -9223372036854775808), 9223372036854775807)::bigint
        FROM (SELECT report_id, count(*) AS items, sum(converted_minor) AS total FROM removed
              WHERE report_id IS NOT NULL GROUP BY report_id) AS gone
        WHERE r.id = gone.report_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE reports r SET item_count = r.item_count + came.items, total_minor = LEAST(GREATEST(r.total_minor + came.total, -9223372036854775808), 9223372036854775807)::bigint
        FROM (SELECT report_id, count(*) AS items, sum(converted_minor) AS total FROM added
              WHERE report_id IS NOT NULL GROUP BY report_id) AS came
        WHERE r.id = came.report_id;
    END IF;
    RETURN NULL;
END $$;


ALTER FUNCTION public.expenses_count() OWNER TO expenses_admin;

--
-- Name: expenses_frozen(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.expenses_frozen() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft' THEN
        RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF TG_OP <> 'DELETE' AND (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft' THEN
        RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
END $$;


ALTER FUNCTION public.expenses_frozen() OWNER TO expenses_admin;

--
-- Name: expenses_frozen_rows(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.expenses_frozen_rows() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM changed c JOIN reports r ON r.id = c.report_id WHERE r.status <> 'draft') THEN
        RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;


ALTER FUNCTION public.expenses_frozen_rows() OWNER TO expenses_admin;

--
-- Name: expenses_is_date(text); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.expenses_is_date(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
    SELECT CASE WHEN value !~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' THEN false
        ELSE substr(value, 9, 2)::int <= CASE
            WHEN substr(value, 6, 2) IN ('04', '06', '09', '11') THEN 30
            WHEN substr(value, 6, 2) <> '02' THEN 31
            WHEN substr(value, 1, 4)::int % 4 = 0
                 AND (substr(value, 1, 4)::int % 100 <> 0 OR substr(value, 1, 4)::int % 400 = 0) THEN 29
            ELSE 28 END
        END
$_$;


ALTER FUNCTION public.expenses_is_date(value text) OWNER TO expenses_admin;

--
-- Name: report_events_append_only(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.report_events_append_only() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'integrity_constraint_violation';
END $$;


ALTER FUNCTION public.report_events_append_only() OWNER TO expenses_admin;

--
-- Name: report_events_hashed_insert(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.report_events_hashed_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    RAISE EXCEPTION 'an audit log entry needs its hash: only expenses writes the log'
        USING ERRCODE = 'integrity_constraint_violation';
END $$;


ALTER FUNCTION public.report_events_hashed_insert() OWNER TO expenses_admin;

--
-- Name: reports_owner_edits(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.reports_owner_edits() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    IF OLD.owner <> session_user
       AND to_jsonb(NEW) - 'status' - 'updated_at' <> to_jsonb(OLD) - 'status' - 'updated_at' THEN
        RAISE EXCEPTION 'report % belongs to %; others can only change its status', OLD.id, OLD.owner
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $$;


ALTER FUNCTION public.reports_owner_edits() OWNER TO expenses_admin;

--
-- Name: reports_status_change(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.reports_status_change() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
BEGIN
    IF (OLD.status, NEW.status) NOT IN (VALUES ('draft', 'submitted'), ('submitted', 'approved'), ('submitted', 'rejected'), ('submitted', 'draft'), ('approved', 'reimbursed'), ('rejected', 'draft')) THEN
        RAISE EXCEPTION 'illegal report transition' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM report_events
                   WHERE id = (SELECT max(id) FROM report_events WHERE report_id = NEW.id)
                     AND from_status = OLD.status AND to_status = NEW.status) THEN
        RAISE EXCEPTION 'a report transition must be logged first' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;


ALTER FUNCTION public.reports_status_change() OWNER TO expenses_admin;

--
-- Name: reports_status_change_actor(); Type: FUNCTION; Schema: public; Owner: expenses_admin
--

CREATE FUNCTION public.reports_status_change_actor() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'public', 'pg_temp'
    AS $$
DECLARE
    step_name text;
    owners_step boolean;
    group_role text;
BEGIN
    SELECT s.name, s.by_owner, s.grp INTO step_name, owners_step, group_role
    FROM (VALUES ('draft', 'submitted', 'submit', true, NULL), ('submitted', 'approved', 'approve', false, 'expenses_approver'), ('submitted', 'rejected', 'reject', false, 'expenses_approver'), ('submitted', 'draft', 'recall', true, NULL), ('rejected', 'draft', 'reopen', true, NULL), ('approved', 'reimbursed', 'reimburse', false, 'expenses_finance')) AS s (from_status, to_status, name, by_owner, grp)
    WHERE s.from_status = OLD.status AND s.to_status = NEW.status;
    IF step_name IS NULL THEN
        RETURN NEW;   -- not a step: reports_status_change refuses it
    END IF;
    IF owners_step AND OLD.owner <> session_user THEN
        RAISE EXCEPTION 'report % belongs to %; only they can % it', OLD.id, OLD.owner, step_name
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NOT owners_step AND OLD.owner = session_user THEN
        RAISE EXCEPTION '% owns report % and cannot % it: someone else must (separation of duties)',
            session_user, OLD.id, step_name USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF group_role IS NOT NULL AND NOT pg_has_role(session_user, group_role, 'MEMBER') THEN
        RAISE EXCEPTION 'only a member of % can % report %', group_role, step_name, OLD.id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $$;


ALTER FUNCTION public.reports_status_change_actor() OWNER TO expenses_admin;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: app_shortcuts; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.app_shortcuts (
    plist_type text NOT NULL,
    state text NOT NULL,
    rank bigint,
    disabled_message text,
    published_at text NOT NULL,
    owner text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT app_shortcuts_check CHECK (((state = 'enabled'::text) = (rank IS NOT NULL))),
    CONSTRAINT app_shortcuts_check1 CHECK (((state = 'disabled'::text) OR (disabled_message IS NULL))),
    CONSTRAINT app_shortcuts_owner_check CHECK ((length(owner) > 0)),
    CONSTRAINT app_shortcuts_plist_type_check CHECK ((length(TRIM(BOTH FROM plist_type)) > 0)),
    CONSTRAINT app_shortcuts_rank_check CHECK ((rank >= 0)),
    CONSTRAINT app_shortcuts_state_check CHECK ((state = ANY (ARRAY['enabled'::text, 'disabled'::text, 'removed'::text])))
);

ALTER TABLE ONLY public.app_shortcuts FORCE ROW LEVEL SECURITY;


ALTER TABLE public.app_shortcuts OWNER TO expenses_admin;

--
-- Name: categories; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.categories (
    code text NOT NULL,
    name text NOT NULL,
    receipt_required_above bigint,
    daily_limit bigint,
    currency text NOT NULL,
    "position" bigint NOT NULL,
    CONSTRAINT categories_code_check CHECK ((code ~ '^[a-z][a-z0-9_]*$'::text)),
    CONSTRAINT categories_currency_check CHECK ((length(currency) = 3)),
    CONSTRAINT categories_daily_limit_check CHECK ((daily_limit > 0)),
    CONSTRAINT categories_name_check CHECK ((length(name) > 0)),
    CONSTRAINT categories_receipt_required_above_check CHECK ((receipt_required_above >= 0))
);


ALTER TABLE public.categories OWNER TO expenses_admin;

--
-- Name: dynamic_shortcuts; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.dynamic_shortcuts (
    type text NOT NULL,
    title text NOT NULL,
    subtitle text,
    icon_type text,
    icon_file text,
    icon_symbol text,
    user_info text,
    rank bigint NOT NULL,
    enabled bigint DEFAULT 1 NOT NULL,
    disabled_message text,
    origin text DEFAULT 'user'::text NOT NULL,
    updated_at text NOT NULL,
    owner text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT dynamic_shortcuts_enabled_check CHECK ((enabled = ANY (ARRAY[(0)::bigint, (1)::bigint]))),
    CONSTRAINT dynamic_shortcuts_origin_check CHECK ((origin = ANY (ARRAY['user'::text, 'app'::text]))),
    CONSTRAINT dynamic_shortcuts_owner_check CHECK ((length(owner) > 0)),
    CONSTRAINT dynamic_shortcuts_rank_check CHECK ((rank >= 0)),
    CONSTRAINT dynamic_shortcuts_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0)),
    CONSTRAINT dynamic_shortcuts_type_check CHECK ((length(TRIM(BOTH FROM type)) > 0))
);

ALTER TABLE ONLY public.dynamic_shortcuts FORCE ROW LEVEL SECURITY;


ALTER TABLE public.dynamic_shortcuts OWNER TO expenses_admin;

--
-- Name: exchange_rates; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.exchange_rates (
    currency text NOT NULL,
    date text NOT NULL,
    per_eur text NOT NULL,
    CONSTRAINT exchange_rates_currency_check CHECK (((length(currency) = 3) AND (currency = upper(currency)) AND (currency <> 'EUR'::text))),
    CONSTRAINT exchange_rates_date_check CHECK (public.expenses_is_date(date)),
    CONSTRAINT exchange_rates_per_eur_check CHECK ((length(per_eur) > 0))
);


ALTER TABLE public.exchange_rates OWNER TO expenses_admin;

--
-- Name: expense_receipts; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.expense_receipts (
    expense_id bigint NOT NULL,
    receipt_id bigint NOT NULL,
    attached_at text NOT NULL
);

ALTER TABLE ONLY public.expense_receipts FORCE ROW LEVEL SECURITY;


ALTER TABLE public.expense_receipts OWNER TO expenses_admin;

--
-- Name: expenses; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.expenses (
    id bigint NOT NULL,
    report_id bigint,
    date text NOT NULL,
    category text NOT NULL,
    merchant text DEFAULT ''::text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    amount_minor bigint NOT NULL,
    currency text NOT NULL,
    rate text,
    rate_date text,
    rate_source text,
    converted_minor bigint,
    paid_by text DEFAULT 'personal'::text NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    import_batch_id bigint,
    import_line bigint,
    import_key bigint,
    external_id text,
    owner text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT expenses_amount_minor_check CHECK ((amount_minor <> 0)),
    CONSTRAINT expenses_check CHECK ((((rate IS NULL) = (converted_minor IS NULL)) AND ((rate IS NULL) = (rate_source IS NULL)))),
    CONSTRAINT expenses_check1 CHECK (((report_id IS NULL) OR (converted_minor IS NOT NULL))),
    CONSTRAINT expenses_currency_check CHECK (((length(currency) = 3) AND (currency = upper(currency)))),
    CONSTRAINT expenses_date_check CHECK (public.expenses_is_date(date)),
    CONSTRAINT expenses_external_id_check CHECK ((length(external_id) > 0)),
    CONSTRAINT expenses_import_line_check CHECK ((import_line > 0)),
    CONSTRAINT expenses_owner_check CHECK ((length(owner) > 0)),
    CONSTRAINT expenses_paid_by_check CHECK ((paid_by = ANY (ARRAY['personal'::text, 'company'::text]))),
    CONSTRAINT expenses_rate_date_check CHECK (public.expenses_is_date(rate_date)),
    CONSTRAINT expenses_rate_source_check CHECK ((rate_source = ANY (ARRAY['same'::text, 'manual'::text, 'table'::text])))
);

ALTER TABLE ONLY public.expenses FORCE ROW LEVEL SECURITY;


ALTER TABLE public.expenses OWNER TO expenses_admin;

--
-- Name: expenses_id_seq; Type: SEQUENCE; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.expenses ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.expenses_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: import_batches; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.import_batches (
    id bigint NOT NULL,
    file text NOT NULL,
    rules text NOT NULL,
    report_id bigint,
    imported_at text NOT NULL,
    rows_new bigint DEFAULT 0 NOT NULL,
    rows_duplicate bigint DEFAULT 0 NOT NULL,
    rows_invalid bigint DEFAULT 0 NOT NULL,
    rows_skipped bigint DEFAULT 0 NOT NULL,
    first_expense_id bigint,
    last_expense_id bigint,
    undone_at text,
    owner text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT import_batches_check CHECK (((first_expense_id IS NULL) = (last_expense_id IS NULL))),
    CONSTRAINT import_batches_owner_check CHECK ((length(owner) > 0)),
    CONSTRAINT import_batches_rows_duplicate_check CHECK ((rows_duplicate >= 0)),
    CONSTRAINT import_batches_rows_invalid_check CHECK ((rows_invalid >= 0)),
    CONSTRAINT import_batches_rows_new_check CHECK ((rows_new >= 0)),
    CONSTRAINT import_batches_rows_skipped_check CHECK ((rows_skipped >= 0))
);

ALTER TABLE ONLY public.import_batches FORCE ROW LEVEL SECURITY;


ALTER TABLE public.import_batches OWNER TO expenses_admin;

--
-- Name: import_batches_id_seq; Type: SEQUENCE; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.import_batches ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.import_batches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: open_sessions; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.open_sessions (
    id bigint NOT NULL,
    pid bigint NOT NULL,
    host text NOT NULL,
    start_ticks bigint NOT NULL,
    terminal text DEFAULT ''::text NOT NULL,
    opened_at text NOT NULL,
    active_seq bigint DEFAULT 0 NOT NULL,
    owner text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT open_sessions_owner_check CHECK ((length(owner) > 0))
);

ALTER TABLE ONLY public.open_sessions FORCE ROW LEVEL SECURITY;


ALTER TABLE public.open_sessions OWNER TO expenses_admin;

--
-- Name: open_sessions_id_seq; Type: SEQUENCE; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.open_sessions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.open_sessions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: policy_acknowledgements; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.policy_acknowledgements (
    report_id bigint NOT NULL,
    violation text NOT NULL,
    actor text NOT NULL,
    at text NOT NULL,
    reason text NOT NULL,
    CONSTRAINT policy_acknowledgements_reason_check CHECK ((length(TRIM(BOTH FROM reason)) > 0))
);

ALTER TABLE ONLY public.policy_acknowledgements FORCE ROW LEVEL SECURITY;


ALTER TABLE public.policy_acknowledgements OWNER TO expenses_admin;

--
-- Name: policy_rules; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.policy_rules (
    rule text NOT NULL,
    severity text NOT NULL,
    CONSTRAINT policy_rules_severity_check CHECK ((severity = ANY (ARRAY['warning'::text, 'blocking'::text, 'off'::text])))
);


ALTER TABLE public.policy_rules OWNER TO expenses_admin;

--
-- Name: receipt_contents; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.receipt_contents (
    sha256 text NOT NULL,
    chunk bigint NOT NULL,
    bytes bytea NOT NULL,
    CONSTRAINT receipt_contents_bytes_check CHECK ((length(bytes) > 0)),
    CONSTRAINT receipt_contents_chunk_check CHECK ((chunk >= 0)),
    CONSTRAINT receipt_contents_sha256_check CHECK ((sha256 ~ '^[0-9a-f]{64}$'::text))
);
ALTER TABLE ONLY public.receipt_contents ALTER COLUMN bytes SET STORAGE EXTERNAL;

ALTER TABLE ONLY public.receipt_contents FORCE ROW LEVEL SECURITY;


ALTER TABLE public.receipt_contents OWNER TO expenses_admin;

--
-- Name: receipt_inbox_taken; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.receipt_inbox_taken (
    path text NOT NULL,
    size bigint NOT NULL,
    modified_ns bigint NOT NULL,
    receipt_id bigint,
    taken_at text NOT NULL,
    owner text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT receipt_inbox_taken_owner_check CHECK ((length(owner) > 0))
);

ALTER TABLE ONLY public.receipt_inbox_taken FORCE ROW LEVEL SECURITY;


ALTER TABLE public.receipt_inbox_taken OWNER TO expenses_admin;

--
-- Name: receipts; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.receipts (
    id bigint NOT NULL,
    sha256 text NOT NULL,
    media_type text NOT NULL,
    size bigint NOT NULL,
    original_name text DEFAULT ''::text NOT NULL,
    source text NOT NULL,
    captured_at text NOT NULL,
    taken_at text,
    width bigint,
    height bigint,
    ocr_status text NOT NULL,
    ocr_note text DEFAULT ''::text NOT NULL,
    ocr_text text DEFAULT ''::text NOT NULL,
    suggested_merchant text,
    suggested_date text,
    suggested_amount text,
    suggested_currency text,
    suggested_category text,
    owner text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT receipts_height_check CHECK ((height > 0)),
    CONSTRAINT receipts_media_type_check CHECK ((media_type = ANY (ARRAY['image/jpeg'::text, 'image/png'::text, 'image/heic'::text, 'image/webp'::text, 'application/pdf'::text]))),
    CONSTRAINT receipts_ocr_status_check CHECK ((ocr_status = ANY (ARRAY['done'::text, 'skipped'::text, 'failed'::text]))),
    CONSTRAINT receipts_owner_check CHECK ((length(owner) > 0)),
    CONSTRAINT receipts_sha256_check CHECK ((sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT receipts_size_check CHECK ((size > 0)),
    CONSTRAINT receipts_source_check CHECK ((source = ANY (ARRAY['file'::text, 'stdin'::text, 'camera'::text, 'inbox'::text]))),
    CONSTRAINT receipts_suggested_amount_check CHECK (((suggested_amount IS NULL) OR (suggested_amount ~ '^[0-9]'::text))),
    CONSTRAINT receipts_suggested_currency_check CHECK (((suggested_currency IS NULL) OR (length(suggested_currency) = 3))),
    CONSTRAINT receipts_suggested_date_check CHECK (public.expenses_is_date(suggested_date)),
    CONSTRAINT receipts_taken_at_check CHECK (((taken_at IS NULL) OR (length(taken_at) = 19))),
    CONSTRAINT receipts_width_check CHECK ((width > 0))
);

ALTER TABLE ONLY public.receipts FORCE ROW LEVEL SECURITY;


ALTER TABLE public.receipts OWNER TO expenses_admin;

--
-- Name: receipts_id_seq; Type: SEQUENCE; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.receipts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.receipts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: report_events; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.report_events (
    id bigint NOT NULL,
    report_id bigint NOT NULL,
    at text NOT NULL,
    actor text NOT NULL,
    action text NOT NULL,
    from_status text NOT NULL,
    to_status text NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    hash text,
    CONSTRAINT report_events_action_check CHECK ((length(action) > 0)),
    CONSTRAINT report_events_actor_check CHECK ((length(actor) > 0)),
    CONSTRAINT report_events_from_status_check CHECK ((from_status = ANY (ARRAY['draft'::text, 'submitted'::text, 'approved'::text, 'rejected'::text, 'reimbursed'::text]))),
    CONSTRAINT report_events_to_status_check CHECK ((to_status = ANY (ARRAY['draft'::text, 'submitted'::text, 'approved'::text, 'rejected'::text, 'reimbursed'::text])))
);

ALTER TABLE ONLY public.report_events FORCE ROW LEVEL SECURITY;


ALTER TABLE public.report_events OWNER TO expenses_admin;

--
-- Name: report_events_head; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.report_events_head (
    singleton bigint NOT NULL,
    last_id bigint NOT NULL,
    last_hash text NOT NULL,
    CONSTRAINT report_events_head_singleton_check CHECK ((singleton = 1))
);


ALTER TABLE public.report_events_head OWNER TO expenses_admin;

--
-- Name: report_events_id_seq; Type: SEQUENCE; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.report_events ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.report_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: reports; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.reports (
    id bigint NOT NULL,
    title text NOT NULL,
    purpose text DEFAULT ''::text NOT NULL,
    destination text DEFAULT ''::text NOT NULL,
    start_date text,
    end_date text,
    currency text NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    owner text NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    item_count bigint DEFAULT 0 NOT NULL,
    total_minor bigint DEFAULT 0 NOT NULL,
    CONSTRAINT reports_check CHECK (((end_date IS NULL) OR (start_date IS NULL) OR ((end_date COLLATE "C") >= start_date))),
    CONSTRAINT reports_currency_check CHECK (((length(currency) = 3) AND (currency = upper(currency)))),
    CONSTRAINT reports_end_date_check CHECK (public.expenses_is_date(end_date)),
    CONSTRAINT reports_item_count_check CHECK ((item_count >= 0)),
    CONSTRAINT reports_owner_check CHECK ((length(owner) > 0)),
    CONSTRAINT reports_start_date_check CHECK (public.expenses_is_date(start_date)),
    CONSTRAINT reports_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'submitted'::text, 'approved'::text, 'rejected'::text, 'reimbursed'::text]))),
    CONSTRAINT reports_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.reports FORCE ROW LEVEL SECURITY;


ALTER TABLE public.reports OWNER TO expenses_admin;

--
-- Name: reports_id_seq; Type: SEQUENCE; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.reports ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.reports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.schema_migrations (
    id text NOT NULL,
    applied_at text NOT NULL
);


ALTER TABLE public.schema_migrations OWNER TO expenses_admin;

--
-- Name: shortcut_launches; Type: TABLE; Schema: public; Owner: expenses_admin
--

CREATE TABLE public.shortcut_launches (
    id bigint NOT NULL,
    type text NOT NULL,
    arguments text NOT NULL,
    catalog text,
    state text DEFAULT 'queued'::text NOT NULL,
    queued_at text NOT NULL,
    claim_token text,
    claim_pid bigint,
    claim_host text,
    claim_start_ticks bigint,
    claimed_at text,
    finished_at text,
    exit_status bigint,
    attempts bigint DEFAULT 0 NOT NULL,
    target_session bigint,
    owner text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT shortcut_launches_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT shortcut_launches_check CHECK (((state = 'claimed'::text) = (claim_token IS NOT NULL))),
    CONSTRAINT shortcut_launches_check1 CHECK (((state <> ALL (ARRAY['done'::text, 'failed'::text])) OR (exit_status IS NOT NULL))),
    CONSTRAINT shortcut_launches_owner_check CHECK ((length(owner) > 0)),
    CONSTRAINT shortcut_launches_state_check CHECK ((state = ANY (ARRAY['queued'::text, 'claimed'::text, 'done'::text, 'failed'::text, 'discarded'::text]))),
    CONSTRAINT shortcut_launches_type_check CHECK ((length(type) > 0))
);

ALTER TABLE ONLY public.shortcut_launches FORCE ROW LEVEL SECURITY;


ALTER TABLE public.shortcut_launches OWNER TO expenses_admin;

--
-- Name: shortcut_launches_id_seq; Type: SEQUENCE; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.shortcut_launches ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.shortcut_launches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Data for Name: app_shortcuts; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.app_shortcuts (plist_type, state, rank, disabled_message, published_at, owner) FROM stdin;
$(PRODUCT_BUNDLE_IDENTIFIER).addExpense	enabled	3	\N	2026-03-10T09:00:00Z	alice
$(PRODUCT_BUNDLE_IDENTIFIER).takePhoto	enabled	2	\N	2026-03-10T09:00:00Z	alice
$(PRODUCT_BUNDLE_IDENTIFIER).newReport	enabled	4	\N	2026-03-10T09:00:00Z	alice
\.


--
-- Data for Name: categories; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.categories (code, name, receipt_required_above, daily_limit, currency, "position") FROM stdin;
airfare	Airfare	0	\N	EUR	0
lodging	Lodging	0	25000	EUR	1
meals	Meals	2500	8000	EUR	2
taxi	Taxi and ride share	2500	\N	EUR	3
rail	Rail	2500	\N	EUR	4
car_rental	Car rental	0	\N	EUR	5
fuel	Fuel	2500	\N	EUR	6
mileage	Mileage	\N	\N	EUR	7
per_diem	Per diem	\N	\N	EUR	8
parking	Parking and tolls	2500	\N	EUR	9
public_transport	Public transport	2500	\N	EUR	10
phone	Phone and internet	2500	\N	EUR	11
entertainment	Client entertainment	0	\N	EUR	12
office	Office supplies	2500	\N	EUR	13
other	Other	2500	\N	EUR	14
\.


--
-- Data for Name: dynamic_shortcuts; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.dynamic_shortcuts (type, title, subtitle, icon_type, icon_file, icon_symbol, user_info, rank, enabled, disabled_message, origin, updated_at, owner) FROM stdin;
com.sap.example.addExpenseToReport	Add expense to Berlin draft	\N	UIApplicationShortcutIconTypeAdd	\N	\N	<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>report</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n	0	1	\N	app	2026-03-10T09:00:00Z	alice
com.sap.example.openReport	Open Berlin draft	\N	UIApplicationShortcutIconTypeBookmark	\N	\N	<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>report</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n	1	1	\N	app	2026-03-10T09:00:00Z	alice
\.


--
-- Data for Name: exchange_rates; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.exchange_rates (currency, date, per_eur) FROM stdin;
\.


--
-- Data for Name: expense_receipts; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.expense_receipts (expense_id, receipt_id, attached_at) FROM stdin;
\.


--
-- Data for Name: expenses; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.expenses (id, report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date, rate_source, converted_minor, paid_by, created_at, updated_at, import_batch_id, import_line, import_key, external_id, owner) FROM stdin;
1	1	2026-03-03	taxi	Taxi Walldorf		1250	EUR	1	\N	same	1250	personal	2026-03-10T09:00:00Z	2026-03-10T09:00:00Z	\N	\N	\N	\N	alice
2	2	2026-03-05	per_diem			700	EUR	1	\N	same	700	personal	2026-03-10T09:00:00Z	2026-03-10T09:00:00Z	\N	\N	\N	\N	alice
\.


--
-- Data for Name: import_batches; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.import_batches (id, file, rules, report_id, imported_at, rows_new, rows_duplicate, rows_invalid, rows_skipped, first_expense_id, last_expense_id, undone_at, owner) FROM stdin;
\.


--
-- Data for Name: open_sessions; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.open_sessions (id, pid, host, start_ticks, terminal, opened_at, active_seq, owner) FROM stdin;
\.


--
-- Data for Name: policy_acknowledgements; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.policy_acknowledgements (report_id, violation, actor, at, reason) FROM stdin;
\.


--
-- Data for Name: policy_rules; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.policy_rules (rule, severity) FROM stdin;
\.


--
-- Data for Name: receipt_contents; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.receipt_contents (sha256, chunk, bytes) FROM stdin;
\.


--
-- Data for Name: receipt_inbox_taken; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.receipt_inbox_taken (path, size, modified_ns, receipt_id, taken_at, owner) FROM stdin;
\.


--
-- Data for Name: receipts; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.receipts (id, sha256, media_type, size, original_name, source, captured_at, taken_at, width, height, ocr_status, ocr_note, ocr_text, suggested_merchant, suggested_date, suggested_amount, suggested_currency, suggested_category, owner) FROM stdin;
\.


--
-- Data for Name: report_events; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.report_events (id, report_id, at, actor, action, from_status, to_status, reason, hash) FROM stdin;
1	1	2026-03-10T09:00:00Z	alice	submit	draft	submitted		27ace32b90a3a04108db02287ad90b7c8d3fc5fe6b52b635ef86b5fe924378df
\.


--
-- Data for Name: report_events_head; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.report_events_head (singleton, last_id, last_hash) FROM stdin;
1	1	27ace32b90a3a04108db02287ad90b7c8d3fc5fe6b52b635ef86b5fe924378df
\.


--
-- Data for Name: reports; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.reports (id, title, purpose, destination, start_date, end_date, currency, status, owner, created_at, updated_at, item_count, total_minor) FROM stdin;
1	Walldorf			2026-03-02	2026-03-04	EUR	submitted	alice	2026-03-10T09:00:00Z	2026-03-10T09:00:00Z	1	1250
2	Berlin draft			\N	\N	EUR	draft	alice	2026-03-10T09:00:00Z	2026-03-10T09:00:00Z	1	700
\.


--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.schema_migrations (id, applied_at) FROM stdin;
2026-12-05-pg-v1-team-schema	2026-12-02T23:28:13Z
2026-12-06-pg-v2-totals-held-to-bigint	2026-12-02T23:28:13Z
\.


--
-- Data for Name: shortcut_launches; Type: TABLE DATA; Schema: public; Owner: expenses_admin
--

COPY public.shortcut_launches (id, type, arguments, catalog, state, queued_at, claim_token, claim_pid, claim_host, claim_start_ticks, claimed_at, finished_at, exit_status, attempts, target_session, owner) FROM stdin;
\.


--
-- Name: expenses_id_seq; Type: SEQUENCE SET; Schema: public; Owner: expenses_admin
--

SELECT pg_catalog.setval('public.expenses_id_seq', 2, true);


--
-- Name: import_batches_id_seq; Type: SEQUENCE SET; Schema: public; Owner: expenses_admin
--

SELECT pg_catalog.setval('public.import_batches_id_seq', 1, false);


--
-- Name: open_sessions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: expenses_admin
--

SELECT pg_catalog.setval('public.open_sessions_id_seq', 1, false);


--
-- Name: receipts_id_seq; Type: SEQUENCE SET; Schema: public; Owner: expenses_admin
--

SELECT pg_catalog.setval('public.receipts_id_seq', 1, false);


--
-- Name: report_events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: expenses_admin
--

SELECT pg_catalog.setval('public.report_events_id_seq', 1, true);


--
-- Name: reports_id_seq; Type: SEQUENCE SET; Schema: public; Owner: expenses_admin
--

SELECT pg_catalog.setval('public.reports_id_seq', 2, true);


--
-- Name: shortcut_launches_id_seq; Type: SEQUENCE SET; Schema: public; Owner: expenses_admin
--

SELECT pg_catalog.setval('public.shortcut_launches_id_seq', 1, false);


--
-- Name: app_shortcuts app_shortcuts_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.app_shortcuts
    ADD CONSTRAINT app_shortcuts_pkey PRIMARY KEY (owner, plist_type);


--
-- Name: categories categories_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.categories
    ADD CONSTRAINT categories_pkey PRIMARY KEY (code);


--
-- Name: dynamic_shortcuts dynamic_shortcuts_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.dynamic_shortcuts
    ADD CONSTRAINT dynamic_shortcuts_pkey PRIMARY KEY (owner, type);


--
-- Name: exchange_rates exchange_rates_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.exchange_rates
    ADD CONSTRAINT exchange_rates_pkey PRIMARY KEY (currency, date);


--
-- Name: expense_receipts expense_receipts_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.expense_receipts
    ADD CONSTRAINT expense_receipts_pkey PRIMARY KEY (expense_id, receipt_id);


--
-- Name: expenses expenses_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.expenses
    ADD CONSTRAINT expenses_pkey PRIMARY KEY (id);


--
-- Name: import_batches import_batches_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.import_batches
    ADD CONSTRAINT import_batches_pkey PRIMARY KEY (id);


--
-- Name: open_sessions open_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.open_sessions
    ADD CONSTRAINT open_sessions_pkey PRIMARY KEY (id);


--
-- Name: policy_acknowledgements policy_acknowledgements_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.policy_acknowledgements
    ADD CONSTRAINT policy_acknowledgements_pkey PRIMARY KEY (report_id, violation);


--
-- Name: policy_rules policy_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.policy_rules
    ADD CONSTRAINT policy_rules_pkey PRIMARY KEY (rule);


--
-- Name: receipt_contents receipt_contents_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.receipt_contents
    ADD CONSTRAINT receipt_contents_pkey PRIMARY KEY (sha256, chunk);


--
-- Name: receipt_inbox_taken receipt_inbox_taken_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.receipt_inbox_taken
    ADD CONSTRAINT receipt_inbox_taken_pkey PRIMARY KEY (owner, path, size, modified_ns);


--
-- Name: receipts receipts_owner_sha256_key; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.receipts
    ADD CONSTRAINT receipts_owner_sha256_key UNIQUE (owner, sha256);


--
-- Name: receipts receipts_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.receipts
    ADD CONSTRAINT receipts_pkey PRIMARY KEY (id);


--
-- Name: report_events_head report_events_head_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.report_events_head
    ADD CONSTRAINT report_events_head_pkey PRIMARY KEY (singleton);


--
-- Name: report_events report_events_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.report_events
    ADD CONSTRAINT report_events_pkey PRIMARY KEY (id);


--
-- Name: reports reports_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_pkey PRIMARY KEY (id);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (id);


--
-- Name: shortcut_launches shortcut_launches_pkey; Type: CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.shortcut_launches
    ADD CONSTRAINT shortcut_launches_pkey PRIMARY KEY (id);


--
-- Name: expense_receipts_by_receipt; Type: INDEX; Schema: public; Owner: expenses_admin
--

CREATE INDEX expense_receipts_by_receipt ON public.expense_receipts USING btree (receipt_id, expense_id);


--
-- Name: expenses_by_date_and_import_key; Type: INDEX; Schema: public; Owner: expenses_admin
--

CREATE UNIQUE INDEX expenses_by_date_and_import_key ON public.expenses USING btree (owner, date, import_key);


--
-- Name: expenses_by_external_id; Type: INDEX; Schema: public; Owner: expenses_admin
--

CREATE UNIQUE INDEX expenses_by_external_id ON public.expenses USING btree (owner, external_id) WHERE (external_id IS NOT NULL);


--
-- Name: expenses_by_report_and_date; Type: INDEX; Schema: public; Owner: expenses_admin
--

CREATE INDEX expenses_by_report_and_date ON public.expenses USING btree (report_id, date, id);


--
-- Name: report_events_by_report; Type: INDEX; Schema: public; Owner: expenses_admin
--

CREATE INDEX report_events_by_report ON public.report_events USING btree (report_id, id);


--
-- Name: reports_by_status_and_start; Type: INDEX; Schema: public; Owner: expenses_admin
--

CREATE INDEX reports_by_status_and_start ON public.reports USING btree (((status = 'reimbursed'::text)), start_date DESC, id DESC);


--
-- Name: shortcut_launches_by_state; Type: INDEX; Schema: public; Owner: expenses_admin
--

CREATE INDEX shortcut_launches_by_state ON public.shortcut_launches USING btree (owner, state, id);


--
-- Name: expense_receipts expense_receipts_frozen_delete; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expense_receipts_frozen_delete BEFORE DELETE ON public.expense_receipts FOR EACH ROW EXECUTE FUNCTION public.expense_receipts_frozen();


--
-- Name: expense_receipts expense_receipts_frozen_insert; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expense_receipts_frozen_insert BEFORE INSERT ON public.expense_receipts FOR EACH ROW EXECUTE FUNCTION public.expense_receipts_frozen();


--
-- Name: expense_receipts expense_receipts_same_owner; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expense_receipts_same_owner BEFORE INSERT OR UPDATE ON public.expense_receipts FOR EACH ROW EXECUTE FUNCTION public.expense_receipts_same_owner();


--
-- Name: expenses expenses_count_delete; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expenses_count_delete AFTER DELETE ON public.expenses REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.expenses_count();


--
-- Name: expenses expenses_count_insert; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expenses_count_insert AFTER INSERT ON public.expenses REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.expenses_count();


--
-- Name: expenses expenses_count_update; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expenses_count_update AFTER UPDATE ON public.expenses REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.expenses_count();


--
-- Name: expenses expenses_frozen_delete; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expenses_frozen_delete AFTER DELETE ON public.expenses REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.expenses_frozen_rows();


--
-- Name: expenses expenses_frozen_insert; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expenses_frozen_insert AFTER INSERT ON public.expenses REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.expenses_frozen_rows();


--
-- Name: expenses expenses_frozen_update; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER expenses_frozen_update BEFORE UPDATE ON public.expenses FOR EACH ROW EXECUTE FUNCTION public.expenses_frozen();


--
-- Name: report_events report_events_append_only_delete; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER report_events_append_only_delete BEFORE DELETE ON public.report_events FOR EACH STATEMENT EXECUTE FUNCTION public.report_events_append_only();


--
-- Name: report_events report_events_append_only_truncate; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER report_events_append_only_truncate BEFORE TRUNCATE ON public.report_events FOR EACH STATEMENT EXECUTE FUNCTION public.report_events_append_only();


--
-- Name: report_events report_events_append_only_update; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER report_events_append_only_update BEFORE UPDATE ON public.report_events FOR EACH STATEMENT EXECUTE FUNCTION public.report_events_append_only();


--
-- Name: report_events report_events_hashed_insert; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER report_events_hashed_insert BEFORE INSERT ON public.report_events FOR EACH ROW WHEN (((new.hash IS NULL) OR (new.hash !~ '^[0-9a-f]{64}$'::text))) EXECUTE FUNCTION public.report_events_hashed_insert();


--
-- Name: reports reports_owner_edits; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER reports_owner_edits BEFORE UPDATE ON public.reports FOR EACH ROW EXECUTE FUNCTION public.reports_owner_edits();


--
-- Name: reports reports_status_change; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER reports_status_change BEFORE UPDATE OF status ON public.reports FOR EACH ROW WHEN ((new.status IS DISTINCT FROM old.status)) EXECUTE FUNCTION public.reports_status_change();


--
-- Name: reports reports_status_change_actor; Type: TRIGGER; Schema: public; Owner: expenses_admin
--

CREATE TRIGGER reports_status_change_actor BEFORE UPDATE OF status ON public.reports FOR EACH ROW WHEN ((new.status IS DISTINCT FROM old.status)) EXECUTE FUNCTION public.reports_status_change_actor();


--
-- Name: expense_receipts expense_receipts_expense_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.expense_receipts
    ADD CONSTRAINT expense_receipts_expense_id_fkey FOREIGN KEY (expense_id) REFERENCES public.expenses(id) ON DELETE CASCADE;


--
-- Name: expense_receipts expense_receipts_receipt_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.expense_receipts
    ADD CONSTRAINT expense_receipts_receipt_id_fkey FOREIGN KEY (receipt_id) REFERENCES public.receipts(id);


--
-- Name: expenses expenses_category_fkey; Type: FK CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.expenses
    ADD CONSTRAINT expenses_category_fkey FOREIGN KEY (category) REFERENCES public.categories(code);


--
-- Name: expenses expenses_import_batch_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.expenses
    ADD CONSTRAINT expenses_import_batch_id_fkey FOREIGN KEY (import_batch_id) REFERENCES public.import_batches(id);


--
-- Name: expenses expenses_report_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.expenses
    ADD CONSTRAINT expenses_report_id_fkey FOREIGN KEY (report_id) REFERENCES public.reports(id);


--
-- Name: import_batches import_batches_report_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.import_batches
    ADD CONSTRAINT import_batches_report_id_fkey FOREIGN KEY (report_id) REFERENCES public.reports(id) ON DELETE SET NULL;


--
-- Name: policy_acknowledgements policy_acknowledgements_report_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.policy_acknowledgements
    ADD CONSTRAINT policy_acknowledgements_report_id_fkey FOREIGN KEY (report_id) REFERENCES public.reports(id) ON DELETE CASCADE;


--
-- Name: receipt_inbox_taken receipt_inbox_taken_receipt_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: expenses_admin
--

ALTER TABLE ONLY public.receipt_inbox_taken
    ADD CONSTRAINT receipt_inbox_taken_receipt_id_fkey FOREIGN KEY (receipt_id) REFERENCES public.receipts(id) ON DELETE SET NULL;


--
-- Name: app_shortcuts; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.app_shortcuts ENABLE ROW LEVEL SECURITY;

--
-- Name: app_shortcuts app_shortcuts_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY app_shortcuts_owner ON public.app_shortcuts TO expenses_traveller, expenses_approver, expenses_finance USING ((owner = SESSION_USER)) WITH CHECK ((owner = SESSION_USER));


--
-- Name: dynamic_shortcuts; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.dynamic_shortcuts ENABLE ROW LEVEL SECURITY;

--
-- Name: dynamic_shortcuts dynamic_shortcuts_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY dynamic_shortcuts_owner ON public.dynamic_shortcuts TO expenses_traveller, expenses_approver, expenses_finance USING ((owner = SESSION_USER)) WITH CHECK ((owner = SESSION_USER));


--
-- Name: expense_receipts; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.expense_receipts ENABLE ROW LEVEL SECURITY;

--
-- Name: expense_receipts expense_receipts_of_visible_items; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY expense_receipts_of_visible_items ON public.expense_receipts FOR SELECT TO expenses_approver, expenses_finance USING ((EXISTS ( SELECT 1
   FROM public.expenses e
  WHERE (e.id = expense_receipts.expense_id))));


--
-- Name: expense_receipts expense_receipts_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY expense_receipts_owner ON public.expense_receipts TO expenses_traveller USING ((EXISTS ( SELECT 1
   FROM public.expenses e
  WHERE ((e.id = expense_receipts.expense_id) AND (e.owner = SESSION_USER))))) WITH CHECK ((EXISTS ( SELECT 1
   FROM public.expenses e
  WHERE ((e.id = expense_receipts.expense_id) AND (e.owner = SESSION_USER)))));


--
-- Name: expenses; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.expenses ENABLE ROW LEVEL SECURITY;

--
-- Name: expenses expenses_of_visible_reports; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY expenses_of_visible_reports ON public.expenses FOR SELECT TO expenses_approver, expenses_finance USING ((EXISTS ( SELECT 1
   FROM public.reports r
  WHERE (r.id = expenses.report_id))));


--
-- Name: expenses expenses_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY expenses_owner ON public.expenses TO expenses_traveller USING ((owner = SESSION_USER)) WITH CHECK (((owner = SESSION_USER) AND ((report_id IS NULL) OR (EXISTS ( SELECT 1
   FROM public.reports r
  WHERE ((r.id = expenses.report_id) AND (r.owner = SESSION_USER)))))));


--
-- Name: import_batches; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.import_batches ENABLE ROW LEVEL SECURITY;

--
-- Name: import_batches import_batches_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY import_batches_owner ON public.import_batches TO expenses_traveller, expenses_approver, expenses_finance USING ((owner = SESSION_USER)) WITH CHECK ((owner = SESSION_USER));


--
-- Name: open_sessions; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.open_sessions ENABLE ROW LEVEL SECURITY;

--
-- Name: open_sessions open_sessions_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY open_sessions_owner ON public.open_sessions TO expenses_traveller, expenses_approver, expenses_finance USING ((owner = SESSION_USER)) WITH CHECK ((owner = SESSION_USER));


--
-- Name: policy_acknowledgements; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.policy_acknowledgements ENABLE ROW LEVEL SECURITY;

--
-- Name: policy_acknowledgements policy_acknowledgements_of_visible_reports; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY policy_acknowledgements_of_visible_reports ON public.policy_acknowledgements FOR SELECT TO expenses_traveller, expenses_approver, expenses_finance USING ((EXISTS ( SELECT 1
   FROM public.reports r
  WHERE (r.id = policy_acknowledgements.report_id))));


--
-- Name: policy_acknowledgements policy_acknowledgements_own_insert; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY policy_acknowledgements_own_insert ON public.policy_acknowledgements FOR INSERT TO expenses_traveller, expenses_approver, expenses_finance WITH CHECK (((actor = SESSION_USER) AND (EXISTS ( SELECT 1
   FROM public.reports r
  WHERE (r.id = policy_acknowledgements.report_id)))));


--
-- Name: policy_acknowledgements policy_acknowledgements_own_update; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY policy_acknowledgements_own_update ON public.policy_acknowledgements FOR UPDATE TO expenses_traveller, expenses_approver, expenses_finance USING ((EXISTS ( SELECT 1
   FROM public.reports r
  WHERE (r.id = policy_acknowledgements.report_id)))) WITH CHECK (((actor = SESSION_USER) AND (EXISTS ( SELECT 1
   FROM public.reports r
  WHERE (r.id = policy_acknowledgements.report_id)))));


--
-- Name: receipt_contents; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.receipt_contents ENABLE ROW LEVEL SECURITY;

--
-- Name: receipt_contents receipt_contents_of_visible_receipts; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY receipt_contents_of_visible_receipts ON public.receipt_contents FOR SELECT TO expenses_traveller, expenses_approver, expenses_finance USING ((EXISTS ( SELECT 1
   FROM public.receipts c
  WHERE (c.sha256 = receipt_contents.sha256))));


--
-- Name: receipt_contents receipt_contents_owner_insert; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY receipt_contents_owner_insert ON public.receipt_contents FOR INSERT TO expenses_traveller WITH CHECK ((EXISTS ( SELECT 1
   FROM public.receipts c
  WHERE ((c.sha256 = receipt_contents.sha256) AND (c.owner = SESSION_USER)))));


--
-- Name: receipt_inbox_taken; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.receipt_inbox_taken ENABLE ROW LEVEL SECURITY;

--
-- Name: receipt_inbox_taken receipt_inbox_taken_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY receipt_inbox_taken_owner ON public.receipt_inbox_taken TO expenses_traveller, expenses_approver, expenses_finance USING ((owner = SESSION_USER)) WITH CHECK ((owner = SESSION_USER));


--
-- Name: receipts; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.receipts ENABLE ROW LEVEL SECURITY;

--
-- Name: receipts receipts_of_visible_items; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY receipts_of_visible_items ON public.receipts FOR SELECT TO expenses_approver, expenses_finance USING ((EXISTS ( SELECT 1
   FROM public.expense_receipts l
  WHERE (l.receipt_id = receipts.id))));


--
-- Name: receipts receipts_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY receipts_owner ON public.receipts TO expenses_traveller USING ((owner = SESSION_USER)) WITH CHECK ((owner = SESSION_USER));


--
-- Name: report_events; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.report_events ENABLE ROW LEVEL SECURITY;

--
-- Name: report_events report_events_of_visible_reports; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY report_events_of_visible_reports ON public.report_events FOR SELECT TO expenses_traveller, expenses_approver, expenses_finance USING ((EXISTS ( SELECT 1
   FROM public.reports r
  WHERE (r.id = report_events.report_id))));


--
-- Name: report_events report_events_own_entries; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY report_events_own_entries ON public.report_events FOR INSERT TO expenses_traveller, expenses_approver, expenses_finance WITH CHECK (((actor = SESSION_USER) AND (EXISTS ( SELECT 1
   FROM public.reports r
  WHERE (r.id = report_events.report_id)))));


--
-- Name: reports; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.reports ENABLE ROW LEVEL SECURITY;

--
-- Name: reports reports_approver_select; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY reports_approver_select ON public.reports FOR SELECT TO expenses_approver USING (((owner <> SESSION_USER) AND (status = ANY (ARRAY['submitted'::text, 'approved'::text, 'rejected'::text]))));


--
-- Name: reports reports_approver_update; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY reports_approver_update ON public.reports FOR UPDATE TO expenses_approver USING (((owner <> SESSION_USER) AND (status = 'submitted'::text))) WITH CHECK (((owner <> SESSION_USER) AND (status = ANY (ARRAY['approved'::text, 'rejected'::text]))));


--
-- Name: reports reports_finance_select; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY reports_finance_select ON public.reports FOR SELECT TO expenses_finance USING (((owner <> SESSION_USER) AND (status = ANY (ARRAY['approved'::text, 'reimbursed'::text]))));


--
-- Name: reports reports_finance_update; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY reports_finance_update ON public.reports FOR UPDATE TO expenses_finance USING (((owner <> SESSION_USER) AND (status = 'approved'::text))) WITH CHECK (((owner <> SESSION_USER) AND (status = 'reimbursed'::text)));


--
-- Name: reports reports_owner_delete; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY reports_owner_delete ON public.reports FOR DELETE TO expenses_traveller USING (((owner = SESSION_USER) AND (status = 'draft'::text)));


--
-- Name: reports reports_owner_insert; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY reports_owner_insert ON public.reports FOR INSERT TO expenses_traveller WITH CHECK (((owner = SESSION_USER) AND (status = 'draft'::text) AND (item_count = 0) AND (total_minor = 0)));


--
-- Name: reports reports_owner_select; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY reports_owner_select ON public.reports FOR SELECT TO expenses_traveller USING ((owner = SESSION_USER));


--
-- Name: reports reports_owner_update; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY reports_owner_update ON public.reports FOR UPDATE TO expenses_traveller USING ((owner = SESSION_USER)) WITH CHECK ((owner = SESSION_USER));


--
-- Name: shortcut_launches; Type: ROW SECURITY; Schema: public; Owner: expenses_admin
--

ALTER TABLE public.shortcut_launches ENABLE ROW LEVEL SECURITY;

--
-- Name: shortcut_launches shortcut_launches_owner; Type: POLICY; Schema: public; Owner: expenses_admin
--

CREATE POLICY shortcut_launches_owner ON public.shortcut_launches TO expenses_traveller, expenses_approver, expenses_finance USING ((owner = SESSION_USER)) WITH CHECK ((owner = SESSION_USER));


--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: pg_database_owner
--

GRANT USAGE ON SCHEMA public TO expenses_traveller;
GRANT USAGE ON SCHEMA public TO expenses_approver;
GRANT USAGE ON SCHEMA public TO expenses_finance;


--
-- Name: TABLE app_shortcuts; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.app_shortcuts TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.app_shortcuts TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.app_shortcuts TO expenses_finance;


--
-- Name: TABLE categories; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT ON TABLE public.categories TO expenses_traveller;
GRANT SELECT ON TABLE public.categories TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.categories TO expenses_finance;


--
-- Name: TABLE dynamic_shortcuts; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.dynamic_shortcuts TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.dynamic_shortcuts TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.dynamic_shortcuts TO expenses_finance;


--
-- Name: TABLE exchange_rates; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT ON TABLE public.exchange_rates TO expenses_traveller;
GRANT SELECT ON TABLE public.exchange_rates TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.exchange_rates TO expenses_finance;


--
-- Name: TABLE expense_receipts; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.expense_receipts TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.expense_receipts TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.expense_receipts TO expenses_finance;


--
-- Name: TABLE expenses; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.expenses TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.expenses TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.expenses TO expenses_finance;


--
-- Name: SEQUENCE expenses_id_seq; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,USAGE ON SEQUENCE public.expenses_id_seq TO expenses_traveller;
GRANT SELECT,USAGE ON SEQUENCE public.expenses_id_seq TO expenses_approver;
GRANT SELECT,USAGE ON SEQUENCE public.expenses_id_seq TO expenses_finance;


--
-- Name: TABLE import_batches; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.import_batches TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.import_batches TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.import_batches TO expenses_finance;


--
-- Name: SEQUENCE import_batches_id_seq; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,USAGE ON SEQUENCE public.import_batches_id_seq TO expenses_traveller;
GRANT SELECT,USAGE ON SEQUENCE public.import_batches_id_seq TO expenses_approver;
GRANT SELECT,USAGE ON SEQUENCE public.import_batches_id_seq TO expenses_finance;


--
-- Name: TABLE open_sessions; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.open_sessions TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.open_sessions TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.open_sessions TO expenses_finance;


--
-- Name: SEQUENCE open_sessions_id_seq; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,USAGE ON SEQUENCE public.open_sessions_id_seq TO expenses_traveller;
GRANT SELECT,USAGE ON SEQUENCE public.open_sessions_id_seq TO expenses_approver;
GRANT SELECT,USAGE ON SEQUENCE public.open_sessions_id_seq TO expenses_finance;


--
-- Name: TABLE policy_acknowledgements; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.policy_acknowledgements TO expenses_traveller;
GRANT SELECT,INSERT,UPDATE ON TABLE public.policy_acknowledgements TO expenses_approver;
GRANT SELECT,INSERT,UPDATE ON TABLE public.policy_acknowledgements TO expenses_finance;


--
-- Name: TABLE policy_rules; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT ON TABLE public.policy_rules TO expenses_traveller;
GRANT SELECT ON TABLE public.policy_rules TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.policy_rules TO expenses_finance;


--
-- Name: TABLE receipt_contents; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT ON TABLE public.receipt_contents TO expenses_traveller;
GRANT SELECT,INSERT ON TABLE public.receipt_contents TO expenses_approver;
GRANT SELECT,INSERT ON TABLE public.receipt_contents TO expenses_finance;


--
-- Name: TABLE receipt_inbox_taken; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.receipt_inbox_taken TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.receipt_inbox_taken TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.receipt_inbox_taken TO expenses_finance;


--
-- Name: TABLE receipts; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.receipts TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.receipts TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.receipts TO expenses_finance;


--
-- Name: SEQUENCE receipts_id_seq; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,USAGE ON SEQUENCE public.receipts_id_seq TO expenses_traveller;
GRANT SELECT,USAGE ON SEQUENCE public.receipts_id_seq TO expenses_approver;
GRANT SELECT,USAGE ON SEQUENCE public.receipts_id_seq TO expenses_finance;


--
-- Name: TABLE report_events; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT ON TABLE public.report_events TO expenses_traveller;
GRANT SELECT,INSERT ON TABLE public.report_events TO expenses_approver;
GRANT SELECT,INSERT ON TABLE public.report_events TO expenses_finance;


--
-- Name: TABLE report_events_head; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,UPDATE ON TABLE public.report_events_head TO expenses_traveller;
GRANT SELECT,INSERT,UPDATE ON TABLE public.report_events_head TO expenses_approver;
GRANT SELECT,INSERT,UPDATE ON TABLE public.report_events_head TO expenses_finance;


--
-- Name: SEQUENCE report_events_id_seq; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,USAGE ON SEQUENCE public.report_events_id_seq TO expenses_traveller;
GRANT SELECT,USAGE ON SEQUENCE public.report_events_id_seq TO expenses_approver;
GRANT SELECT,USAGE ON SEQUENCE public.report_events_id_seq TO expenses_finance;


--
-- Name: TABLE reports; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.reports TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.reports TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.reports TO expenses_finance;


--
-- Name: SEQUENCE reports_id_seq; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,USAGE ON SEQUENCE public.reports_id_seq TO expenses_traveller;
GRANT SELECT,USAGE ON SEQUENCE public.reports_id_seq TO expenses_approver;
GRANT SELECT,USAGE ON SEQUENCE public.reports_id_seq TO expenses_finance;


--
-- Name: TABLE schema_migrations; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT ON TABLE public.schema_migrations TO expenses_traveller;
GRANT SELECT ON TABLE public.schema_migrations TO expenses_approver;
GRANT SELECT ON TABLE public.schema_migrations TO expenses_finance;


--
-- Name: TABLE shortcut_launches; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.shortcut_launches TO expenses_traveller;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.shortcut_launches TO expenses_approver;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.shortcut_launches TO expenses_finance;


--
-- Name: SEQUENCE shortcut_launches_id_seq; Type: ACL; Schema: public; Owner: expenses_admin
--

GRANT SELECT,USAGE ON SEQUENCE public.shortcut_launches_id_seq TO expenses_traveller;
GRANT SELECT,USAGE ON SEQUENCE public.shortcut_launches_id_seq TO expenses_approver;
GRANT SELECT,USAGE ON SEQUENCE public.shortcut_launches_id_seq TO expenses_finance;


--
-- PostgreSQL database dump complete
--

\unrestrict bf2SvEfnT18NbfcdRaFXfL5kae12uW4A8hm76XwhPU4pS1LNswhaag7Zk2d7A2Y

