import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport
import Rendering
import WebServing

/// The takePhoto quick action on the web: the form that opens the phone's camera, and the upload
/// captured exactly as `receipt capture FILE` captures it (`ReceiptCaptureFlow`: OCR, a PDF's or
/// an e-mail's text, matching to a card line), told on a page: attached to its expense, or kept
/// with the expense it proposes prefilled, or refused. The phone's share sheet posts here too.
enum WebReceipts {
    /// `/receipts/new[?report=ID]`: the take-photo form, for that trip when one is given.
    static func form(_ request: HTTPRequest, _ session: WebSession) -> HTTPResponse {
        WebPages.answer(session) { store in
            let trip = try id(request.query["report"]).map { try store.report($0) }
            let body = TakePhotoPage.body(csrfToken: session.csrf, reportTitle: trip?.title, reportID: trip?.id)
            return WebPages.page("Take photo", body, session, heading: false)
        }
    }

    /// `POST /receipts` and the share target's POST: the form's file captured; the result page.
    static func upload(_ request: HTTPRequest, _ session: WebSession) -> HTTPResponse {
        guard let file = request.files.first(where: { $0.field == WebAppManifest.shareFileField }) ?? request.files.first,
            file.size > 0
        else {
            let body = CaptureResultPage.body(
                .refused(message: "no receipt came with the form", hint: "choose a photo or a PDF of the receipt, then send it"),
                csrfToken: session.csrf)
            return WebPages.page("Not captured", body, session, status: 400, heading: false)
        }
        return WebPages.answer(
            session,
            inSession: { cli in
                let settings = try cli.settings()
                let store = try cli.store()
                let storage = try store.requireReceiptStorage()
                // Messages name the file as the phone did, not by the server's temporary file.
                let name = shownName(file.filename)
                var input = try ReceiptInput.file(name.isEmpty ? "the upload" : name, at: file.path, maxSize: settings.maxReceiptSize)
                input.originalName = name
                let flow = try ReceiptCaptureFlow(session: cli, store: store, storage: storage, settings: settings)
                let trip = id(request.form["report"])
                var capture = ReceiptCaptureFlow.Request()
                capture.proposes = true
                capture.preferring = { [trip].compactMap { $0 } }
                capture.currentTrip = { try TripShortcuts.currentDraft(given: trip, in: cli, store: store) }
                let outcome = try flow.capture(input, for: capture)
                if case .captured(let captured) = outcome {
                    TripShortcuts.afterCommand(captured.output, in: cli)
                }
                let shown = try outcome.page(in: store)
                let title =
                    switch shown {
                    case .attached: "Receipt attached"
                    case .draft: "Add the expense"
                    case .refused: "Not captured"
                    }
                let status = if case .refused = shown { 422 } else { 200 }
                return WebPages.page(title, CaptureResultPage.body(shown, csrfToken: session.csrf), session, status: status, heading: false)
            })
    }

    /// The browser's name of an uploaded file, as a name: its last part, whatever separator the
    /// phone's system used; shown escaped, never opened.
    static func shownName(_ filename: String) -> String {
        let last = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        return last.filter { !$0.isNewline }
    }

    /// An id (a report's, a receipt's) given in a query or a form; nil when none or not one.
    static func id(_ text: String?) -> Int64? {
        text.flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
}
