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

    /// Captures one receipt through `ReceiptCaptureFlow`, the web upload's way too, and prints
    /// what it returns: its warnings on stderr, the result on stdout; a refusal is the error.
    func captureOne(
        _ input: ReceiptInput, settings: Settings, store: Store, storage: any ReceiptStorage, expenseID: Int64?, report: Report?
    ) throws -> Output {
        var flow = try ReceiptCaptureFlow(session: session, store: store, storage: storage, settings: settings)
        if let reader = session.lineReader { flow.questions = TerminalCaptureQuestions(reader: reader) }
        switch try flow.capture(input, for: request(expenseID: expenseID, report: report, store: store)) {
        case .refused(let error):
            throw error
        case .captured(let captured):
            for warning in captured.warnings { Console.error(warning) }
            return captured.output
        }
    }

    /// What the options ask of the capture.
    private func request(expenseID: Int64?, report: Report?, store: Store) -> ReceiptCaptureFlow.Request {
        var request = ReceiptCaptureFlow.Request()
        request.expenseID = expenseID
        request.create = invocation[Options.create]
        request.report = report
        request.yes = invocation[Options.yes]
        request.noMatch = invocation[Options.noMatch]
        request.new = invocation[Options.new]
        request.ocr = invocation[Options.noOCR] ? .off : invocation[Options.ocr] ? .required : .automatic
        request.asksForExpense = asksForExpense
        let invocation = self.invocation
        let session = self.session
        request.preferring = { [try invocation[Options.report] ?? session.currentReportID].compactMap { $0 } }
        request.currentTrip = { try TripShortcuts.currentDraft(given: session.currentReportID, in: session, store: store) }
        request.overrides = {
            var overrides: [String: String] = [:]
            for option in Options.draft {
                if let value = try invocation[option] { overrides[option.spec.name] = value }
            }
            return overrides
        }
        return request
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

    /// Whether the expense of a receipt is asked for, on a terminal: when the receipt came from
    /// the camera, the inbox or the asked file (the takePhoto way), and neither --create nor
    /// --expense said what it is for.
    var asksForExpense: Bool {
        !invocation[Options.create] && !invocation.gave(Options.expense) && invocation.arguments.isEmpty
            && !invocation.gave(Options.maildir)
    }

    /// `~/Receipts` in the home directory; a relative folder beside the config file, as other
    /// paths of the config are read.
    private func expand(_ folder: String) -> String {
        if folder == "~" || folder.hasPrefix("~/") { return (session.environment["HOME"] ?? "") + folder.dropFirst() }
        if folder.hasPrefix("/") { return folder }
        return session.environment.configDirectory + "/" + folder
    }
}
