/// What a line typed at the REPL or in a script means where the person is, before it is parsed.
enum LineWords {
    /// `words` as the command they mean: a leading `expenses`, as on a line pasted from README or
    /// a shell, is dropped; a bare `show` inside an opened report shows the report (`show
    /// settings` still shows the settings).
    static func meaning(_ words: [String], openReport: Int64?) -> [String] {
        var words = words
        if words.first == "expenses", words.count > 1 { words.removeFirst() }
        if openReport != nil, words.first == "show", words.dropFirst().first != "settings" {
            words = ["report"] + words
        }
        return words
    }
}
