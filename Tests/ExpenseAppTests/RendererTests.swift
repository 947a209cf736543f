import ExpenseTestSupport
import Rendering
import XCTest

@testable import ExpenseApp

/// Each format of each kind of output; the listing's own table, CSV and JSON are in RenderingTests.
final class RendererTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    struct Greeting: Document {
        var text: String { "Hello" }
        var json: JSONValue { .object([("greeting", .string("hello"))]) }
    }

    func testAMessageIsALineOrAnObject() {
        XCTAssertEqual(Renderer(format: .table).render(.message("hi")), "hi\n")
        XCTAssertEqual(Renderer(format: .json).render(.message("hi")), "{\n  \"message\": \"hi\"\n}\n")
    }

    func testADocumentWithoutRowsPrintsItsJSONAsCSV() {
        XCTAssertEqual(Renderer(format: .table).render(.document(Greeting())), "Hello\n")
        XCTAssertEqual(Renderer(format: .csv).render(.document(Greeting())), "{\n  \"greeting\": \"hello\"\n}\n")
        XCTAssertEqual(Renderer(format: .json).render(Greeting().output.touching(3)), "{\n  \"greeting\": \"hello\"\n}\n")
    }

    func testAnEmptyListingSaysSo() {
        XCTAssertEqual(Renderer(format: .table).render(.listing(Listing(columns: [.init("id", "id")], rows: []))), "(none)\n")
    }
}
