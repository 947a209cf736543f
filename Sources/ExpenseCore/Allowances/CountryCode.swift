import ExpenseSupport

/// A country as its ISO 3166-1 alpha-2 code ("DE", "FR"): two ASCII letters, kept upper case.
/// Only the shape is checked; whether the allowance table knows the country is the table's answer.
public struct CountryCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let code: String

    /// Reads "de", " FR ": two ASCII letters, spaces around them ignored.
    public static func parse(_ text: String) throws(ExpenseError) -> CountryCode {
        let letters = text.trimmingSpaces.uppercased()
        guard letters.utf8.count == 2, letters.utf8.allSatisfy({ (65...90).contains($0) }) else {
            throw ExpenseError(
                .invalidData, "invalid country '\(text)'", hint: "write the ISO 3166-1 alpha-2 code, e.g. DE, FR, US")
        }
        return CountryCode(checked: letters)
    }

    private init(checked: String) { code = checked }

    /// Whether the code is a country at all: one of ISO 3166-1's officially assigned codes, or
    /// Kosovo's XK, which the per-diem tables list. A country that the allowance table has no rates
    /// for is missing its rates; a code that is no country is a typing error.
    public var isCountry: Bool { Self.countries.contains(code) }

    /// ISO 3166-1 alpha-2's officially assigned codes (as tzdata's iso3166.tab lists them) and XK.
    private static let countries = Set(
        """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT
        BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH
        ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT
        HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS
        LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI
        NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG
        SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG
        UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
        """
        .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) + ["XK"])

    /// Germany, the shipped home country.
    public static let germany = CountryCode(checked: "DE")

    /// Luxembourg, whose rates the BMF applies to a country its table does not list.
    public static let luxembourg = CountryCode(checked: "LU")

    public var description: String { code }

    public static func < (lhs: CountryCode, rhs: CountryCode) -> Bool { lhs.code < rhs.code }
}
