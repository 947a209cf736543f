import ExpenseCore
import ExpenseStore
import ExpenseSupport
import ReceiptReading

/// `receipt capture` of e-mail: a message's receipts (each PDF or picture attached, else the
/// message itself), and `--maildir`, every new message of a Maildir, each captured as one file is.
extension ReceiptCaptureRun {
    /// The receipts of one input: a message's attachments each as a receipt of its own, named by
    /// its file name; a message without attachments as its own receipt, named by its subject; the
    /// input itself when it is no message.
    static func receipts(in input: ReceiptInput, maxSize: Int) throws -> [ReceiptInput] {
        receipts(in: input, message: try message(in: input, maxSize: maxSize))
    }

    /// The message `input` is, read, its parts not read warned of; nil when it is no message.
    static func message(in input: ReceiptInput, maxSize: Int) throws -> MailReceipts? {
        guard MailMessage.looksLikeMessage(input.bytes) else { return nil }
        var limits = MailLimits()
        limits.maximumMessageBytes = max(limits.maximumMessageBytes, maxSize)
        let label = input.originalName.isEmpty ? "the message from standard input" : input.originalName
        let mail: MailReceipts
        do {
            mail = try MailReceipts.read(input.bytes, limits: limits)
        } catch var error as ExpenseError {
            error.message = "\(label): \(error.message)"
            throw error
        }
        for note in mail.refused { Console.error("expenses: warning: \(label): \(note)\n") }
        return mail
    }

    /// The receipts of `input`, which is `mail` (read by `message(in:)`).
    static func receipts(in input: ReceiptInput, message mail: MailReceipts?) -> [ReceiptInput] {
        guard let mail else { return [input] }
        guard mail.receipts.contains(where: { $0.mediaType != .message }) else {
            var named = input
            named.originalName = mail.subjectName ?? input.originalName
            return [named]
        }
        var inputs = mail.receipts.map { ReceiptInput(bytes: $0.bytes, originalName: $0.name, source: input.source) }
        // An inbox file is marked taken with its last receipt, once the others are in.
        inputs[inputs.count - 1].inboxPhoto = input.inboxPhoto
        return inputs
    }

    /// Captures every new message of the Maildir at `path`, oldest first, and moves each into
    /// `cur/` once its receipts are committed. A message that fails stays in `new/`, its error on
    /// stderr, and the others go on; the exit status is the first failure's. A message with
    /// nothing of a receipt in it (`MailReceipts.holdsNoReceipt`) stays in `new/` too, listed.
    func captureMaildir(_ path: String, settings: Settings, store: Store, storage: any ReceiptStorage, expenseID: Int64?, report: Report?)
        throws -> Output
    {
        let maildir = try Maildir(path)
        var outputs: [Output] = []
        var taken = 0
        var left: [String] = []
        var failure: ExitStatus?
        for message in maildir.newMessages() {
            do {
                try Cancellation.check()
                let input = try maildir.read(message, maxSize: settings.maxReceiptSize)
                let mail = try Self.message(in: input, maxSize: settings.maxReceiptSize)
                if let mail, mail.holdsNoReceipt {
                    left.append(mail.cleanSubject ?? message.name)
                    continue
                }
                for receipt in Self.receipts(in: input, message: mail) {
                    outputs.append(
                        try captureOne(receipt, settings: settings, store: store, storage: storage, expenseID: expenseID, report: report))
                }
                try maildir.markSeen(message)
                taken += 1
            } catch let error as ExpenseError where error == Cancellation.cancelled {
                throw error
            } catch {
                let presented = Self.expenseError(error)
                // "DIR/new/NAME is not a receipt image...", or "DIR/new/NAME: what failed".
                let place = "\(maildir.path)/new/" + (presented.message.hasPrefix(message.name + " ") ? "" : "\(message.name): ")
                Console.error(ErrorPresenter.lines(presented, prefix: "expenses: error: " + place))
                failure = failure ?? ExitStatus(presented.kind)
            }
        }
        let result = ReceiptCaptureResults(outputs: outputs, maildir: (path: maildir.path, taken: taken, left: left)).output
        let touched = outputs.compactMap(\.touchedReport).last
        return (touched.map { result.touching($0) } ?? result).exiting(failure ?? .ok)
    }

    /// Several receipts' capture as one result.
    static func combined(_ outputs: [Output]) -> Output {
        guard outputs.count != 1 else { return outputs[0] }
        let result = ReceiptCaptureResults(outputs: outputs, maildir: nil).output
        return outputs.compactMap(\.touchedReport).last.map { result.touching($0) } ?? result
    }

    private static func expenseError(_ error: Error) -> ExpenseError {
        switch error {
        case let failure as ExpenseError: return failure
        case let database as DatabaseError: return ErrorPresenter.error(database)
        default: return ExpenseError(.internal, "\(error)")
        }
    }
}
