import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// Every directive of a rules file, and the `RULES:LINE:` errors of the mistakes people make.
final class ImportRulesTests: XCTestCase {
    private let minimal = "date = Date\namount = Amount\ndefault currency EUR\n"

    private func rules(_ text: String) throws(ExpenseError) -> ImportRules {
        try ImportRules.parse(text, path: "card.rules")
    }

    /// The error a rules text gives: its location and message.
    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ExpenseError? {
        do {
            _ = try rules(text)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.kind, .invalidData, file: file, line: line)
            return error
        }
    }

    func testDefaults() throws {
        let parsed = try rules(minimal)
        XCTAssertEqual(parsed.encoding, .utf8)
        XCTAssertEqual(parsed.separator, UInt8(ascii: ","))
        XCTAssertEqual(parsed.skipLines, 0)
        XCTAssertTrue(parsed.hasHeader)
        XCTAssertEqual(parsed.dateFormat, DateFormat.iso)
        XCTAssertEqual(parsed.amountFormat, AmountFormat())
        XCTAssertEqual(parsed.debits, .positive)
        XCTAssertEqual(parsed.credits, .refund)
        XCTAssertEqual(parsed.defaultPaidBy, .personal)
        XCTAssertNil(parsed.defaultCategory)
        XCTAssertEqual(parsed.defaultCurrency?.code, "EUR")
    }

    func testEveryDirective() throws {
        let parsed = try rules(
            """
            \u{FEFF}# A German bank export
              # indented comments too

            encoding windows-1252
            separator ;
            skip 5
            header yes
            date-format %d.%m.%Y
            decimal-mark ,
            thousands-separator .
            debits negative
            credits skip
            date = Buchungstag
            amount=Betrag (EUR)
            currency = 7
            merchant = Auftraggeber / Begünstigter
            description = Buchungstext + Verwendungszweck + "A + B"
            category = "Kategorie"
            external-id = Referenz
            default currency eur
            default category Other
            default paid-by company
            if merchant matches ^DB then category rail
            if Buchungstext matches Gutschrift then skip
            if 3 matches x then merchant Someone Else
            if description matches (Taxi|Uber) then description Ride to the customer
            if merchant matches corp card then paid-by company
            """)
        XCTAssertEqual(parsed.encoding, .windows1252)
        XCTAssertEqual(parsed.separator, UInt8(ascii: ";"))
        XCTAssertEqual(parsed.skipLines, 5)
        XCTAssertEqual(parsed.dateFormat.description, "%d.%m.%Y")
        XCTAssertEqual(parsed.amountFormat, AmountFormat(decimalMark: UInt8(ascii: ","), thousandsSeparator: UInt8(ascii: ".")))
        XCTAssertEqual(parsed.debits, .negative)
        XCTAssertEqual(parsed.credits, .skip)
        XCTAssertEqual(parsed.mappings[.amount]?.columns, [.name("Betrag (EUR)")])
        XCTAssertEqual(parsed.mappings[.currency]?.columns, [.position(7)])
        XCTAssertEqual(parsed.mappings[.description]?.columns, [.name("Buchungstext"), .name("Verwendungszweck"), .name("A + B")])
        XCTAssertEqual(parsed.mappings[.category]?.columns, [.name("Kategorie")])
        XCTAssertEqual(parsed.mappings[.externalID]?.line, 19)
        XCTAssertEqual(parsed.defaultCurrency?.code, "EUR")
        XCTAssertEqual(parsed.defaultCategory, "other")
        XCTAssertEqual(parsed.defaultPaidBy, .company)
        XCTAssertEqual(parsed.conditions.count, 5)
        XCTAssertEqual(parsed.conditions.map(\.line), [23, 24, 25, 26, 27])
        XCTAssertEqual(parsed.conditions.map(\.regex.pattern), ["^DB", "Gutschrift", "x", "(Taxi|Uber)", "corp card"])
        XCTAssertEqual(parsed.categoryReferences.map(\.code), ["other", "rail"])
        XCTAssertTrue(parsed.conditions[0].regex.matches("db vertrieb"), "conditions ignore case")
        XCTAssertFalse(parsed.conditions[0].regex.matches("Aldi DB"))
    }

    func testSeparatorAndThousandsSpellings() throws {
        XCTAssertEqual(try rules(minimal + "separator tab").separator, 0x09)
        XCTAssertEqual(try rules(minimal + "separator semicolon").separator, UInt8(ascii: ";"))
        XCTAssertEqual(try rules(minimal + "separator |").separator, UInt8(ascii: "|"))
        XCTAssertEqual(try rules(minimal + "thousands-separator space").amountFormat.thousandsSeparator, AmountFormat.space)
        XCTAssertEqual(try rules(minimal + "thousands-separator '").amountFormat.thousandsSeparator, UInt8(ascii: "'"))
        XCTAssertNil(try rules(minimal + "thousands-separator none").amountFormat.thousandsSeparator)
        XCTAssertEqual(try rules("header no\ndate = 1\namount = 2\ndefault currency EUR").hasHeader, false)
        let currency = failure("date = 1\namount = 2\ndefault currency EUX")
        XCTAssertEqual(currency?.location, "card.rules:3")
        XCTAssertEqual(currency?.message, "unknown currency 'EUX'")
        XCTAssertEqual(currency?.code, .unknownCurrency("EUX", suggestion: "EUR"))
    }

    func testFieldsNamesColumnsByPositionAsInHledger() throws {
        let parsed = try rules("header no\nfields date, , merchant, amount\ndefault currency EUR\n")
        XCTAssertEqual(parsed.mappings[.date]?.columns, [.position(1)])
        XCTAssertEqual(parsed.mappings[.merchant]?.columns, [.position(3)])
        XCTAssertEqual(parsed.mappings[.amount]?.columns, [.position(4)])
        XCTAssertEqual(parsed.mappings[.amount]?.line, 2)
        XCTAssertEqual(failure("fields date, amout\ndefault currency EUR")?.message, "unknown field 'amout' in 'fields'")
        XCTAssertEqual(
            failure("fields date, amount\namount = 3\ndefault currency EUR")?.message,
            "'amount' is mapped twice (first on line 1)")
    }

    func testSeparateDebitAndCreditColumns() throws {
        let parsed = try rules("date = 1\ndebit = Soll\ncredit = Haben\ndefault currency EUR\n")
        XCTAssertEqual(parsed.mappings[.debit]?.columns, [.name("Soll")])
        XCTAssertNil(parsed.mappings[.amount])
    }

    func testUnknownDirectivesAndFieldsAreErrorsAtTheirLine() {
        let directive = failure("# header\nskipp 1\n" + minimal)
        XCTAssertEqual(directive?.location, "card.rules:2")
        XCTAssertEqual(directive?.message, "unknown directive 'skipp'")
        // The app words the hint (a near directive, else 'expenses help rules'): the error carries the suggestion.
        XCTAssertEqual(directive?.code, .unknownRulesDirective(suggestion: "skip"))
        XCTAssertEqual(failure("date-fromat %Y\n" + minimal)?.code, .unknownRulesDirective(suggestion: "date-format"))
        XCTAssertEqual(failure("whatever 3\n" + minimal)?.code, .unknownRulesDirective(suggestion: nil))
        let field = failure(minimal + "amout = Betrag\n")
        XCTAssertEqual(field?.location, "card.rules:4")
        XCTAssertEqual(field?.message, "unknown field 'amout'")
        XCTAssertTrue(field?.hint?.contains("did you mean 'amount'?") == true, field?.hint ?? "")
    }

    func testBadValuesAreErrorsAtTheirLine() {
        let cases: [(String, String)] = [
            ("encoding ebcdic", "unknown encoding 'ebcdic'"),
            ("separator :", "'separator' takes ',' or 'comma' or ';' or 'semicolon' or 'tab' or '\\t' or '|', not ':'"),
            ("skip -1", "'skip' takes a number of lines, not '-1'"),
            ("skip two", "'skip' takes a number of lines, not 'two'"),
            ("skip-end -1", "'skip-end' takes a number of rows from 0 to 1000, not '-1'"),
            ("skip-end 1001", "'skip-end' takes a number of rows from 0 to 1000, not '1001'"),
            ("skip-end 99999999999999999999", "'skip-end' takes a number of rows from 0 to 1000, not '99999999999999999999'"),
            ("skip-end", "'skip-end' takes a number of rows from 0 to 1000, not ''"),
            ("header maybe", "'header' takes 'yes' or 'no', not 'maybe'"),
            ("date-format %d.%m", "date format '%d.%m' needs exactly one year (%Y or %y), one month (%m, %b or %B) and one day (%d)"),
            ("decimal-mark ;", "'decimal-mark' takes '.' or ',', not ';'"),
            ("debits sometimes", "'debits' takes 'positive' or 'negative', not 'sometimes'"),
            ("credits keep", "'credits' takes 'refund' or 'skip', not 'keep'"),
            ("default paid-by boss", "'default paid-by' takes 'personal' or 'company', not 'boss'"),
            ("default merchant Foo", "there is no default for 'merchant'"),
            ("default category", "'default category' needs a value"),
            ("thousands-separator .", "the decimal mark and the thousands separator are both '.'"),
            ("merchant = 0", "columns count from 1, not 0"),
            ("merchant =", "a column is missing after '='"),
            ("date = Valuta", "'date' is mapped twice (first on line 1)"),
            ("if merchant matches ([ then skip", "invalid regular expression '([': "),
            ("if merchant matches x", "cannot read this condition"),
            ("if merchant matches x then explode", "unknown action 'explode'"),
            ("if merchant matches x then paid-by boss", "'paid-by' takes 'personal' or 'company', not 'boss'"),
            // Found by Fuzz/ImportRules: " matches " right after "if " made an inverted range and trapped.
            ("if matches ^UBER then category taxi", "cannot read this condition"),
            ("if  matches ^UBER then category taxi", "cannot read this condition"),
            ("if merchant matches UB\u{0}ER then skip", "the regular expression holds a NUL character"),
            // 70 bytes that made glibc's regcomp allocate more than 2 GB (Fuzz/ImportRules, -malloc_limit_mb).
            (
                "if merchant matches ((((a{1,100}){1,100}){1,100}){1,100}) then skip",
                "invalid regular expression '((((a{1,100}){1,100}){1,100}){1,100})': its repetitions ({m,n} and +) expand it to more than 10000 elements"
            ),
            ("if merchant matches (a{1,30000}){1,30000} then skip", "invalid regular expression '(a{1,30000}){1,30000}': its repetitions"),
            (
                "if merchant matches x{99999999999999999999} then skip",
                "invalid regular expression 'x{99999999999999999999}': its repetitions"
            ),
            (
                "if merchant matches ^(a+)\\1$ then skip",
                "invalid regular expression '^(a+)\\1$': back-references such as \\1 are not supported"
            ),
            ("if merchant matches " + String(repeating: "a", count: 1_001) + " then skip", "invalid regular expression 'aaaa"),
        ]
        for (line, message) in cases {
            let error = failure(minimal + line + "\n")
            XCTAssertEqual(error?.location, "card.rules:4", line)
            XCTAssertTrue(error?.message.hasPrefix(message) == true, "\(line): \(error?.message ?? "")")
        }
    }

    /// A footer: `skip-end N` rows, or a rule on the whole row as the file has it.
    func testSkipEndAndRulesOnTheWholeRow() throws {
        let parsed = try rules(
            minimal + "skip-end 2\ncredits skip\nif row matches ^\"?Kontostand then skip\nif \"row\" matches x then skip\n")
        XCTAssertEqual(parsed.skipEndRows, 2)
        XCTAssertEqual(parsed.lines["skip-end"], 4)
        XCTAssertEqual(parsed.lines["credits"], 5)
        XCTAssertEqual(parsed.lines["default currency"], 3)
        guard case .row = parsed.conditions[0].subject else { return XCTFail("'row' is the whole row") }
        guard case .column(.name("row")) = parsed.conditions[1].subject else { return XCTFail("\"row\" is a column named row") }
        XCTAssertEqual(try rules(minimal).skipEndRows, 0)
        XCTAssertEqual(try rules(minimal + "skip-end 0\n").skipEndRows, 0)
        XCTAssertEqual(try rules(minimal + "skip-end 1000\n").skipEndRows, 1_000)
        XCTAssertEqual(failure(minimal + "skip-end 1\nskip-end 2\n")?.message, "'skip-end' is given twice (first on line 4)")
    }

    func testADirectiveGivenTwiceIsAnErrorAtTheSecond() {
        let error = failure(minimal + "separator ;\nseparator ,\n")
        XCTAssertEqual(error?.location, "card.rules:5")
        XCTAssertEqual(error?.message, "'separator' is given twice (first on line 4)")
        XCTAssertNoThrow(
            try rules("date = 1\namount = 2\ndefault currency USD\ndefault category meals\n") as ImportRules?,
            "each default is its own directive")
        XCTAssertEqual(failure(minimal + "default currency USD\n")?.message, "'default currency' is given twice (first on line 3)")
    }

    func testIncompleteRulesAreErrors() {
        XCTAssertEqual(failure("amount = 2\ndefault currency EUR")?.message, "the rules map no date column")
        XCTAssertEqual(failure("amount = 2\ndefault currency EUR")?.location, "card.rules")
        XCTAssertEqual(failure("date = 1\ndefault currency EUR")?.message, "the rules map no amount column")
        XCTAssertEqual(failure("date = 1\namount = 2")?.message, "the rules say nothing about the currency")
        let both = failure("date = 1\namount = 2\ndebit = 3\ndefault currency EUR")
        XCTAssertEqual(both?.message, "map either 'amount' or 'debit'/'credit' columns, not both")
        XCTAssertEqual(both?.location, "card.rules:3")
        XCTAssertEqual(failure("date = 1\ndebit = 2\ndebits negative\ndefault currency EUR")?.location, "card.rules:3")
        let unmapped = failure(minimal + "if merchant matches x then skip")
        XCTAssertEqual(unmapped?.message, "the condition tests 'merchant', which the rules do not map")
        XCTAssertEqual(unmapped?.location, "card.rules:4")
        XCTAssertEqual(failure("header no\n" + minimal)?.message, "'Date' is a column name, but the rules say 'header no'")
        XCTAssertEqual(failure("date = \"3\"\namount = 2\ndefault currency EUR\nheader no")?.location, "card.rules:1")
        XCTAssertEqual(
            failure("date = 1\namount = 2 + 3\ndefault currency EUR")?.message,
            "'amount' takes one column; only merchant, description and external-id join columns with '+'")
    }

    func testCategoriesAreCheckedAgainstTheDatabaseAtTheirLine() throws {
        let parsed = try rules(minimal + "default category meals\nif Amount matches ^- then category taxy\n")
        XCTAssertNoThrow(try parsed.checkCategories(["meals", "taxy"]) as Void)
        XCTAssertThrowsError(try parsed.checkCategories(["meals", "taxi"]) as Void) { error in
            let error = error as? ExpenseError
            XCTAssertEqual(error?.location, "card.rules:5")
            XCTAssertEqual(error?.message, "unknown category 'taxy'")
            XCTAssertEqual(error?.code, .unknownCategory("taxy", suggestion: "taxi"))
        }
    }
}

/// What glibc is asked to compile: counted as it expands `{m,n}`, and without back-references.
final class POSIXRegexTests: XCTestCase {
    func testPatternsPeopleWriteCompile() throws {
        for pattern in [
            "^UBER|LYFT", "[0-9]{2,4}", "(a|b)+", "[[:alpha:]]{3}[]x]", "^DB  ", "\\.com$", "x{2,}", "(ab){1,100}",
            "(a{1,99}){1,99}", "[a{]{5}", "\\{9999}", "a+b+(c|d)+",
        ] {
            let regex = try POSIXRegex(pattern)
            XCTAssertEqual(regex.pattern, pattern)
        }
        XCTAssertTrue(try POSIXRegex("^uber").matches("UBER TRIP 42"))
    }

    func testExpansionIsCountedAsGlibcCopies() {
        XCTAssertNil(POSIXRegex.refusal(Array("(a{1,99}){1,99}".utf8)), "10,000 elements is the limit")
        XCTAssertNotNil(POSIXRegex.refusal(Array("(a{1,99}){1,100}".utf8)))
        // Found by Fuzz/ImportRules: glibc compiles x+ as x x*, so each '+' doubles what it
        // follows, and a run of them made regcomp allocate more than 2 GB.
        XCTAssertNotNil(POSIXRegex.refusal(Array(("a" + String(repeating: "+", count: 14)).utf8)))
        XCTAssertNil(POSIXRegex.refusal(Array(("a" + String(repeating: "+", count: 13)).utf8)))
        // Found by a 30-minute run of it: a '*' (or '?') in the run was counted as a new atom, so
        // the '+' after it doubled one element instead of everything before it.
        XCTAssertNotNil(POSIXRegex.refusal(Array(("=" + String(repeating: "+", count: 12) + "*" + String(repeating: "+", count: 11)).utf8)))
        XCTAssertNotNil(POSIXRegex.refusal(Array(("a" + String(repeating: "+", count: 7) + "?" + String(repeating: "+", count: 7)).utf8)))
        XCTAssertNil(POSIXRegex.refusal(Array("a*b?c+(de)*x".utf8)))
        // Found by it in CI: a '+' on what may match nothing makes glibc's compile time grow with
        // the square of the loops (`a*` and 11 '+': 3 s, one more: 14 s), so it counts 4 copies.
        func nested(_ inner: String, _ levels: Int) -> [UInt8] {
            Array(
                (String(repeating: "(", count: levels) + inner
                    + String(repeating: ")+", count: levels)).utf8)
        }
        XCTAssertNotNil(POSIXRegex.refusal(Array(("a*" + String(repeating: "+", count: 7)).utf8)))
        XCTAssertNil(POSIXRegex.refusal(Array(("a*" + String(repeating: "+", count: 6)).utf8)))
        XCTAssertNotNil(POSIXRegex.refusal(nested("a*", 7)))
        XCTAssertNotNil(POSIXRegex.refusal(nested("a|", 7)), "a branch may be empty")
        XCTAssertNotNil(POSIXRegex.refusal(nested("b{0,1}", 7)))
        XCTAssertNotNil(POSIXRegex.refusal(nested("()", 7)))
        XCTAssertNil(POSIXRegex.refusal(nested("a", 13)), "what always matches something still doubles")
        XCTAssertNotNil(POSIXRegex.refusal(Array("= ++++++++++\u{7F}++*++++++++\u{FFFD}02}".utf8)))
        XCTAssertNotNil(POSIXRegex.refusal(Array("(ab{1,100}){1,100}".utf8)), "the group holds 101 elements")
        XCTAssertNotNil(POSIXRegex.refusal(Array("a{5000}b{5001}".utf8)), "repetitions side by side add up")
        XCTAssertNil(POSIXRegex.refusal(Array("[{]{9999}".utf8)), "a '{' inside brackets is no repetition")
        XCTAssertNotNil(POSIXRegex.refusal(Array("\\3".utf8)))
    }
}
