import ExpenseSupport

/// A captured receipt: a file in the vault, named by its SHA-256, and what is known about it.
public struct Receipt: Sendable, Equatable {
    /// Where a receipt came from.
    public enum Source: String, CaseIterable, Sendable {
        case file, stdin, camera, inbox
    }

    public var id: Int64
    /// The SHA-256 of the file's bytes, 64 lowercase hex digits: its name in the vault.
    public var sha256: String
    public var mediaType: ReceiptMediaType
    public var size: Int64
    /// The file name it was captured from ("" for stdin and the camera).
    public var originalName: String
    public var source: Source
    /// UTC ISO 8601, when it was captured.
    public var capturedAt: String
    /// EXIF DateTimeOriginal as `YYYY-MM-DDTHH:MM:SS`: the camera's local time, without a zone.
    public var takenAt: String?
    public var width: Int?
    public var height: Int?
    public var ocr: ReceiptOCR
    /// The expenses it is attached to, by id.
    public var expenseIDs: [Int64]

    public init(
        id: Int64 = 0, sha256: String, mediaType: ReceiptMediaType, size: Int64, originalName: String = "",
        source: Source, capturedAt: String, takenAt: String? = nil, width: Int? = nil, height: Int? = nil,
        ocr: ReceiptOCR = ReceiptOCR(status: .skipped), expenseIDs: [Int64] = []
    ) {
        self.id = id
        self.sha256 = sha256
        self.mediaType = mediaType
        self.size = size
        self.originalName = originalName
        self.source = source
        self.capturedAt = capturedAt
        self.takenAt = takenAt
        self.width = width
        self.height = height
        self.ocr = ocr
        self.expenseIDs = expenseIDs
    }

    /// The first 12 hex digits of the hash: enough to tell receipts apart in messages.
    public var shortHash: String { String(sha256.prefix(12)) }

    /// The date the photo was taken, when the camera recorded one.
    public var takenOn: CalendarDate? {
        takenAt.flatMap { try? CalendarDate.parse(String($0.prefix(10))) }
    }
}

/// The kinds of file a receipt can be, recognised by their content rather than their name.
public enum ReceiptMediaType: String, CaseIterable, Sendable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case heic = "image/heic"
    case webp = "image/webp"
    case pdf = "application/pdf"
    /// An e-mail that is itself the receipt (an HTML order confirmation with no attachment), kept
    /// as the message's bytes: its text is read from its body, not by OCR.
    case message = "message/rfc822"

    /// The usual file name extension, for `receipt export` when none is given.
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .heic: return "heic"
        case .webp: return "webp"
        case .pdf: return "pdf"
        case .message: return "eml"
        }
    }

    public var name: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .heic: return "HEIC"
        case .webp: return "WebP"
        case .pdf: return "PDF"
        case .message: return "e-mail"
        }
    }
}

/// What text recognition made of a receipt: its status, the raw text and the suggestion read from it.
public struct ReceiptOCR: Sendable, Equatable {
    public enum Status: String, CaseIterable, Sendable {
        /// The engine ran; `text` is what it read (possibly nothing).
        case done
        /// Not run: no engine installed, not asked for, or a file type it cannot read.
        case skipped
        /// The engine ran and failed (crashed, timed out).
        case failed
    }

    public var status: Status
    /// Why it was skipped or failed, or which engine read it.
    public var note: String
    public var text: String
    public var suggestion: ReceiptSuggestion

    public init(status: Status, note: String = "", text: String = "", suggestion: ReceiptSuggestion = ReceiptSuggestion()) {
        self.status = status
        self.note = note
        self.text = text
        self.suggestion = suggestion
    }
}

/// What a receipt seems to say: the fields of an expense read from its text, each nil when not found.
public struct ReceiptSuggestion: Sendable, Equatable {
    public var merchant: String?
    public var date: CalendarDate?
    /// The total as a decimal with a point ("1234.56"), exact as printed; its digits are checked
    /// against the currency only when an expense is made from it.
    public var amount: String?
    /// ISO 4217 code, when the receipt prints a currency.
    public var currency: String?
    /// Whether `currency` was not printed at an amount but filled in from the report's or the
    /// traveller's, so that a person is told it is a guess. Never stored: a stored suggestion's
    /// currency is always the printed one (nil when none was).
    public var currencyIsGuess: Bool = false
    /// A category code guessed from words on the receipt (hotel, taxi, ...).
    public var category: String?
    /// The VAT the receipt states, as `--vat` takes it ("19", "7:110.00,19:15.00"), only when it
    /// adds up to the total. Read from the text when it is read, not stored with the receipt.
    public var vat: String?
    /// What a careful reader would check before taking the suggestion, as sentences ("the items
    /// add up to 31.00 but the total reads 34.00; check the total"). Read from the text when it is
    /// read, not stored with the receipt.
    public var doubts: [String] = []

    public init(
        merchant: String? = nil, date: CalendarDate? = nil, amount: String? = nil, currency: String? = nil,
        category: String? = nil, vat: String? = nil, currencyIsGuess: Bool = false, doubts: [String] = []
    ) {
        self.vat = vat
        self.currencyIsGuess = currencyIsGuess
        self.doubts = doubts
        self.merchant = merchant
        self.date = date
        self.amount = amount
        self.currency = currency
        self.category = category
    }

    public var isEmpty: Bool { merchant == nil && date == nil && amount == nil && currency == nil && category == nil }
}
