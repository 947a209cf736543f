import ExpenseSupport

/// A cost centre (or project) a report is charged to, and the person who owns its budget and
/// approves what is charged to it (issue 43).
public struct CostCentre: Hashable, Sendable {
    public let code: String
    public var name: String
    public var owner: String

    public init(code: String, name: String, owner: String) {
        self.code = code
        self.name = name
        self.owner = owner
    }

    /// The longest code: what a ledger's cost-object field takes.
    public static let maximumCodeLength = 20

    /// `text` as a code: 1 to 20 of A-Z, a-z, 0-9, '.', '_' and '-', as written (codes are
    /// compared exactly, as ledgers do).
    public static func code(_ text: String) throws(ExpenseError) -> String {
        let allowed = text.unicodeScalars.allSatisfy { scalar in
            ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                || ".-_".unicodeScalars.contains(scalar)
        }
        guard !text.isEmpty, text.unicodeScalars.count <= maximumCodeLength, allowed else {
            throw ExpenseError(
                .invalidData, "'\(TerminalText.visible(text, keepingLineBreaks: false))' is no cost centre code",
                hint: "a code is 1 to \(maximumCodeLength) letters, digits, '.', '_' or '-', e.g. 4711 or PRJ-2027.01")
        }
        return text
    }
}

/// A person of the company and their manager, who approves their reports first (issue 43).
public struct Person: Hashable, Sendable {
    public let name: String
    public var manager: String?

    public init(name: String, manager: String?) {
        self.name = name
        self.manager = manager
    }

    /// Refuses `manager` for `person` when it is the person, or when `person` is already above
    /// `manager` in `managers` (each person's manager by name): alice → bob → alice would route
    /// a report in a circle.
    public static func requireNoCycle(person: String, manager: String, managers: [String: String]) throws(ExpenseError) {
        guard manager != person else {
            throw ExpenseError(.invalidData, "\(person) cannot be their own manager", hint: "name someone else, or clear the manager")
        }
        var chain = [person, manager]
        var seen: Set<String> = [manager]
        var next = managers[manager]
        while let above = next, seen.insert(above).inserted {
            chain.append(above)
            if above == person {
                throw ExpenseError(
                    .invalidData,
                    "\(manager) cannot manage \(person): the managers would go round in a circle (\(chain.joined(separator: " → ")))",
                    hint: "change the manager higher up first")
            }
            next = managers[above]
        }
    }
}
