"""The import section's files: the statements of each shape, the rates, the template databases,
and the SQL of the floors beside the app (D, E, S)."""

import datetime
import hashlib
import inspect
import shutil
import subprocess
from pathlib import Path

from .bench import Bench
from .errors import die, log
from .import_shapes import Shape
from .run import Command, quiet, remove, remove_database, sqlite

# What an import stored, to hold the app's rows and D's side by side: any difference in what D
# computes (a category rule, a decoded merchant, a rate) shows here.
IMPORT_SUMMARY_SQL = """SELECT count(*), sum(amount_minor), count(DISTINCT merchant), count(DISTINCT description), count(external_id),
    count(import_key), sum(rate_source = 'table'), count(DISTINCT rate), count(DISTINCT rate_date), group_concat(DISTINCT paid_by) FROM expenses;
    SELECT category, count(*), min(merchant), max(merchant) FROM expenses GROUP BY category ORDER BY category;"""

HLEDGER_RULES = """skip 1
fields date, description, amount, currency, category
date-format %d.%m.%Y
account1 expenses:other
account2 liabilities:card
if HOTEL|MARRIOTT
  account1 expenses:lodging
if ^UBER|TAXI
  account1 expenses:taxi
if STARBUCKS|GASTHAUS|BUFFET
  account1 expenses:meals
"""


def sql_quote(text: str | Path) -> str:
    return "'" + str(text).replace("'", "''") + "'"


def batch_sql(database: Path, rows: str) -> str:
    """One import batch as D and S store it: DATABASE attached as b, a batch, the rows of the
    SELECT ROWS (the columns below, in order) in one INSERT, and the report's totals once."""
    return f"""PRAGMA foreign_keys = ON; ATTACH {sql_quote(database)} AS b; BEGIN IMMEDIATE;
INSERT INTO import_batches (file, rules, imported_at) VALUES ('bench', 'bench', 'now');
INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
                      rate_source, converted_minor, paid_by, created_at, updated_at, import_batch_id, import_line,
                      import_key, external_id)
{rows} WHERE true ON CONFLICT DO NOTHING;
UPDATE reports SET item_count = (SELECT count(*) FROM expenses), total_minor = (SELECT sum(converted_minor) FROM expenses);
COMMIT;
"""


def floor_sql(shape: Shape, loaded: Path) -> str:
    """D, SQLite's own share of an import. B's parsed rows (LOADED, attached as b) turned by the
    shape's ROWS into what the app stores (ISO dates, minor units, the rules' categories by LIKE,
    which ignores ASCII case as the rules do and costs SQLite less than its REGEXP, decoded text,
    external ids or keys), converted where the currency is not the report's at the ECB rate of the
    day or the last before it (looked up per row, the app asks once a day), inserted into the
    app's schema — its CHECK constraints, foreign keys and unique indexes, with ON CONFLICT DO
    NOTHING as the app deduplicates; the per-row INSERT triggers set aside, as the app does — in
    one transaction with the report's totals updated once."""
    rate = "FROM exchange_rates WHERE currency = r.currency AND date <= r.date ORDER BY date DESC LIMIT 1"
    return batch_sql(
        loaded,
        f"""WITH r AS ({shape.rows})
SELECT 1, date, category, merchant, description, amount_minor, currency,
       CASE currency WHEN 'EUR' THEN '1' ELSE (SELECT CASE per_eur WHEN '1' THEN '1' ELSE '1/' || per_eur END {rate}) END,
       CASE currency WHEN 'EUR' THEN NULL ELSE (SELECT date {rate}) END,
       CASE currency WHEN 'EUR' THEN 'same' ELSE 'table' END,
       CASE currency WHEN 'EUR' THEN amount_minor ELSE (SELECT CAST(round(r.amount_minor / CAST(per_eur AS REAL)) AS INTEGER) {rate}) END,
       paid_by, 'now', 'now', (SELECT max(id) FROM main.import_batches), line, import_key, external_id
FROM r""",
    )


def store_sql(stored: Path) -> str:
    """S, SQLite storing rows already made: the app's own rows, as it stored them in STORED,
    copied into the schema as D stores its rows. No importer that uses this schema can be faster
    than S on the machine at that moment."""
    columns = """report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
                   rate_source, converted_minor, paid_by, created_at, updated_at"""
    return batch_sql(
        stored,
        f"SELECT {columns}, (SELECT max(id) FROM main.import_batches), import_line, import_key, external_id FROM b.expenses",
    )


def sqlite3_import(shape: Shape, csv: Path, database: Path) -> Command:
    """B: sqlite3 loading the shape's file into a bare table."""
    return ["sqlite3", str(database), f"CREATE TABLE t ({shape.columns})", ".mode csv",
            f".separator {shape.separator}", f".import --skip {shape.skip} {csv} t"]


def shape_csv(bench: Bench, shape: Shape, rows: int) -> Path:
    """The shape's statement of ROWS rows, generated once per size and generator."""
    key = hashlib.sha256(inspect.getsource(shape.write_csv).encode()).hexdigest()[:12]
    directory = bench.work / "import"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{shape.name}-{rows}-{key}.csv"
    if not path.exists():
        for old in directory.glob(f"{shape.name}-{rows}-*.csv"):
            remove(old)
        log(f"generating a {rows}-row {shape.name} statement in {path}")
        part = Path(f"{path}.part")
        shape.write_csv(rows, part)
        part.rename(path)
    return path


def write_rates(path: Path) -> None:
    """ECB-style rates for 2022-11 to 2026-01 (working days; N/A for GBP as in the real file)."""
    day, first, i = datetime.date(2026, 1, 30), datetime.date(2022, 11, 1), 0
    with open(path, "w") as out:
        out.write("Date,USD,JPY,CHF,GBP,\n")
        while day >= first:
            if day.weekday() < 5:
                out.write(f"{day},{1.05 + (i % 97) / 1000:.4f},{150 + (i % 89) / 10:.2f},{0.95 + (i % 53) / 1000:.4f},N/A,\n")
            day -= datetime.timedelta(days=1)
            i += 1


def import_fixtures(bench: Bench, directory: Path) -> None:
    """The files every shape shares: the rates, hledger's rules, and template databases copied
    fresh before each timed run: the app's with the report and the rates; D's, the same without
    the per-row INSERT triggers (the app sets them aside during an import too, keeping the report
    totals in one UPDATE instead); E's, the expense row alone."""
    directory.mkdir(parents=True, exist_ok=True)
    write_rates(directory / "rates.csv")
    (directory / "statement.hledger.rules").write_text(HLEDGER_RULES)
    template, floor, row = directory / "template.sqlite", directory / "template-floor.sqlite", directory / "template-row.sqlite"
    remove_database(template)
    remove(floor)
    quiet(bench.expenses("--db", template, "report", "new", "Bench trip", "--currency", "EUR"), "report new")
    quiet(bench.expenses("--db", template, "rates", "import", directory / "rates.csv"), "rates import")
    shutil.copyfile(template, floor)
    if sqlite_fails(floor, "DROP TRIGGER expenses_count_insert; DROP TRIGGER expenses_frozen_insert"):
        die("the schema's INSERT triggers changed; update the bench's floor (D)")
    # For E: the same columns (taken from the schema), in a WAL database, with no index, CHECK,
    # foreign key or trigger: what storing the row costs before any rule.
    columns = sqlite(template, "SELECT group_concat(name || ' ' || type, ', ') FROM pragma_table_info('expenses') WHERE name <> 'id'")
    remove_database(row)
    sqlite(
        row,
        f"""PRAGMA journal_mode = WAL;
        CREATE TABLE import_batches (id INTEGER PRIMARY KEY, file, rules, imported_at);
        CREATE TABLE expenses (id INTEGER PRIMARY KEY AUTOINCREMENT, {columns});
        CREATE TABLE exchange_rates (currency, date, per_eur);
        CREATE TABLE reports (item_count, total_minor); INSERT INTO reports VALUES (0, 0);""",
    )


def sqlite_fails(database: Path, sql: str) -> bool:
    return subprocess.run(["sqlite3", str(database), sql], stdin=subprocess.DEVNULL).returncode != 0


def checkpoint_copy(database: Path, copy: Path) -> None:
    """A copy of DATABASE whole in one file: its WAL checkpointed into it first."""
    sqlite(database, "PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(database, copy)

