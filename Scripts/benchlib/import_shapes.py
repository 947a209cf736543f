"""The shapes of statement the import section measures, each a deterministic file of N rows, the
rules that read it, and how sqlite3 reads it for B and turns it into what the app stores for D.

A shape's COLUMNS are those of B's bare table; SEPARATOR and SKIP say how sqlite3 reads the file
(SKIP: the lines before the first row); ROWS is a SELECT over B's table `t` giving what the app
stores of each row (see import_sql.floor_sql); write_csv(rows, path) writes its statement."""

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

# What D stores as import_key where the app stores a content fingerprint: a 64-bit hash needs
# wrapping multiplication, which SQLite's integers do not have (they turn into reals), so D mixes
# the row number instead: as unique, as spread within a day, and the same on a second run.
FLOOR_KEY = "(rowid * 2654435761) % 4294967291"


@dataclass(frozen=True)
class Shape:
    name: str
    title: str
    rules: Callable[[Path], str]  # the rules file's text, from the package's root
    columns: str
    separator: str
    skip: int
    rows: str
    write_csv: Callable[[int, Path], None]


def write_statement(rows: int, path: Path) -> None:
    """1,000 days from 2023-01-02 with ROWS/1000 rows a day, 14 merchants with 97 branch numbers,
    amounts 1.00-2500.00, a fifth of the descriptions quoted, EUR with every tenth row in USD or
    CHF, CRLF line ends, an empty category column."""
    merchants = ["HOTEL ASTORIA", "UBER *TRIP", "STARBUCKS", "DB FERNVERKEHR", "LUFTHANSA", "SIXT RENT A CAR", "SHELL",
                 "GASTHAUS ZUM OCHSEN", "AMAZON MKTPLACE", "TAXI BERLIN", "MARRIOTT", "BAHNHOF BUFFET", "EUROPCAR", "APCOA PARKING"]
    start, per_day = datetime.date(2023, 1, 2), max(1, rows // 1000)
    with open(path, "w", newline="") as out:
        out.write("Date,Description,Amount,Currency,Category\r\n")
        text = ""
        for i in range(rows):
            if i % per_day == 0:
                text = (start + datetime.timedelta(days=i // per_day)).strftime("%d.%m.%Y")
            merchant = f"{merchants[(i * 5) % len(merchants)]} {i % 97}"
            if i % 5 == 0:
                merchant = f'"{merchant}"'
            cents = 100 + (i * 7919) % 250000
            currency = "EUR" if i % 10 else ("USD" if i % 20 else "CHF")
            out.write(f"{text},{merchant},{cents // 100}.{cents % 100:02d},{currency},\r\n")


STATEMENT_RULES = """date-format %d.%m.%Y
date = Date
merchant = Description
amount = Amount
currency = Currency
category = Category
default category other
if merchant matches HOTEL|MARRIOTT then category lodging
if merchant matches ^UBER|TAXI then category taxi
if merchant matches STARBUCKS|GASTHAUS|BUFFET then category meals"""

STATEMENT = Shape(
    name="statement",
    title="the bench's card statement: a category column, content fingerprints, 3 rules",
    rules=lambda root: STATEMENT_RULES,
    columns="date TEXT, description TEXT, amount TEXT, currency TEXT, category TEXT",
    separator=",",
    skip=1,
    rows=f"""SELECT rowid + 1 AS line, substr(date, 7, 4) || '-' || substr(date, 4, 2) || '-' || substr(date, 1, 2) AS date,
        CASE WHEN description LIKE '%STARBUCKS%' OR description LIKE '%GASTHAUS%' OR description LIKE '%BUFFET%' THEN 'meals'
             WHEN description LIKE 'UBER%' OR description LIKE '%TAXI%' THEN 'taxi'
             WHEN description LIKE '%HOTEL%' OR description LIKE '%MARRIOTT%' THEN 'lodging'
             ELSE coalesce(nullif(lower(category), ''), 'other') END AS category,
        description AS merchant, '' AS description, CAST(replace(amount, '.', '') AS INTEGER) AS amount_minor, currency,
        'personal' AS paid_by, {FLOOR_KEY} AS import_key, NULL AS external_id FROM b.t""",
    write_csv=write_statement,
)


def write_card(rows: int, path: Path) -> None:
    """US dates, amounts with thousands separators (quoted from 1,000.00), 10 merchants (two
    quoted, one with quotes inside), EUR with every tenth row in USD or CHF, references
    R000000001... as external ids."""
    merchants = ["HOTEL ASTORIA WALLDORF", "UBER *TRIP HELP.UBER.COM", '"BAHNHOF BUFFET, BASEL"', '"STARBUCKS ""MAIN STATION"""',
                 "DB FERNVERKEHR", "MARRIOTT FRANKFURT", "TAXI BERLIN 24", "LUFTHANSA", "SIXT RENT A CAR", "AMAZON MKTPLACE"]
    start, per_day = datetime.date(2023, 1, 2), max(1, rows // 1000)
    with open(path, "w", newline="") as out:
        out.write("Date,Description,Amount,Currency,Reference\n")
        text = ""
        for i in range(rows):
            if i % per_day == 0:
                text = (start + datetime.timedelta(days=i // per_day)).strftime("%m/%d/%Y")
            cents = 100 + (i * 7919) % 250000
            amount = f"{cents // 100:,}.{cents % 100:02d}"
            if cents >= 100000:
                amount = f'"{amount}"'
            currency = "EUR" if i % 10 else ("USD" if i % 20 else "CHF")
            out.write(f"{text},{merchants[(i * 7) % len(merchants)]},{amount},{currency},R{i + 1:09d}\n")


# A card export as the README's amex rules read it. The skip rule (^PAYMENT RECEIVED) matches no
# row of the file; D tests it all the same.
CARD = Shape(
    name="card",
    title="a card export: external ids, the README's amex rules",
    rules=lambda root: (root / "Tests/Fixtures/import/amex.rules").read_text().rstrip("\n"),
    columns="date TEXT, description TEXT, amount TEXT, currency TEXT, reference TEXT",
    separator=",",
    skip=1,
    rows="""SELECT rowid + 1 AS line, substr(date, 7, 4) || '-' || substr(date, 1, 2) || '-' || substr(date, 4, 2) AS date,
        CASE WHEN description LIKE 'DB%' THEN 'rail'
             WHEN description LIKE '%BUFFET%' OR description LIKE '%STARBUCKS%' OR description LIKE '%RESTAURANT%' THEN 'meals'
             WHEN description LIKE 'UBER%' OR description LIKE '%TAXI%' THEN 'taxi'
             WHEN description LIKE '%HOTEL%' OR description LIKE '%MARRIOTT%' OR description LIKE '%HILTON%' THEN 'lodging'
             ELSE 'other' END AS category,
        CASE WHEN description LIKE 'UBER%' THEN 'Uber' ELSE description END AS merchant, '' AS description,
        CAST(replace(replace(amount, ',', ''), '.', '') AS INTEGER) AS amount_minor, currency, 'company' AS paid_by,
        NULL AS import_key, reference AS external_id FROM b.t WHERE description NOT LIKE 'PAYMENT RECEIVED%'""",
    write_csv=write_card,
)


def write_bank(rows: int, path: Path) -> None:
    """Windows-1252 (umlauts in 8 of 10 merchants and in the purposes), ';', every field quoted and
    a trailing ';', a preamble of five lines, dd.mm.yyyy, amounts as -1.234,56, CRLF, no
    transaction id, with every fiftieth row the same payment as the one before it (a second
    coffee)."""
    merchants = ["Hotel Astoria Walldorf", "Taxi Müller", "Gasthaus Zum Löwen", "DB Fernverkehr AG", "Bäckerei Kröger",
                 "Café Kränzler", "Tankstelle Süd", "Restaurant Über den Dächern", "Parkhaus Düsseldorf Hbf", "Drogerie Weiß"]
    kinds = ["Kartenzahlung", "Lastschrift", "Überweisung"]
    purposes = ["Übernachtung", "Fahrt zum Kunden", "Mittagessen", "Fahrkarte", "Einkauf"]
    start, per_day = datetime.date(2023, 1, 2), max(1, rows // 1000)
    with open(path, "w", encoding="cp1252", newline="") as out:
        out.write('"Kontonummer:";"DE12 5001 0517 0648 4898 90 / Girokonto";\r\n"Von:";"02.01.2023";\r\n'
                  '"Bis:";"28.09.2025";\r\n"Kontostand vom 28.09.2025:";"4.512,33 EUR";\r\n\r\n'
                  '"Buchungstag";"Wertstellung";"Buchungstext";"Auftraggeber / Begünstigter";"Verwendungszweck";"Betrag (EUR)";\r\n')
        text = ""
        for i in range(rows):
            if i % per_day == 0:
                text = (start + datetime.timedelta(days=i // per_day)).strftime("%d.%m.%Y")
            k = i - 1 if i % 50 == 1 else i
            cents = 100 + (k * 7919) % 250000
            amount = f"-{cents // 100:,}".replace(",", ".") + f",{cents % 100:02d}"
            out.write(
                f'"{text}";"{text}";"{kinds[i % 3]}";"{merchants[(k * 7) % 10]}";"{purposes[i % 5]} {i % 97}";"{amount}";\r\n'
            )


def _decoded(column: str) -> str:
    """COLUMN with the Windows-1252 letters the file has as UTF-8, as the app decodes every byte."""
    for byte, letter in [("E4", "ä"), ("F6", "ö"), ("FC", "ü"), ("C4", "Ä"), ("D6", "Ö"), ("DC", "Ü"), ("DF", "ß"), ("E9", "é")]:
        column = f"replace({column}, X'{byte}', '{letter}')"
    return column


# A German bank's account export as the README's rules read it: content fingerprints.
BANK = Shape(
    name="bank",
    title="a German bank export: Windows-1252, ';', decimal comma, a preamble, content fingerprints",
    rules=lambda root: (root / "Tests/Fixtures/import/bank-de.rules").read_text().rstrip("\n"),
    columns="booked TEXT, valued TEXT, kind TEXT, merchant TEXT, purpose TEXT, amount TEXT, rest TEXT",
    separator=";",
    skip=6,
    rows=f"""SELECT rowid + 6 AS line, substr(booked, 7, 4) || '-' || substr(booked, 4, 2) || '-' || substr(booked, 1, 2) AS date,
        CASE WHEN merchant LIKE 'db%' THEN 'rail' WHEN merchant LIKE '%gasthaus%' OR merchant LIKE '%restaurant%' THEN 'meals'
             WHEN merchant LIKE '%taxi%' THEN 'taxi' WHEN merchant LIKE '%hotel%' THEN 'lodging' ELSE 'other' END AS category,
        {_decoded("merchant")} AS merchant, {_decoded("kind || ' ' || purpose")} AS description,
        -CAST(replace(replace(amount, '.', ''), ',', '') AS INTEGER) AS amount_minor,
        'EUR' AS currency, 'personal' AS paid_by, {FLOOR_KEY} AS import_key, NULL AS external_id FROM b.t""",
    write_csv=write_bank,
)

SHAPES = {shape.name: shape for shape in (STATEMENT, CARD, BANK)}
