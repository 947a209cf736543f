import XCTest

@testable import ExpenseSupport
@testable import StatementImport

final class ProgressMeterTests: XCTestCase {
    func testTheLineShowsRowsSpeedBarAndTimeLeft() {
        XCTAssertEqual(
            ProgressMeter.line(rows: 412_113, bytes: 41, totalBytes: 100, seconds: 1.5),
            "  412,113 rows  274,742 rows/s  [########------------]  41%  ETA 0:02")
        XCTAssertEqual(ProgressMeter.line(rows: 0, bytes: 0, totalBytes: 100, seconds: 0), "  0 rows  [--------------------]  0%")
        XCTAssertEqual(
            ProgressMeter.line(rows: 10, bytes: 50, totalBytes: 0, seconds: 2), "  10 rows  5 rows/s",
            "from a pipe: no size, so no bar and no ETA")
        XCTAssertEqual(
            ProgressMeter.line(rows: 1_000_000, bytes: 10, totalBytes: 100, seconds: 90),
            "  1,000,000 rows  11,111 rows/s  [##------------------]  10%  ETA 13:30")
    }

    func testADisabledMeterNeverDraws() {
        let meter = ProgressMeter(enabled: false, totalBytes: 100)
        XCTAssertFalse(meter.isDue)
        meter.draw(rows: 1, bytes: 1)
        XCTAssertFalse(meter.isVisible)
    }
}
