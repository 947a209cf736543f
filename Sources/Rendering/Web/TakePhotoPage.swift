/// The take-photo page (`/receipts/new`, the takePhoto quick action's URL): one file field that
/// opens the phone's camera (`capture=environment`, the back camera) or offers a PDF, posted as
/// multipart to `/receipts` with the session's CSRF token. No JavaScript: the form is the page.
/// Returns the body's HTML only; the layout (head, CSP, navigation) wraps it.
public enum TakePhotoPage {
    /// `reportTitle`, `reportID`: the trip the receipt will be looked for in first, when there is one.
    public static func body(csrfToken: String, reportTitle: String? = nil, reportID: Int64? = nil) -> String {
        let report = reportID.map { "<input type=\"hidden\" name=\"report\" value=\"\($0)\">\n" } ?? ""
        let trip = reportTitle.map { "<p>For the trip <strong>\(HTML.escape($0))</strong>, if it is one of its receipts.</p>\n" } ?? ""
        return """
            <h1>Take photo</h1>
            \(trip)<form method="post" action="/receipts" enctype="multipart/form-data">
            <input type="hidden" name="csrf" value="\(HTML.escape(csrfToken))">
            \(report)<label for="receipt">Receipt: a photo or a PDF</label>
            <input type="file" id="receipt" name="receipt" accept="image/*,application/pdf" capture="environment" required>
            <button type="submit">Capture</button>
            </form>

            """
    }
}
