/// The German structured `:86:` of an MT940 entry (the Deutsche Kreditwirtschaft's format):
/// a three-digit business transaction code, then subfields `?NN`, each at most 27 characters —
/// `?00` the booking text, `?20`–`?29` and `?60`–`?63` the purpose, `?32` and `?33` the other
/// party's name. A SEPA purpose holds parts after keywords: `EREF+` the end-to-end reference,
/// `MREF+` the mandate, `SVWZ+` the remittance text a person wrote, `ABWE+` the ultimate payee.
struct MT940Purpose {
    /// The other party: `?32` and `?33`, else the purpose's ultimate payee (`ABWE+`).
    var name = ""
    /// The remittance text (`SVWZ+`), else the purpose without its references, else the booking text.
    var description = ""

    /// The SEPA keywords a purpose's parts start with.
    static let keywords = ["EREF", "KREF", "MREF", "CRED", "DEBT", "COAM", "OAMT", "SVWZ", "ABWA", "ABWE", "IBAN", "BIC"]

    /// The width of a subfield: a longer text goes on in the next one, without a space.
    static let width = 27

    /// Nil unless `text` (the field's lines joined) starts with a code and `?`: `166?00…`.
    init?(_ text: String) {
        let characters = Array(text)
        guard characters.count >= 4, characters[..<3].allSatisfy({ $0.isASCII && $0.isNumber }), characters[3] == "?" else {
            return nil
        }
        var subfields: [(code: Int, text: String)] = []
        var index = 3
        while index < characters.count {
            // `?NN`, or a `?` that is the text's own.
            if characters[index] == "?", index + 2 < characters.count, let tens = characters[index + 1].wholeNumberValue,
                let ones = characters[index + 2].wholeNumberValue, characters[index + 1].isASCII, characters[index + 2].isASCII
            {
                subfields.append((tens * 10 + ones, ""))
                index += 3
                continue
            }
            if !subfields.isEmpty { subfields[subfields.count - 1].text.append(characters[index]) }
            index += 1
        }
        func subfieldText(_ codes: some Sequence<Int>) -> String {
            let wanted = Set(codes)
            return MT940Reader.joined(subfields.filter { wanted.contains($0.code) }.map(\.text), width: Self.width)
        }
        // A subfield that starts a part is a part of its own, whatever the one before's length.
        var purpose = ""
        var previous = Self.width
        for piece in subfields where (20...29).contains(piece.code) || (60...63).contains(piece.code) {
            let startsPart = Self.keywords.contains { piece.text.hasPrefix($0 + "+") }
            if !purpose.isEmpty, !purpose.hasSuffix(" "), previous < Self.width || startsPart { purpose += " " }
            purpose += piece.text
            previous = piece.text.count
        }
        let parts = Self.parts(of: purpose.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        name = subfieldText([32, 33])
        if name.isEmpty { name = parts.keyed["ABWE"] ?? "" }
        description = parts.keyed["SVWZ"] ?? parts.free
        if description.isEmpty { description = subfieldText([0]) }
    }

    /// A purpose's text before any keyword, and each keyword's part.
    static func parts(of purpose: String) -> (free: String, keyed: [String: String]) {
        var starts: [(range: Range<String.Index>, keyword: String)] = []
        for keyword in keywords {
            var from = purpose.startIndex
            while let found = purpose[from...].firstRange(of: keyword + "+") {
                // A keyword starts the text or follows a space: `GREF+` is no `EREF+`.
                if found.lowerBound == purpose.startIndex || purpose[purpose.index(before: found.lowerBound)] == " " {
                    starts.append((found, keyword))
                }
                from = found.upperBound
            }
        }
        starts.sort { $0.range.lowerBound < $1.range.lowerBound }
        var keyed: [String: String] = [:]
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1].range.lowerBound : purpose.endIndex
            if keyed[start.keyword] == nil { keyed[start.keyword] = purpose[start.range.upperBound..<end].trimmingSpaces }
        }
        let free = purpose[..<(starts.first?.range.lowerBound ?? purpose.endIndex)].trimmingSpaces
        return (free, keyed)
    }
}
