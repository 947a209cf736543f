/// "Did you mean ...?": the candidate nearest to a mistyped word.
public enum Suggestion {
    /// The closest candidate within an edit distance that still looks like a typo (one edit in
    /// a word of up to three letters, two up to seven, three beyond), or nil. Of candidates
    /// equally close, the first wins: list the likelier ones first.
    /// - Parameter maximumDistance: a tighter limit, for short codes whose every neighbour
    ///   exists (XYZ is two edits from BYN and a dozen others: no suggestion is better).
    public static func closest(to word: String, among candidates: [String], maximumDistance: Int = 3) -> String? {
        let length = word.count
        let limit = min(maximumDistance, max(1, min(3, length / 4 + 1)))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            // The distance is at least the difference in length: a long word (a whole cell of a
            // hostile statement) is not compared character by character with every candidate.
            guard abs(candidate.count - length) <= limit else { continue }
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        if best == nil, word.count >= 2, let prefixed = candidates.first(where: { $0.hasPrefix(word) }) {
            return prefixed
        }
        return best?.candidate
    }

    /// Levenshtein distance, counting an adjacent swap as one edit (Damerau), since "ammount" and
    /// "amuont" are both typical.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
