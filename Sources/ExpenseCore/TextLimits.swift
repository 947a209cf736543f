import ExpenseSupport

/// How long a text a person gives may be: one set of limits, used by the app before it writes and
/// by the team server's functions against any client (`PostgresSchema.ServerFunction` checks
/// every text parameter of a declared write against `limit(of:)`), so that nobody makes a row
/// that every colleague's `db check`, listing or export must then read whole (a 200 MiB reason).
/// Limits a person never meets: a title fits a line, a note or a reason a long paragraph.
///
/// A field is named as the server's parameter is, without its `p_`; a length is counted in
/// Unicode code points, as PostgreSQL's `length` counts them.
public enum TextLimits {
    /// Short words: names, codes, dates, places, a title.
    public static let name = 200
    /// What a person writes: a reason, a purpose, a description, a note.
    public static let note = 2_000
    /// A path or a file's name on someone's machine.
    public static let path = 4_096
    /// What a machine wrote that a person may still read whole: a receipt's recognized text, an
    /// import's rules file, a quick action's arguments.
    public static let document = 100_000

    /// The fields whose limit is not `name`'s.
    static let limits: [String: Int] = [
        "purpose": note, "reason": note, "description": note, "ocr_note": note, "disabled_message": note,
        "subtitle": note, "split": note,
        "path": path, "file": path, "original_name": path, "icon_file": path, "catalog": path,
        "ocr_text": document, "rules": document, "user_info": document, "arguments": document,
    ]

    /// The longest text `field` may hold, in code points.
    public static func limit(of field: String) -> Int { limits[field] ?? name }

    /// Refuses `text` when it is longer than `field`'s limit, naming the field and its limit.
    public static func check(_ text: String, field: String) throws(ExpenseError) {
        let limit = limit(of: field)
        // The UTF-8 count first: it is known without a walk, and bounds the code points.
        guard text.utf8.count > limit, text.unicodeScalars.count > limit else { return }
        throw ExpenseError(
            .invalidData, "the \(words(field)) is \(text.unicodeScalars.count) characters long; at most \(limit) are allowed",
            hint: "shorten it")
    }

    /// `ocr_text` as a person reads it: `ocr text`.
    public static func words(_ field: String) -> String { field.split(separator: "_").joined(separator: " ") }
}
