import XCTest

@testable import ExpenseSupport

final class SuggestionTests: XCTestCase {
    private let categories = [
        "airfare", "lodging", "meals", "taxi", "rail", "car_rental", "fuel", "mileage", "per_diem",
        "parking", "public_transport", "phone", "entertainment", "office", "other",
    ]

    func testEditDistanceOfKnownPairs() {
        XCTAssertEqual(Suggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestion.editDistance("", "abc"), 3)
        XCTAssertEqual(Suggestion.editDistance("abc", ""), 3)
        XCTAssertEqual(Suggestion.editDistance("", ""), 0)
        XCTAssertEqual(Suggestion.editDistance("meals", "meals"), 0)
        XCTAssertEqual(Suggestion.editDistance("meals", "meels"), 1)  // substitution
        XCTAssertEqual(Suggestion.editDistance("amount", "ammount"), 1)  // insertion
        XCTAssertEqual(Suggestion.editDistance("amount", "amont"), 1)  // deletion
        XCTAssertEqual(Suggestion.editDistance("amount", "amuont"), 1)  // adjacent swap counts once
        XCTAssertEqual(Suggestion.editDistance("ab", "ba"), 1)
        XCTAssertEqual(Suggestion.editDistance("abc", "ca"), 3)  // restricted: no edit inside a swap
        XCTAssertEqual(Suggestion.editDistance("flaw", "lawn"), 2)
        XCTAssertEqual(Suggestion.editDistance("Zürich", "Zurich"), 1)  // per character, not per byte
    }

    func testEditDistanceIsSymmetric() {
        let words = ["lodging", "logding", "lodgings", "meals", "amount", "amuont", "", "x", "taxi", "text", "car_rental"]
        for a in words {
            for b in words {
                XCTAssertEqual(Suggestion.editDistance(a, b), Suggestion.editDistance(b, a), "\(a) / \(b)")
            }
        }
    }

    func testClosestFindsTypicalTypos() {
        XCTAssertEqual(Suggestion.closest(to: "meels", among: categories), "meals")
        XCTAssertEqual(Suggestion.closest(to: "logding", among: categories), "lodging")
        XCTAssertEqual(Suggestion.closest(to: "lodgng", among: categories), "lodging")
        XCTAssertEqual(Suggestion.closest(to: "taxii", among: categories), "taxi")
        XCTAssertEqual(Suggestion.closest(to: "airfair", among: categories), "airfare")
    }

    func testClosestPrefersTheNearestWhateverTheOrder() {
        XCTAssertEqual(Suggestion.closest(to: "lodgng", among: ["logging", "lodging"]), "lodging")
        XCTAssertEqual(Suggestion.closest(to: "lodgng", among: ["lodging", "logging"]), "lodging")
    }

    func testClosestFallsBackToAPrefix() {
        XCTAssertEqual(Suggestion.closest(to: "car", among: categories), "car_rental")
        XCTAssertEqual(Suggestion.closest(to: "public", among: categories), "public_transport")
    }

    func testClosestGivesNothingForAnUnrelatedWord() {
        XCTAssertNil(Suggestion.closest(to: "xylophone", among: categories))
        XCTAssertNil(Suggestion.closest(to: "zz", among: categories))
        XCTAssertNil(Suggestion.closest(to: "meals", among: []))
    }

    func testTheAllowedDistanceGrowsWithTheWordButStaysSmall() {
        // 2 letters: 1 edit; 9+ letters: at most 3 edits.
        XCTAssertEqual(Suggestion.closest(to: "ta", among: ["to"]), "to")
        XCTAssertNil(Suggestion.closest(to: "ab", among: ["xy"]))
        XCTAssertEqual(Suggestion.closest(to: "entertainmnnt", among: categories), "entertainment")
        XCTAssertNil(Suggestion.closest(to: "enterXXXXment", among: categories))  // 4 edits away
    }

    /// A short word changed in two of its letters is another word, not a typo of one.
    func testAShortWordGetsOneEditAndATighterLimitCanBeAsked() {
        XCTAssertNil(Suggestion.closest(to: "--x", among: ["--db", "--all"]))
        XCTAssertEqual(Suggestion.closest(to: "mael", among: categories), "meals")
        XCTAssertNil(Suggestion.closest(to: "XYZ", among: ["BYN", "XYY"].map { $0 }, maximumDistance: 0))
        XCTAssertEqual(Suggestion.closest(to: "XYZ", among: ["BYN", "XYY"], maximumDistance: 1), "XYY")
        XCTAssertNil(Suggestion.closest(to: "XYZ", among: ["BYN"], maximumDistance: 1))
    }

    /// Of two equally close candidates, the first listed wins: callers list the likelier first.
    func testTiesGoToTheFirstCandidate() {
        XCTAssertEqual(Suggestion.closest(to: "CHX", among: ["CHF", "CHE"]), "CHF")
        XCTAssertEqual(Suggestion.closest(to: "CHX", among: ["CHE", "CHF"]), "CHE")
    }

    func testAnExactMatchIsItsOwnSuggestion() {
        XCTAssertEqual(Suggestion.closest(to: "rail", among: categories), "rail")
    }
}
