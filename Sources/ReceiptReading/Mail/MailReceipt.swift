import ExpenseCore

/// One receipt a message holds: an attachment that is a PDF or a picture, or the message itself
/// when it has none (its text then read from its HTML or plain text body).
public struct MailReceipt: Sendable, Equatable {
    /// The attachment's decoded bytes, or the whole message's.
    public var bytes: [UInt8]
    /// Told by the bytes, whatever the part's Content-Type said.
    public var mediaType: ReceiptMediaType
    /// The attachment's file name, else `attachment-N.EXT`; `message.eml` for the message.
    public var name: String
    /// For the message itself: the text of its body, an HTML body rendered as text.
    public var text: String?
}
