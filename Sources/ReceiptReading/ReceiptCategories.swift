/// Guesses an expense category from the words on a receipt: a hotel bill is lodging, a taxi
/// receipt taxi. Words of the merchant's line count three times, since a hotel bill also lists
/// breakfast and a taxi ride may end at a railway station.
public enum ReceiptCategories {
    /// Word prefixes per category code (folded: lower case, no accents; German compounds match by
    /// their first part: taxiquittung, parkgarage); `=word` matches only the whole word (a "cab"
    /// is not "cabernet", a "bus" not "business").
    public static let keywords: [(category: String, prefixes: [String])] = [
        (
            "lodging",
            [
                "hotel", "motel", "hostel", "=inn", "resort", "suites", "gasthof", "pension", "uebernachtung",
                "nights", "logis", "hebergement", "zimmer", "room",
            ]
        ),
        (
            "meals",
            [
                "restaurant", "brasserie", "bistro", "cafe", "caffe", "coffee", "grill", "pizzeria", "trattoria",
                "osteria", "gasthaus", "wirtschaft", "baeckerei", "bakery", "boulangerie", "kantine", "canteen",
                "tagesmen", "menu", "lunch", "dinner", "dejeuner", "diner", "mittagessen", "abendessen", "server",
                "bedienung", "tisch", "table", "guests", "couverts",
            ]
        ),
        ("taxi", ["taxi", "=cab", "uber", "lyft", "chauffeur", "limousine", "vtc"]),
        (
            "rail",
            [
                "rail", "bahn", "sbb", "sncf", "eurostar", "thalys", "amtrak", "train", "zug", "fahrkarte", "billet",
                "coach", "seat", "wagen", "platz", "gleis",
            ]
        ),
        ("airfare", ["airline", "airways", "flight", "flug", "boarding", "lufthansa", "=vol"]),
        ("parking", ["parking", "parkhaus", "parkgarage", "garage", "parkplatz", "stationnement", "toll", "maut", "peage"]),
        ("car_rental", ["rental", "mietwagen", "autovermietung", "hertz", "sixt", "europcar"]),
        ("fuel", ["fuel", "tankstelle", "petrol", "diesel", "benzin", "gasoline", "carburant", "esso", "aral", "shell"]),
        ("public_transport", ["metro", "subway", "tram", "=bus", "mbta", "bvg", "vbz", "ratp", "oepnv"]),
        ("phone", ["roaming", "prepaid", "telekom", "vodafone", "swisscom"]),
        ("office", ["office", "buerobedarf", "papeterie", "stationery", "printing"]),
    ]

    public static func matches(_ word: String, _ keyword: String) -> Bool {
        keyword.hasPrefix("=") ? word == keyword.dropFirst() : word.hasPrefix(keyword)
    }

    /// The best-scoring category, or nil when no word points anywhere.
    public static func guess(lines: [ReceiptWords], merchantLine: Int?) -> String? {
        var scores: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let weight = index == merchantLine ? 3 : 1
            for (category, prefixes) in keywords {
                let hits = line.words.filter { word in prefixes.contains { Self.matches(word, $0) } }.count
                if hits > 0 { scores[category, default: 0] += weight * hits }
            }
        }
        // Ties go to the category listed first: the more specific kinds of spending come first.
        let order = keywords.map(\.category)
        return scores.max { left, right in
            left.value != right.value
                ? left.value < right.value
                : (order.firstIndex(of: left.key) ?? 0) > (order.firstIndex(of: right.key) ?? 0)
        }?.key
    }
}
