import ExpenseSupport

/// Items that may be duplicates, in groups: Odoo's rule (same date, amount and currency, and the
/// same category or merchant), narrowed so that an equal amount at another merchant in another
/// category (Expensify's false positive) does not match.
///
/// Linked items form one group (a union-find over "same bucket and category" and "same bucket
/// and merchant"), found in O(n log n) for n items: hashing, then sorting each group's ids.
/// Comparing every pair was O(n²) in time and in findings: 1,000 identical items made 499,500
/// of them. Other items (the owner's other reports, unassigned ones) join a group only through
/// an item of the report, never through each other.
public struct DuplicateGroups {
    /// One group: its members by id, ascending (the report's items and the others it links),
    /// the report each is in, and what they have in common. Ids, not copies of the items: a
    /// group can have 100,000 members.
    public struct Group: Sendable, Equatable {
        public var ids: [Int64]
        public var reportIDs: [Int64?]
        /// "same date 2026-03-04, amount 18.00 EUR, merchant 'Taxi Walldorf'" (`reason`).
        public var reason: String
    }

    public private(set) var groups: [Group]

    /// - Parameters:
    ///   - items: the report's items; a group is listed at its first item in this order.
    ///   - others: items outside the report that may duplicate one of `items`.
    public init(items: [Expense], others: [Expense] = []) {
        var sets = DisjointSets(count: items.count + others.count)
        var names = Names()
        var first: [Link: Int] = [:]
        first.reserveCapacity(2 * items.count)
        for (index, item) in items.enumerated() {
            for link in names.links(of: item) {
                if let earlier = first[link] { sets.union(earlier, index) } else { first[link] = index }
            }
        }
        let ownIDs = Set(items.map(\.id))
        for (offset, other) in others.enumerated() where !ownIDs.contains(other.id) {
            for link in names.links(of: other) {
                if let mine = first[link] { sets.union(mine, items.count + offset) }
            }
        }
        // A group's root is its smallest index (union keeps the smaller root), which is one of
        // the report's items: others only ever join through one.
        var members: [Int: [Int]] = [:]
        var roots: [Int] = []
        for index in 0..<(items.count + others.count) {
            let root = sets.root(index)
            guard root != index || sets.hasMembers(root) else { continue }  // alone: no group
            if members[root] == nil { roots.append(root) }
            members[root, default: []].append(index)
        }
        func expense(_ index: Int) -> Expense { index < items.count ? items[index] : others[index - items.count] }
        func id(_ index: Int) -> Int64 { index < items.count ? items[index].id : others[index - items.count].id }
        groups = roots.sorted().compactMap { root in
            guard var indices = members[root], indices.count > 1 else { return nil }
            indices.sort { id($0) < id($1) }
            return Group(
                ids: indices.map(id), reportIDs: indices.map { expense($0).reportID },
                reason: Self.reason(indices.lazy.map(expense)))
        }
    }

    /// What an item can be linked by: its bucket (date, amount, currency) with its category, and
    /// with its merchant unless that is empty (two empty merchants are not the same merchant).
    /// Names are numbered (`Names`): 24 bytes a key, where strings in the key took 64.
    private struct Link: Hashable {
        var minorUnits: Int64
        var day: Int32
        var currency: Int32
        /// A category's number, or the complement of a merchant's (negative).
        var name: Int32
    }

    /// Currencies, categories and merchants (normalized) numbered as they are first seen.
    private struct Names {
        var numbers: [String: Int32] = [:]

        mutating func number(_ name: String) -> Int32 {
            if let known = numbers[name] { return known }
            let number = Int32(truncatingIfNeeded: numbers.count)
            numbers[name] = number
            return number
        }

        mutating func links(of item: Expense) -> [Link] {
            let day = Int32(truncatingIfNeeded: item.date.dayNumber)
            let category = Link(
                minorUnits: item.amount.minorUnits, day: day, currency: number(item.amount.currency.code),
                name: number("c:" + item.category))
            let merchant = normalizedMerchant(item.merchant)
            guard !merchant.isEmpty else { return [category] }
            var byMerchant = category
            byMerchant.name = ~number("m:" + merchant)
            return [category, byMerchant]
        }
    }

    static func normalizedMerchant(_ merchant: String) -> String { merchant.trimmingSpaces.lowercased() }

    /// What every member of `group` has in common, as the finding says it: "same date
    /// 2026-03-04, amount 18.00 EUR, merchant 'Taxi Walldorf'".
    public static func reason(_ group: some Collection<Expense>) -> String {
        guard let first = group.first else { return "" }
        var matched = ["date \(first.date)", "amount \(first.amount)"]
        let sameCategory = group.allSatisfy { $0.category == first.category }
        let merchant = normalizedMerchant(first.merchant)
        let sameMerchant = !merchant.isEmpty && group.allSatisfy { normalizedMerchant($0.merchant) == merchant }
        if sameCategory { matched.append("category \(first.category)") }
        if sameMerchant { matched.append("merchant '\(first.merchant)'") }
        var text = "same " + matched.joined(separator: ", ")
        if !sameCategory, !sameMerchant { text += "; each shares its category or merchant with another" }
        return text
    }
}

/// Union-find with path halving; a union keeps the smaller root, so a set's root is its
/// smallest element.
struct DisjointSets {
    private var parent: [Int]
    private var joined: [Bool]

    init(count: Int) {
        parent = Array(0..<count)
        joined = Array(repeating: false, count: count)
    }

    mutating func root(_ element: Int) -> Int {
        var element = element
        while parent[element] != element {
            parent[element] = parent[parent[element]]
            element = parent[element]
        }
        return element
    }

    mutating func union(_ a: Int, _ b: Int) {
        let (rootA, rootB) = (root(a), root(b))
        guard rootA != rootB else { return }
        parent[max(rootA, rootB)] = min(rootA, rootB)
        joined[min(rootA, rootB)] = true
    }

    /// Whether `root` has absorbed another set.
    func hasMembers(_ root: Int) -> Bool { joined[root] }
}
