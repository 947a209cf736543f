import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// One run of `receipt capture`: which source, which checks first, and what it says afterwards.
struct ReceiptCaptureRun {
    typealias Options = ReceiptCommands.Options

    let invocation: Invocation
    let session: Session

    private var path: [String] { invocation.spec.path }

    func run() throws -> Output {
        let settings = try session.settings()
        let store = try session.store()
        let storage = try store.requireReceiptStorage()
        let create = invocation[Options.create]
        // What the receipt is for is checked before the camera clicks or OCR runs.
        let expenseID = try invocation[Options.expense]
        // (The store's attach and insert ask again, as the guarantee.)
        if let expenseID, let reportID = try store.expense(expenseID).reportID {
            _ = try store.report(reportID, for: .attachReceipts(expense: expenseID))
        }
        var report: Report?
        if create, let reportID = try invocation[Options.report] ?? session.currentReportID {
            report = try store.report(reportID, for: .addItems)
        }
        if let maildir = try invocation[Options.maildir] {
            return try session.environment.namingAsGiven(maildir) {
                try captureMaildir(
                    session.environment.path(maildir), settings: settings, store: store, storage: storage, expenseID: expenseID,
                    report: report)
            }
        }
        let input = try self.input(settings: settings, store: store)
        let outputs = try Self.receipts(in: input, maxSize: settings.maxReceiptSize).map {
            try captureOne($0, settings: settings, store: store, storage: storage, expenseID: expenseID, report: report)
        }
        return Self.combined(outputs)
    }

    /// Captures one receipt: prepared (checked, stored, read), its expense made or asked for, committed.
    func captureOne(
        _ input: ReceiptInput, settings: Settings, store: Store, storage: any ReceiptStorage, expenseID: Int64?, report: Report?
    ) throws -> Output {
        let create = invocation[Options.create]
        var capture = ReceiptCapture(store: store, storage: storage, capturedAt: session.environment.now(), user: try session.user)
        capture.ocrEngine.directory = session.environment.workingDirectory
        capture.ocrEngine.command = settings.receiptOCRCommand
        let prepared = try capture.prepare(input, ocr: invocation[Options.noOCR] ? .off : invocation[Options.ocr] ? .required : .automatic)
        let match: CaptureMatch
        do {
            match = try self.match(prepared, store: store, settings: settings)
        } catch {
            capture.discard(prepared)
            throw error
        }
        var makeExpense: (() throws -> Expense)?
        var declined = false
        // A receipt that is an item's, or may be one of several, makes no second expense.
        let mayMakeExpense = match.attaches == nil && !match.holdsBack(create: create)
        if mayMakeExpense, let reader = expenseFormReader {
            // The takePhoto way on a terminal: what OCR read, confirmed or corrected, for the current trip.
            do {
                let trip = try currentDraftTrip(store)
                var proposal = draft(prepared, report: trip, settings: settings, overrides: [:])
                // A receipt dated outside the current trip is not for it, and is offered in no
                // report; a trip without dates yet has no outside, and is offered.
                if let trip, let day = try? CalendarDate.parse(proposal.date.value), trip.isOutsideTrip(day) {
                    proposal = draft(prepared, report: nil, settings: settings, overrides: [:])
                }
                if let draft = try ReceiptForm.expense(from: proposal, label: label(prepared), store: store, reader: reader) {
                    makeExpense = { try draft.expense(in: store) }
                } else {
                    declined = true
                }
            } catch {
                capture.discard(prepared)
                throw error
            }
        } else if mayMakeExpense, create {
            do {
                let draft = try confirmedDraft(prepared, report: report, settings: settings, store: store)
                if let draft { makeExpense = { try draft.expense(in: store) } } else { declined = true }
            } catch {
                capture.discard(prepared)
                throw error
            }
        }
        let committed = try capture.commit(
            prepared, attachTo: match.attaches?.item.id ?? expenseID, how: match.attaches.map { "matched: \($0.reason)" } ?? "",
            makeExpense: makeExpense)
        return output(
            committed, declined: declined, match: match, storage: storage, store: store,
            guessedCurrency: report?.currency.code ?? settings.defaultCurrency)
    }

    /// The options that go together or exclude each other.
    static func validate(_ invocation: Invocation) throws {
        let path = invocation.spec.path
        let create = invocation[Options.create]
        if !create {
            let needingCreate: [any OptionDeclaration] = [Options.yes, Options.new] + Options.draft
            for option in needingCreate where invocation.gave(option) {
                throw UsageError("'--\(option.spec.name)' goes with '--create'", path: path)
            }
        }
        if create, invocation.gave(Options.expense) {
            throw UsageError(
                "give '--expense' to attach the receipt to an existing expense, or '--create' to make one, not both", path: path)
        }
        if !invocation.arguments.isEmpty, invocation[Options.camera] || invocation[Options.inbox] {
            throw UsageError("give a file, '--camera' or '--inbox', not more than one", path: path)
        }
        if invocation[Options.camera], invocation[Options.inbox] {
            throw UsageError("give '--camera' or '--inbox', not both", path: path)
        }
        if invocation.gave(Options.expense), invocation[Options.noMatch] {
            throw UsageError("'--no-match' goes without '--expense', which says where the receipt goes", path: path)
        }
        if invocation[Options.new], invocation[Options.noMatch] {
            throw UsageError("give '--new' or '--no-match', not both", path: path)
        }
        if invocation[Options.ocr], invocation[Options.noOCR] {
            throw UsageError("give '--ocr' or '--no-ocr', not both", path: path)
        }
        if invocation.gave(Options.maildir) {
            let others = !invocation.arguments.isEmpty || invocation[Options.camera] || invocation[Options.inbox]
            if others { throw UsageError("give a file, '--maildir', '--camera' or '--inbox', not more than one", path: path) }
            if create || invocation.gave(Options.expense) {
                throw UsageError(
                    "'--maildir' takes every new message: capture one message with '--create' or '--expense' as a file", path: path)
            }
        }
    }

    /// The bytes to capture: the file or stdin named, else the camera, else the inbox.
    private func input(settings: Settings, store: Store) throws -> ReceiptInput {
        let limit = settings.maxReceiptSize
        if let file = invocation.arguments.first {
            return file == "-"
                ? try ReceiptInput.standardInput(maxSize: limit)
                : try ReceiptInput.file(file, at: session.environment.path(file), maxSize: limit)
        }
        let camera = invocation[Options.camera] || (!invocation[Options.inbox] && settings.cameraCommand != nil)
        if camera {
            guard let command = settings.cameraCommand else {
                throw ExpenseError(
                    .unavailable, "no camera is set up",
                    hint:
                        "set its command, with {output} where the picture goes: expenses config set camera.command \"fswebcam --no-banner -r 1920x1080 {output}\""
                )
            }
            return try CameraCommand(
                template: command, timeLimit: Double(settings.cameraTimeout), directory: session.environment.workingDirectory
            ).capture(maxSize: limit)
        }
        guard let folder = settings.receiptInbox else {
            if invocation[Options.inbox] {
                throw ExpenseError(.unavailable, "no receipt inbox is set up", hint: "expenses config set receipts.inbox ~/Sync/Receipts")
            }
            // On a terminal the file is asked for; elsewhere it is a usage error.
            guard let reader = session.lineReader else {
                throw ExpenseError(
                    .usage, "nothing to capture: give a file, or '-' to read standard input",
                    hint: "or set up a camera (config camera.command) or an inbox folder (config receipts.inbox)")
            }
            let file = try ReceiptForm.file(reader: reader, in: session.environment)
            return try ReceiptInput.file(file, at: session.environment.path(file), maxSize: limit)
        }
        return try ReceiptInbox(folder: expand(folder)).newestNewPhoto(in: store, maxSize: limit)
    }

    /// The reader that asks for the expense of a receipt, when it is to be asked: on a terminal,
    /// when the receipt came from the camera, the inbox or the asked file (the takePhoto way),
    /// and neither --create nor --expense said what it is for.
    var expenseFormReader: LineReader? {
        guard !invocation[Options.create], !invocation.gave(Options.expense), invocation.arguments.isEmpty,
            !invocation.gave(Options.maildir)
        else { return nil }
        return session.lineReader
    }

    /// The trip a photo taken now is for: the report opened in the REPL, else the app's current
    /// trip, when it is a draft.
    private func currentDraftTrip(_ store: Store) throws -> Report? {
        let settings = try session.settings()
        let current =
            try session.currentReportID
            ?? TripShortcuts.currentTrip(in: session.shortcuts(), appID: settings.appID)
        return try current.map(store.report).flatMap { $0.status == .draft ? $0 : nil }
    }

    /// How the form and the confirmation name the receipt. Not yet committed, it has no number,
    /// and a hash prefix is a name no person knows: it is named by its file or where it came from
    /// (the camera's picture); one captured before has its number already, as everywhere else.
    private func label(_ prepared: ReceiptCapture.Prepared) -> String {
        guard let existing = prepared.existing else { return prepared.label }
        return "receipt \(existing.id) (\(prepared.label))"
    }

    /// The expense a receipt proposes: `overrides` over what OCR read over the defaults.
    private func draft(
        _ prepared: ReceiptCapture.Prepared, report: Report?, settings: Settings,
        overrides: [String: String]
    ) -> ReceiptExpenseDraft {
        let takenOn = prepared.takenAt.flatMap { try? CalendarDate.parse(String($0.prefix(10))) }
        return ReceiptExpenseDraft(
            suggestion: ReceiptView.suggestion(prepared.ocr, guessing: nil), takenOn: takenOn, overrides: overrides, report: report,
            defaultCurrency: settings.defaultCurrency, today: session.environment.today())
    }

    /// `~/Receipts` in the home directory; a relative folder beside the config file, as other
    /// paths of the config are read.
    private func expand(_ folder: String) -> String {
        if folder == "~" || folder.hasPrefix("~/") { return (session.environment["HOME"] ?? "") + folder.dropFirst() }
        if folder.hasPrefix("/") { return folder }
        return session.environment.configDirectory + "/" + folder
    }

    /// The draft to create, confirmed; nil when the user declined it at the REPL.
    private func confirmedDraft(
        _ prepared: ReceiptCapture.Prepared, report: Report?, settings: Settings,
        store: Store
    ) throws -> ReceiptExpenseDraft? {
        var overrides: [String: String] = [:]
        for option in Options.draft {
            if let value = try invocation[option] { overrides[option.spec.name] = value }
        }
        var draft = self.draft(prepared, report: report, settings: settings, overrides: overrides)
        let label = self.label(prepared)
        // A total the receipt's own arithmetic doubts is not booked unseen: --yes accepts what
        // was read, not what may have been misread.
        if invocation[Options.yes], !draft.doubts.isEmpty {
            throw ExpenseError(
                .refused,
                "the receipt's total is in doubt: \(draft.doubts.joined(separator: "; also ")); nothing was captured",
                hint: "look at the receipt and give its total: --amount \(draft.amount.value.isEmpty ? "12.50" : draft.amount.value)")
        }
        guard draft.needsConfirmation, !invocation[Options.yes] else { return draft }
        guard let reader = session.lineReader else {
            throw ExpenseError(
                .refused,
                "the expense to create needs your confirmation; nothing was captured.\n"
                    + draft.summary(of: label).trimmingSpaces,
                hint: "add --yes to accept it as shown, or give --date, --amount and --category")
        }
        switch try DraftConfirmation(reader: reader, store: store).confirm(&draft, receiptLabel: label) {
        case .create: return draft
        case .skip: return nil
        }
    }

    private func output(
        _ committed: ReceiptCapture.Committed, declined: Bool, match: CaptureMatch, storage: any ReceiptStorage,
        store: Store, guessedCurrency: String
    ) -> Output {
        let receipt = committed.receipt
        if let target = committed.attachedTo {
            let others = receipt.expenseIDs.filter { $0 != target }
            if !others.isEmpty { ReceiptLinks.warnShared(receipt, others: others) }
            if committed.expense == nil, match.attaches == nil, let expense = try? store.expense(target) {
                ReceiptLinks.warnIfTotalDiffers(receipt, from: expense)
            }
        }
        let document = ReceiptCaptureResult(
            committed: committed, path: storage.localPath(of: receipt.sha256),
            place: storage.place, declined: declined, match: match, creating: invocation[Options.create],
            guessedCurrency: guessedCurrency
        ).output
        // A created expense changes its trip, as `expense add` does; so does a matched one's receipt.
        return (committed.expense ?? match.attaches?.item).map { document.touching($0.reportID) } ?? document
    }
}
