/// `/login`: the person's database role and password, with the form's CSRF token.
public enum LoginPage {
    /// - Parameter message: what went wrong last time (text), if anything.
    public static func html(csrf: String, name: String = "", message: String? = nil) -> String {
        let said = message.map { "<p role=\"alert\">\(HTML.escape($0))</p>\n" } ?? ""
        let body = """
            \(said)<form method="post" action="/login">
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            <p><label>Name<br><input name="name" autocomplete="username" autocapitalize="none" required value="\(HTML.escape(name))"></label></p>
            <p><label>Password<br><input name="password" type="password" autocomplete="current-password" required></label></p>
            <p><button type="submit">Log in</button></p>
            </form>
            """
        return WebPage.layout(title: "Log in", body: body)
    }
}
