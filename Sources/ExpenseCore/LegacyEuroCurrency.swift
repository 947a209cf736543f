/// The national currencies the euro replaced, each at its irrevocably fixed conversion rate
/// (Council Regulation (EC) No 2866/98 for the first eleven, 1 January 1999, and the regulations
/// amending it as each country joined). Withdrawn from ISO 4217's current list, so not in
/// Data/currencies.csv, but old bank statements are written in them: a bookkeeper converts such
/// an amount to euros at its fixed rate, whatever its day, never at a market rate. The rates are
/// "1 EUR = x", as the ECB's reference rates, so conversions treat them alike (`StoredRates`,
/// the team server's `exchange_rate_on`).
public struct LegacyEuroCurrency: Sendable {
    public let currency: Currency
    /// 1 EUR in this currency, exactly as the regulation fixes it (six significant digits).
    public let perEUR: ExchangeRate
    /// The day the rate was fixed, when the country joined the euro.
    public let since: String

    private init(_ code: String, _ digits: Int, _ name: String, _ perEUR: String, since: String) {
        currency = Currency(code: code, minorDigits: digits, name: name)
        // The table's own literals: checked by a test, never a user's text.
        self.perEUR = try! ExchangeRate.parse(perEUR)
        self.since = since
    }

    /// Each with ISO 4217's minor digits of its day: none for the franc of Belgium and Luxembourg,
    /// the drachma, the peseta, the lira and the escudo, whose subunits were no longer in use.
    public static let all: [LegacyEuroCurrency] = [
        .init("ATS", 2, "Austrian Schilling", "13.7603", since: "1999-01-01"),
        .init("BEF", 0, "Belgian Franc", "40.3399", since: "1999-01-01"),
        .init("DEM", 2, "Deutsche Mark", "1.95583", since: "1999-01-01"),
        .init("ESP", 0, "Spanish Peseta", "166.386", since: "1999-01-01"),
        .init("FIM", 2, "Markka", "5.94573", since: "1999-01-01"),
        .init("FRF", 2, "French Franc", "6.55957", since: "1999-01-01"),
        .init("IEP", 2, "Irish Pound", "0.787564", since: "1999-01-01"),
        .init("ITL", 0, "Italian Lira", "1936.27", since: "1999-01-01"),
        .init("LUF", 0, "Luxembourg Franc", "40.3399", since: "1999-01-01"),
        .init("NLG", 2, "Netherlands Guilder", "2.20371", since: "1999-01-01"),
        .init("PTE", 0, "Portuguese Escudo", "200.482", since: "1999-01-01"),
        .init("GRD", 0, "Drachma", "340.750", since: "2001-01-01"),
        .init("SIT", 2, "Tolar", "239.640", since: "2007-01-01"),
        .init("CYP", 2, "Cyprus Pound", "0.585274", since: "2008-01-01"),
        .init("MTL", 2, "Maltese Lira", "0.429300", since: "2008-01-01"),
        .init("SKK", 2, "Slovak Koruna", "30.1260", since: "2009-01-01"),
        .init("EEK", 2, "Kroon", "15.6466", since: "2011-01-01"),
        .init("LVL", 2, "Latvian Lats", "0.702804", since: "2014-01-01"),
        .init("LTL", 2, "Lithuanian Litas", "3.45280", since: "2015-01-01"),
        .init("HRK", 2, "Kuna", "7.53450", since: "2023-01-01"),
    ]

    private static let byCode = Dictionary(uniqueKeysWithValues: all.map { ($0.currency.code, $0) })

    /// The legacy currency with `code` (upper case), if it is one.
    public static func named(_ code: String) -> LegacyEuroCurrency? { byCode[code] }

    /// 1 EUR in the legacy currency `code`, or nil for any other code.
    public static func perEUR(_ code: String) -> ExchangeRate? { byCode[code]?.perEUR }
}
