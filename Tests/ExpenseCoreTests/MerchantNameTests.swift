import XCTest

@testable import ExpenseCore

final class MerchantNameTests: XCTestCase {
    private func words(_ text: String) -> [String] { MerchantName(text).words }

    private func assertResemble(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(MerchantName(a).resembles(MerchantName(b)), "'\(a)' should resemble '\(b)'", file: file, line: line)
        XCTAssertTrue(MerchantName(b).resembles(MerchantName(a)), "'\(b)' should resemble '\(a)'", file: file, line: line)
    }

    private func assertDiffer(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(MerchantName(a).resembles(MerchantName(b)), "'\(a)' should not resemble '\(b)'", file: file, line: line)
        XCTAssertFalse(MerchantName(b).resembles(MerchantName(a)), "'\(b)' should not resemble '\(a)'", file: file, line: line)
    }

    func testCaseAndPunctuationAreNotPartOfAName() {
        XCTAssertEqual(words("Hansa-Funktaxi GmbH"), ["hansa", "funktaxi"])
        XCTAssertEqual(words("HANSA FUNKTAXI HAMBURG"), ["hansa", "funktaxi", "hamburg"])
        XCTAssertEqual(words("  Hotel   Astoria, Walldorf. "), ["hotel", "astoria", "walldorf"])
    }

    func testDiacriticsAreStrippedAndGermanTransliterationIsTheSame() {
        XCTAssertEqual(words("Café Crème"), ["cafe", "creme"])
        XCTAssertEqual(words("Bäckerei Müller"), ["backerei", "muller"])
        XCTAssertEqual(words("Straße"), ["strasse"])
        XCTAssertEqual(words("Smørrebrød Ærø"), ["smorrebrod", "aero"])
        // Other scripts keep their marks.
        XCTAssertEqual(words("Ελληνικά"), ["ελληνικά"])
    }

    func testTheGermanTransliterationReadsAsTheStrippedLetters() {
        XCTAssertEqual(MerchantName.transliterated("baeckerei"), "backerei")
        XCTAssertEqual(MerchantName.transliterated("mueller"), "muller")
        XCTAssertEqual(MerchantName.transliterated("koeln"), "koln")
        XCTAssertEqual(MerchantName.transliterated("hotel"), "hotel")
        XCTAssertEqual(MerchantName.transliterated("e"), "e")
        XCTAssertEqual(MerchantName.transliterated("uee"), "ue")
        // In a word too short to be one edit away: "Gröl" is "GROEL".
        XCTAssertTrue(MerchantName("Café Gröl").resembles(MerchantName("CAFE GROEL")))
    }

    func testLegalFormsNumbersAndSingleLettersAreLeftOut() {
        XCTAssertEqual(words("Muster GmbH & Co. KG"), ["muster"])
        XCTAssertEqual(words("Accor SA"), ["accor"])
        XCTAssertEqual(words("Le Petit Zinc SARL"), ["le", "petit", "zinc"])
        XCTAssertEqual(words("Pret A Manger (Europe) Ltd"), ["pret", "manger", "europe"])
        XCTAssertEqual(words("Apple Inc."), ["apple"])
        XCTAssertEqual(words("SHELL 4711 0049"), ["shell"])
        XCTAssertEqual(words("McDonald's 1234"), ["mcdonalds"])
        XCTAssertEqual(words("7-Eleven"), ["eleven"])
    }

    func testACardProcessorsPrefixIsLeftOut() {
        XCTAssertEqual(words("SQ *BLUE BOTTLE COFFEE"), ["blue", "bottle", "coffee"])
        XCTAssertEqual(words("PAYPAL *STEAMGAMES"), ["steamgames"])
        XCTAssertEqual(words("SumUp  *Cafe Rosa"), ["cafe", "rosa"])
        // The shop's own name before a star stays: Uber is the merchant of "UBER *TRIP".
        XCTAssertEqual(words("UBER *TRIP"), ["uber", "trip"])
    }

    func testRepeatedWordsCountOnce() {
        XCTAssertEqual(words("UBER *TRIP HELP.UBER.COM"), ["uber", "trip", "help", "com"])
    }

    func testNamesOfLegalFormsAndNumbersOnlyAreEmptyAndResembleNothing() {
        XCTAssertTrue(MerchantName("GmbH 123").isEmpty)
        XCTAssertTrue(MerchantName("").isEmpty)
        XCTAssertFalse(MerchantName("").resembles(MerchantName("")))
        XCTAssertFalse(MerchantName("GmbH").resembles(MerchantName("GmbH")))
    }

    func testTheSameShopSpeltByTheReceiptAndTheCardLineResembles() {
        assertResemble("HANSA FUNKTAXI HAMBURG", "Hansa-Funktaxi GmbH")
        assertResemble("Hotel Astoria", "HOTEL ASTORIA WALLDORF")
        assertResemble("Astoria Grand Hotel Walldorf", "Hotel Astoria")
        assertResemble("Bäckerei Müller", "BAECKEREI MUELLER KOELN")
        assertResemble("Müllerbäck", "MUELLER BAECK")
        assertResemble("SQ *BLUE BOTTLE", "Blue Bottle Coffee Inc.")
        assertResemble("Uber", "UBER *TRIP HELP.UBER.COM")
        assertResemble("Hansafunktaxi", "Hansa Funktaxi")
        assertResemble("Marriott", "Frankfurt Marriott Hotel")
    }

    func testOneMisreadLetterInALongWordStillResembles() {
        assertResemble("HOTEL ASTOR1A", "Hotel Astoria")
        assertResemble("Lufthansa", "LUFTHANZA")
        // Short words must be exact: "Ibis" is not "Iris".
        assertDiffer("Hotel Ibis", "Hotel Iris")
    }

    func testDifferentShopsDoNotResemble() {
        assertDiffer("UBER *TRIP", "HANSA FUNKTAXI HAMBURG")
        assertDiffer("UBER *TRIP", "Hansa-Funktaxi GmbH")
        assertDiffer("Lufthansa", "Hansa Taxi")
        assertDiffer("Taxi Walldorf", "Taxi Berlin")
        assertDiffer("Frankfurt Marriott", "Frankfurt Airport Parking")
        assertDiffer("Pret A Manger", "Starbucks")
    }

    func testGenericWordsAloneDoNotMakeNamesAlike() {
        assertDiffer("Hotel", "Hotel Astoria")
        assertDiffer("Hotel Ibis", "Hotel Astoria")
        assertDiffer("Taxi", "UBER *TRIP")
        assertDiffer("Restaurant de la Gare", "Café de la Gare")
    }
}
