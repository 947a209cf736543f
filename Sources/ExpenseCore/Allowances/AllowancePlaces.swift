import ExpenseSupport

/// The places the per-diem table names, by what a person types: the table's own (German) name
/// ("Mailand") or a usual spelling of it ("Milan", "Milano"), in any case, with or without
/// accents and punctuation ("sao paulo", "washington dc"). The spellings beside the table's names
/// are Resources/allowance-places.csv (`country,place,alias`).
public enum AllowancePlaces {
    /// The table's name of the place `text` means in `country`, one of `places` (the table's
    /// names there, `AllowanceRateTable.places(of:)`); nil when it is none of them nor a spelling
    /// of one.
    public static func canonical(_ text: String, in country: CountryCode, places: [String]) -> String? {
        let wanted = key(text)
        guard !wanted.isEmpty else { return nil }
        if let place = places.first(where: { key($0) == wanted }) { return place }
        let alias = aliases.first { $0.country == country && key($0.alias) == wanted }
        return alias.flatMap { alias in places.first { $0 == alias.place } }
    }

    /// A spelling of a place the table names.
    struct Alias: Equatable {
        let country: CountryCode
        let place: String
        let alias: String
    }

    /// The shipped spellings; a broken file is a build that a test refuses.
    static let aliases: [Alias] = {
        do {
            return try parse(String(decoding: PackageResources.allowance_places_csv, as: UTF8.self))
        } catch {
            fatalError("the shipped allowance-places.csv is broken: \(error)")  // a test reads it
        }
    }()

    /// The rows of `country,place,alias` (no quoted fields).
    static func parse(_ csv: String) throws(ExpenseError) -> [Alias] {
        let lines = csv.split(separator: "\n").map { $0.trimmingSpaces }
        guard lines.first == "country,place,alias" else {
            throw ExpenseError(.invalidData, "the header of allowance-places.csv is not country,place,alias")
        }
        var rows: [Alias] = []
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else {
                throw ExpenseError(.invalidData, "not country,place,alias", location: "allowance-places.csv:\(offset + 1)")
            }
            do {
                rows.append(Alias(country: try CountryCode.parse(fields[0]), place: fields[1], alias: fields[2]))
            } catch {
                throw error.located("allowance-places.csv:\(offset + 1)")
            }
        }
        return rows
    }

    /// The letters and digits of a name, case folded and without accents: "São Paulo" and
    /// "sao-paulo" are "saopaulo".
    static func key(_ text: String) -> String {
        MerchantName.split(text[...]).joined()
    }
}
