extension StringProtocol {
    /// The text without leading and trailing white space (rules lines, header names, cells).
    var trimmed: String {
        // Most cells have nothing to trim: keep them as they are, without a copy.
        guard first?.isWhitespace == true || last?.isWhitespace == true else { return String(self) }
        var slice = self[...]
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }
}
