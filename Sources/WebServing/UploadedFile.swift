#if canImport(Glibc)
import Glibc
#endif

/// A file a form uploaded, streamed to a private temporary file (mode 0600, created with
/// mkstemp) as its parts arrive, never held in memory whole. The file is removed when the
/// request is done: a handler that keeps it copies or moves it.
public struct UploadedFile: Sendable, Equatable {
    /// The form field's name (`receipt`).
    public let field: String
    /// The name the browser gave, as sent: text to show escaped, never a path to open.
    public let filename: String
    /// The part's Content-Type as the browser said it, if it did; sniff the bytes for the truth.
    public let contentType: String?
    /// The temporary file that holds the bytes.
    public let path: String
    public let size: Int
}
