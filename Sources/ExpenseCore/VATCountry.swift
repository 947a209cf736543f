import ExpenseSupport

/// Which country's VAT rates an item's bill is checked against, from what the model knows of
/// where it was spent: the trip's stop on the item's day (a stop holds from its day on), else the
/// report's country, else the one country whose currency the bill is in, else Germany, the home
/// country. The euro names no one country, so a bill in euros on a trip without a country is
/// Germany's.
public enum VATCountry {
    /// The country of an item on `day` in `currency`, of a report with `stops` and `country`.
    public static func of(
        day: CalendarDate, currency: Currency, stops: [CalendarDate: CountryCode] = [:], reportCountry: CountryCode? = nil
    ) -> CountryCode {
        if let stop = stops.filter({ $0.key <= day }).max(by: { $0.key < $1.key }) { return stop.value }
        if let reportCountry { return reportCountry }
        if let code = countryOfCurrency[currency.code], let country = try? CountryCode.parse(code) { return country }
        return .germany
    }

    /// Currencies that one country issues (or that are its own by far): a bill in them was most
    /// likely spent there. The euro, the dollar's many users, are not in it.
    public static let countryOfCurrency: [String: String] = [
        "CHF": "CH", "GBP": "GB", "DKK": "DK", "SEK": "SE", "NOK": "NO", "PLN": "PL", "CZK": "CZ", "HUF": "HU",
        "RON": "RO", "BGN": "BG", "ISK": "IS", "TRY": "TR", "USD": "US", "CAD": "CA", "AUD": "AU", "NZD": "NZ",
        "JPY": "JP", "CNY": "CN", "INR": "IN", "SGD": "SG", "HKD": "HK", "KRW": "KR", "MXN": "MX", "BRL": "BR",
        "ZAR": "ZA",
    ]
}
