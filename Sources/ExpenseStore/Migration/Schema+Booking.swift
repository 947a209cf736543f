import ExpenseSupport

extension Schema {
    /// Issue 41: the journal's charts of accounts as data (DATEV's SKR03 and SKR04 accounts for
    /// travel costs, by category and role), the chart in use, and what was exported to the books,
    /// so that a report is booked once. Literal SQL, as every migration is to be: nothing in it
    /// moves when the app's types (`AccountChart.shipped`) do.
    static func addBooking(_ db: Database) throws {
        try db.execute(SQL(verbatim: booking))
    }

    static let booking = """
        CREATE TABLE chart_accounts (
            chart TEXT NOT NULL CHECK (chart IN ('skr03', 'skr04')),
            account_key TEXT NOT NULL CHECK (length(account_key) BETWEEN 1 AND 40),
            number TEXT NOT NULL CHECK (length(number) BETWEEN 4 AND 8 AND number NOT GLOB '*[^0-9]*'),
            title TEXT NOT NULL CHECK (length(title) <= 80),
            PRIMARY KEY (chart, account_key)
        );
        INSERT INTO chart_accounts (chart, account_key, number, title) VALUES
            ('skr03', 'airfare', '4663', 'Reisekosten Arbeitnehmer Fahrtkosten'), ('skr04', 'airfare', '6663', 'Reisekosten Arbeitnehmer Fahrtkosten'),
            ('skr03', 'car_rental', '4663', 'Reisekosten Arbeitnehmer Fahrtkosten'), ('skr04', 'car_rental', '6663', 'Reisekosten Arbeitnehmer Fahrtkosten'),
            ('skr03', 'fuel', '4663', 'Reisekosten Arbeitnehmer Fahrtkosten'), ('skr04', 'fuel', '6663', 'Reisekosten Arbeitnehmer Fahrtkosten'),
            ('skr03', 'parking', '4663', 'Reisekosten Arbeitnehmer Fahrtkosten'), ('skr04', 'parking', '6663', 'Reisekosten Arbeitnehmer Fahrtkosten'),
            ('skr03', 'public_transport', '4663', 'Reisekosten Arbeitnehmer Fahrtkosten'), ('skr04', 'public_transport', '6663', 'Reisekosten Arbeitnehmer Fahrtkosten'),
            ('skr03', 'rail', '4663', 'Reisekosten Arbeitnehmer Fahrtkosten'), ('skr04', 'rail', '6663', 'Reisekosten Arbeitnehmer Fahrtkosten'),
            ('skr03', 'taxi', '4663', 'Reisekosten Arbeitnehmer Fahrtkosten'), ('skr04', 'taxi', '6663', 'Reisekosten Arbeitnehmer Fahrtkosten'),
            ('skr03', 'lodging', '4666', 'Reisekosten Arbeitnehmer Übernachtungsaufwand'), ('skr04', 'lodging', '6660', 'Reisekosten Arbeitnehmer Übernachtungsaufwand'),
            ('skr03', 'mileage', '4668', 'Kilometergelderstattung Arbeitnehmer'), ('skr04', 'mileage', '6668', 'Kilometergelderstattung Arbeitnehmer'),
            ('skr03', 'per_diem', '4664', 'Reisekosten Arbeitnehmer Verpflegungsmehraufwand'), ('skr04', 'per_diem', '6664', 'Reisekosten Arbeitnehmer Verpflegungsmehraufwand'),
            ('skr03', 'meals', '4660', 'Reisekosten Arbeitnehmer'), ('skr04', 'meals', '6650', 'Reisekosten Arbeitnehmer'),
            ('skr03', 'phone', '4660', 'Reisekosten Arbeitnehmer'), ('skr04', 'phone', '6650', 'Reisekosten Arbeitnehmer'),
            ('skr03', 'entertainment', '4660', 'Reisekosten Arbeitnehmer'), ('skr04', 'entertainment', '6650', 'Reisekosten Arbeitnehmer'),
            ('skr03', 'office', '4660', 'Reisekosten Arbeitnehmer'), ('skr04', 'office', '6650', 'Reisekosten Arbeitnehmer'),
            ('skr03', 'other', '4660', 'Reisekosten Arbeitnehmer'), ('skr04', 'other', '6650', 'Reisekosten Arbeitnehmer'),
            ('skr03', 'per-diem', '4664', 'Reisekosten Arbeitnehmer Verpflegungsmehraufwand'), ('skr04', 'per-diem', '6664', 'Reisekosten Arbeitnehmer Verpflegungsmehraufwand'),
            ('skr03', 'vat-7', '1571', 'Abziehbare Vorsteuer 7 %'), ('skr04', 'vat-7', '1401', 'Abziehbare Vorsteuer 7 %'),
            ('skr03', 'vat-19', '1576', 'Abziehbare Vorsteuer 19 %'), ('skr04', 'vat-19', '1406', 'Abziehbare Vorsteuer 19 %'),
            ('skr03', 'payable', '1740', 'Verbindlichkeiten aus Lohn und Gehalt'), ('skr04', 'payable', '3720', 'Verbindlichkeiten aus Lohn und Gehalt'),
            ('skr03', 'advance', '1530', 'Forderungen gegen Personal aus Lohn- und Gehaltsabrechnung'), ('skr04', 'advance', '1340', 'Forderungen gegen Personal aus Lohn- und Gehaltsabrechnung'),
            ('skr03', 'bank', '1200', 'Bank'), ('skr04', 'bank', '1800', 'Bank'),
            ('skr03', 'card', '1360', 'Geldtransit'), ('skr04', 'card', '1460', 'Geldtransit');
        CREATE TABLE booking_chart (
            singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1),
            chart TEXT NOT NULL CHECK (chart IN ('skr03', 'skr04'))
        );
        CREATE TABLE journal_exports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            actor TEXT NOT NULL,
            from_date TEXT NOT NULL,
            to_date TEXT NOT NULL,
            format TEXT NOT NULL CHECK (format IN ('datev', 'hledger', 'beancount', 'csv'))
        );
        CREATE TABLE journal_exported (
            export_id INTEGER NOT NULL REFERENCES journal_exports (id),
            report_id INTEGER NOT NULL REFERENCES reports (id),
            kind TEXT NOT NULL CHECK (kind IN ('report', 'payment')),
            PRIMARY KEY (export_id, report_id, kind)
        );
        CREATE INDEX journal_exported_report ON journal_exported (report_id, kind);
        """
}
