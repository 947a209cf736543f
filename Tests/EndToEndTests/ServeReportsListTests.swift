import ExpenseTestSupport
import Foundation
import XCTest

/// The reports page as `report list` shows the list: the first 50, open ones first, and what was
/// left out said, with a link to every one.
final class ServeReportsListTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "a file database's one-time log-in link; the list's rows are the store's, tried on both engines")
    }

    func testTheFirstFiftyReportsAndALinkToEveryOne() throws {
        let app = try ExpensesProcess()
        let script = (1...52).map { "report new \"Trip \($0)\" --from 2026-03-02 --to 2026-03-06" }.joined(separator: "\n") + "\n"
        try script.write(toFile: app.path("trips.txt"), atomically: true, encoding: .utf8)
        try app.ok("run", app.path("trips.txt"))
        let (process, url, jar) = try ServeClient.startLoggedIn(app)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let body = app.path("body")
        XCTAssertEqual(try ServeClient.curl(["-b", jar, "-o", body, url + "reports"]), "200 ")
        let first = try String(contentsOfFile: body, encoding: .utf8)
        XCTAssertEqual(first.components(separatedBy: "href=\"/reports/").count - 1, 50, first)
        XCTAssertTrue(first.contains("50 of 52 reports"), first)
        XCTAssertTrue(first.contains("<a href=\"/reports?all\">Show all</a>"), first)
        XCTAssertEqual(try ServeClient.curl(["-b", jar, "-o", body, url + "reports?all"]), "200 ")
        let every = try String(contentsOfFile: body, encoding: .utf8)
        XCTAssertEqual(every.components(separatedBy: "href=\"/reports/").count - 1, 52)
        XCTAssertFalse(every.contains("Show all"))
    }
}
