import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// Every write a member may call takes the time it stamps from the server's clock, whatever time
/// the call passes (issue 43, point 7); the administrator's copy of a laptop's history keeps its
/// times. Made once, where the layer makes every declared write (`ServerFunction`), so that a
/// write added later is stamped too.
final class ServerClockDeclarationTests: EngineTestCase {
    override class var engines: Engines { .once(because: "it reads the schema's text, no database") }

    func testEveryTimeAMembersWriteIsGivenIsTheServers() {
        var stamped: [String] = []
        for function in PostgresSchema.serverFunctions {
            let times = PostgresSchema.stampParameters.filter { function.parameters.contains("\($0) text") }
            guard !times.isEmpty else { continue }
            let body = "\n" + function.sql.components(separatedBy: "\nBEGIN\n").dropFirst().joined()
            for time in times {
                let stamp = "\n\(time) := server_now();\n"
                if function.callers.isEmpty {
                    XCTAssertFalse(body.contains(stamp), "\(function.name) is the administrator's: it keeps the time it is given")
                } else {
                    XCTAssertTrue(body.contains(stamp), "\(function.name) takes \(time) from its caller")
                    // A declaration's initial value is computed before the body, with the caller's time.
                    XCTAssertFalse(function.declare.contains(time), "\(function.name) reads \(time) before it is the server's")
                    stamped.append("\(function.name)(\(time))")
                }
            }
        }
        XCTAssertTrue(stamped.contains("report_step(p_at)"), stamped.description)
        XCTAssertTrue(stamped.contains("receipt_new(p_captured_at)"), stamped.description)
        let administrators = PostgresSchema.serverFunctions.filter { $0.callers.isEmpty }.map(\.name)
        XCTAssertTrue(administrators.contains("log_event") && administrators.contains("copy_marker_add"), administrators.description)
    }
}
