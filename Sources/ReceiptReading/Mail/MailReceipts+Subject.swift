import ExpenseSupport

/// What a message holds as a receipt, told before it is captured: whether it holds one at all,
/// and the name a message that is its own receipt goes by.
extension MailReceipts {
    /// The longest name made of a subject, in characters.
    public static let maximumSubjectNameLength = 80

    /// Nothing of a receipt: no attachment to capture, and no amount in the message's text (a
    /// newsletter, a reply, a notice): a Maildir leaves such a message in `new/`.
    public var holdsNoReceipt: Bool {
        receipts.allSatisfy { $0.mediaType == .message && ReceiptTextReader.suggestion(from: $0.text ?? "").amount == nil }
    }

    /// The name of a message captured as its own receipt: its `cleanSubject` as a file's,
    /// "Ihre Fahrt mit Taxi Berlin.eml". Nil when it has no subject, or nothing of it is left.
    public var subjectName: String? { cleanSubject.map { $0 + ".eml" } }

    /// The Subject fit for a file name and for a terminal: control, bidi and invisible
    /// characters dropped, white space collapsed, a slash or backslash a dash, no leading dot, at
    /// most `maximumSubjectNameLength` characters. Nil when it has none, or nothing of it is left.
    public var cleanSubject: String? {
        guard let subject else { return nil }
        var kept = ""
        for scalar in subject.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate, .unassigned:
                if scalar.properties.isWhitespace { kept.unicodeScalars.append(" ") }
            default:
                kept.unicodeScalars.append(scalar == "/" || scalar == "\\" ? "-" : scalar)
            }
        }
        let words = kept.split(separator: " ").joined(separator: " ")
        let name = String(words.drop { $0 == "." || $0 == " " }.prefix(Self.maximumSubjectNameLength)).trimmingSpaces
        return name.isEmpty ? nil : name
    }
}
