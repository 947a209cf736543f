/// Guesses an expense category from the words on a receipt: a hotel bill is lodging, a taxi
/// receipt taxi. Words of the merchant's line count three times, since a hotel bill also lists
/// breakfast and a taxi ride may end at a railway station; a line that names where a ride went
/// from or to ("Til: Hotel Alexandra", "Von: Hauptbahnhof") does not count at all: a taxi to a
/// hotel is no lodging. When no word points anywhere, there is no guess rather than a wrong one.
public enum ReceiptCategories {
    /// Word prefixes per category code (folded: lower case, no accents; German compounds match by
    /// their first part: taxiquittung, parkgarage); `=word` matches only the whole word (a "cab"
    /// is not "cabernet", a "bus" not "business"), `*word` the word anywhere in one (Dantaxi,
    /// Funktaxi). In the languages a trip meets: Danish taxa, Finnish taksi, Swedish hotell,
    /// Danish tog.
    public static let keywords: [(category: String, prefixes: [String])] = [
        (
            "lodging",
            [
                "hotel", "motel", "hostel", "=inn", "resort", "suites", "gasthof", "pension", "uebernachtung",
                "nights", "logis", "hebergement", "zimmer", "room", "overnatning", "overnatting", "majoitus", "albergo",
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
        ("taxi", ["*taxi", "*taxa", "taksi", "=cab", "uber", "lyft", "chauffeur", "limousine", "vtc"]),
        (
            "rail",
            [
                "rail", "bahn", "sbb", "sncf", "eurostar", "thalys", "amtrak", "train", "zug", "fahrkarte", "billet",
                "coach", "seat", "wagen", "platz", "gleis", "=dsb", "=sj", "=vy", "=oebb", "trenitalia", "renfe",
                "jernbane", "=tog", "togbillet",
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
        switch keyword.first {
        case "=": return word == keyword.dropFirst()
        case "*": return word.contains(keyword.dropFirst())
        default: return word.hasPrefix(keyword)
        }
    }

    /// Labels of a line that names a place a ride went from or to, in the languages of the
    /// keywords (folded), as a line's first word.
    public static let placeLabels: Set<String> = [
        "from", "to", "pickup", "dropoff", "destination", "von", "nach", "ziel", "start", "fra", "til",
    ]

    /// The best-scoring category, or nil when no word points anywhere.
    public static func guess(lines: [ReceiptWords], merchantLine: Int?) -> String? {
        var scores: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            if let first = line.words.first, placeLabels.contains(first), index != merchantLine { continue }
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
