extension StringProtocol {
    /// The text without leading and trailing white space (rules lines, header names, cells, input).
    public var trimmingSpaces: String {
        // Most text has nothing to trim: keep it as it is, without a copy of the slice first.
        guard first?.isWhitespace == true || last?.isWhitespace == true else { return String(self) }
        var slice = self[...]
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }
}
