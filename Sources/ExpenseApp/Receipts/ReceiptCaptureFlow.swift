import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// Capturing one receipt from start to end, as ONE call that returns what happened: attached to
/// an expense, an expense made of it, or kept with the expense it proposes (prefilled from what
/// was read, with the doubts), or refused. `receipt capture` and the web's upload both call it,
/// so a photo taken on a phone is captured exactly as one given on the command line. Nothing
/// here writes to a terminal: questions are asked through `questions` (a terminal's, or none on
/// the web and in scripts), and warnings are returned for the caller to show.
struct ReceiptCaptureFlow {
    /// What the capture is for, as `receipt capture`'s options say it.
    struct Request {
        /// `--expense`: attach to this one, look for no match.
        var expenseID: Int64?
        /// `--create`: make an expense of it, in `report` (checked by the caller).
        var create = false
        var report: Report?
        /// `--yes`: make it without asking.
        var yes = false
        /// `--no-match`, `--new`: look for no item it could be.
        var noMatch = false
        var new = false
        var ocr: ReceiptCapture.OCRMode = .automatic
        /// `--date`, `--amount`, …: over what was read; asked only when an expense is made.
        var overrides: () throws -> [String: String] = { [:] }
        /// The takePhoto way: with questions, the expense form is shown when nothing matched.
        var asksForExpense = false
        /// Whether the outcome carries the expense a receipt attached to nothing proposes
        /// (the web's prefilled form); the command shows none, and does not look for its trip.
        var proposes = false
        /// The reports whose items a match prefers: `--report`, else the current one. Asked
        /// only when a match is looked for.
        var preferring: () throws -> [Int64] = { [] }
        /// The draft trip a photo taken now is for, asked only when an expense is proposed.
        var currentTrip: () throws -> Report? = { nil }
    }

    /// What a person may be asked while a receipt is captured; nil: nobody is there to ask.
    protocol Questions {
        func confirmMatch(_ candidate: ReceiptMatch.Candidate) throws -> Bool
        func chooseMatch(_ candidates: [ReceiptMatch.Candidate]) throws -> ReceiptMatch.Candidate?
        /// The takePhoto form, prefilled with `proposal`: the expense to make, nil when declined.
        func expense(from proposal: ReceiptExpenseDraft, label: String, store: Store) throws -> ReceiptExpenseDraft?
        /// `--create`'s confirmation of the draft, which it may change.
        func confirm(_ draft: inout ReceiptExpenseDraft, label: String, store: Store) throws -> DraftConfirmation.Decision
    }

    /// What happened.
    enum Outcome {
        case captured(Captured)
        /// Not captured, and nothing of it kept: what the person is told.
        case refused(ExpenseError)
    }

    /// A receipt captured: the committed rows and how they came about.
    struct Captured {
        var committed: ReceiptCapture.Committed
        var declined: Bool
        var match: CaptureMatch
        var creating: Bool
        var guessedCurrency: String
        /// Its file in the vault; nil when its bytes are in the database.
        var path: String?
        var place: ReceiptStoragePlace
        /// Attached to nothing: the expense it proposes, when the request asked for it.
        var proposal: ReceiptExpenseDraft?
        /// Said on stderr by the command: a receipt on two expenses, a total that differs.
        var warnings: [String] = []

        /// The expense it is attached to (made now or there before) and that expense's report.
        func attachment(in store: Store) throws -> (expense: Int64, report: Int64?)? {
            guard let target = committed.attachedTo else { return nil }
            let expense = try committed.expense ?? match.attaches?.item ?? store.expense(target)
            return (target, expense.id == target ? expense.reportID : try store.expense(target).reportID)
        }

        /// As `receipt capture` prints it.
        var output: Output {
            let document = ReceiptCaptureResult(
                committed: committed, path: path, place: place, declined: declined, match: match, creating: creating,
                guessedCurrency: guessedCurrency
            ).output
            // A created expense changes its trip, as `expense add` does; so does a matched one's receipt.
            return (committed.expense ?? match.attaches?.item).map { document.touching($0.reportID) } ?? document
        }
    }

    let store: Store
    let storage: any ReceiptStorage
    let settings: Settings
    let user: UserName
    let now: () -> String
    let today: CalendarDate
    /// Where OCR's programs run.
    let workingDirectory: String?
    var questions: (any Questions)?

    /// Captures `input` for `request`. An `ExpenseError` (not a receipt, not allowed, the total in
    /// doubt, …) is the outcome `.refused`; any other error is the machine's, and thrown.
    func capture(_ input: ReceiptInput, for request: Request) throws -> Outcome {
        do {
            return .captured(try captured(input, for: request))
        } catch let error as ExpenseError {
            return .refused(error)
        }
    }

    private func captured(_ input: ReceiptInput, for request: Request) throws -> Captured {
        var capture = ReceiptCapture(store: store, storage: storage, capturedAt: now(), user: user)
        capture.ocrEngine.directory = workingDirectory
        capture.ocrEngine.command = settings.receiptOCRCommand
        let prepared = try capture.prepare(input, ocr: request.ocr)
        let match: CaptureMatch
        do {
            match = try self.match(prepared, for: request)
        } catch {
            capture.discard(prepared)
            throw error
        }
        var makeExpense: (() throws -> Expense)?
        var declined = false
        // A receipt that is an item's, or may be one of several, makes no second expense.
        let mayMakeExpense = match.attaches == nil && !match.holdsBack(create: request.create)
        if mayMakeExpense, request.asksForExpense, let questions {
            // The takePhoto way on a terminal: what OCR read, confirmed or corrected, for the current trip.
            do {
                if let draft = try questions.expense(from: proposal(prepared, for: request), label: label(prepared), store: store) {
                    makeExpense = { try draft.expense(in: store) }
                } else {
                    declined = true
                }
            } catch {
                capture.discard(prepared)
                throw error
            }
        } else if mayMakeExpense, request.create {
            do {
                let draft = try confirmedDraft(prepared, for: request)
                if let draft { makeExpense = { try draft.expense(in: store) } } else { declined = true }
            } catch {
                capture.discard(prepared)
                throw error
            }
        }
        let committed = try capture.commit(
            prepared, attachTo: match.attaches?.item.id ?? request.expenseID, how: match.attaches.map { "matched: \($0.reason)" } ?? "",
            makeExpense: makeExpense)
        var captured = Captured(
            committed: committed, declined: declined, match: match, creating: request.create,
            guessedCurrency: request.report?.currency.code ?? settings.defaultCurrency,
            path: storage.localPath(of: committed.receipt.sha256), place: storage.place)
        let receipt = committed.receipt
        if let target = committed.attachedTo {
            let others = receipt.expenseIDs.filter { $0 != target }
            if !others.isEmpty { captured.warnings.append(ReceiptLinks.sharedWarning(receipt, others: others)) }
            if committed.expense == nil, match.attaches == nil, let expense = try? store.expense(target),
                let warning = ReceiptLinks.totalWarning(receipt, from: expense)
            {
                captured.warnings.append(warning)
            }
        } else if request.proposes, committed.expense == nil, !declined, receipt.expenseIDs.isEmpty {
            captured.proposal = try proposal(prepared, for: request)
        }
        return captured
    }

    /// Which item the receipt is, when it is to be looked for: a capture that says neither where
    /// it goes (`--expense`) nor `--no-match` or `--new`. One clear match is attached (asked first
    /// when an expense was to be made: `--create`, the takePhoto form); several are asked, else
    /// listed.
    private func match(_ prepared: ReceiptCapture.Prepared, for request: Request) throws -> CaptureMatch {
        guard request.expenseID == nil, !request.noMatch, !request.new, prepared.existing?.expenseIDs.isEmpty ?? true
        else { return .none }
        let matching = try ReceiptMatching(store: store, settings: settings, preferring: try request.preferring(), today: today)
        guard let facts = matching.facts(of: prepared.ocr.suggestion, takenAt: prepared.takenAt, capturedAt: now())
        else { return .none }
        switch try matching.decide(facts) {
        case .none:
            return try matching.missingRate(for: facts).map { .withoutRate($0) } ?? .none
        case .match(let item, let reason):
            let candidate = ReceiptMatch.Candidate(item: item, reason: reason)
            guard let questions, request.create || request.asksForExpense else { return .attached(candidate, asked: false) }
            return try questions.confirmMatch(candidate) ? .attached(candidate, asked: true) : .none
        case .ambiguous(let candidates):
            guard let questions else { return .listed(candidates) }
            return try questions.chooseMatch(candidates).map { .attached($0, asked: true) } ?? .none
        }
    }

    /// The expense a photo taken now proposes: for the current draft trip, unless it is dated
    /// outside it (a trip without dates yet has no outside).
    private func proposal(_ prepared: ReceiptCapture.Prepared, for request: Request) throws -> ReceiptExpenseDraft {
        let trip = try request.currentTrip()
        let proposal = draft(prepared, report: trip, overrides: [:])
        if let trip, let day = try? CalendarDate.parse(proposal.date.value), trip.isOutsideTrip(day) {
            return draft(prepared, report: nil, overrides: [:])
        }
        return proposal
    }

    /// How the form and the confirmation name the receipt. Not yet committed, it has no number,
    /// and a hash prefix is a name no person knows: it is named by its file or where it came from
    /// (the camera's picture); one captured before has its number already, as everywhere else.
    private func label(_ prepared: ReceiptCapture.Prepared) -> String {
        guard let existing = prepared.existing else { return prepared.label }
        return "receipt \(existing.id) (\(prepared.label))"
    }

    /// The expense a receipt proposes: `overrides` over what OCR read over the defaults.
    private func draft(_ prepared: ReceiptCapture.Prepared, report: Report?, overrides: [String: String]) -> ReceiptExpenseDraft {
        let takenOn = prepared.takenAt.flatMap { try? CalendarDate.parse(String($0.prefix(10))) }
        return ReceiptExpenseDraft(
            suggestion: ReceiptView.suggestion(prepared.ocr, guessing: nil), takenOn: takenOn, overrides: overrides, report: report,
            defaultCurrency: settings.defaultCurrency, today: today)
    }

    /// The draft to create, confirmed; nil when the person declined it.
    private func confirmedDraft(_ prepared: ReceiptCapture.Prepared, for request: Request) throws -> ReceiptExpenseDraft? {
        var draft = self.draft(prepared, report: request.report, overrides: try request.overrides())
        let label = self.label(prepared)
        // A total the receipt's own arithmetic doubts is not booked unseen: --yes accepts what
        // was read, not what may have been misread.
        if request.yes, !draft.doubts.isEmpty {
            throw ExpenseError(
                .refused,
                "the receipt's total is in doubt: \(draft.doubts.joined(separator: "; also ")); nothing was captured",
                hint: "look at the receipt and give its total: --amount \(draft.amount.value.isEmpty ? "12.50" : draft.amount.value)")
        }
        guard draft.needsConfirmation, !request.yes else { return draft }
        guard let questions else {
            throw ExpenseError(
                .refused,
                "the expense to create needs your confirmation; nothing was captured.\n"
                    + draft.summary(of: label).trimmingSpaces,
                hint: "add --yes to accept it as shown, or give --date, --amount and --category")
        }
        switch try questions.confirm(&draft, label: label, store: store) {
        case .create: return draft
        case .skip: return nil
        }
    }
}

extension ReceiptCaptureFlow {
    /// The flow of `session`'s person, on its clock and in its working directory: `receipt
    /// capture` and the web's upload make it alike.
    init(session: Session, store: Store, storage: any ReceiptStorage, settings: Settings) throws {
        let environment = session.environment
        self.init(
            store: store, storage: storage, settings: settings, user: try session.user, now: { environment.now() },
            today: environment.today(), workingDirectory: environment.workingDirectory)
    }
}
