import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementImport

final class OccurrenceCounterTests: XCTestCase {
    /// A spill in memory that records what went through it.
    final class RecordingSpill {
        var saved: [Int: [UInt64: UInt32]] = [:]
        var saves = 0, loads = 0
        var spill: OccurrenceCounter.Spill {
            OccurrenceCounter.Spill(
                save: { day, counts in
                    self.saved[day] = counts
                    self.saves += 1
                },
                load: { day in
                    self.loads += 1
                    return self.saved[day] ?? [:]
                })
        }
    }

    func testIdenticalRowsAreNumberedPerDay() throws {
        let counter = OccurrenceCounter(spill: nil)
        XCTAssertEqual(try counter.next(day: 1, content: 7), 1)
        XCTAssertEqual(try counter.next(day: 1, content: 7), 2, "two coffees on one day")
        XCTAssertEqual(try counter.next(day: 1, content: 8), 1)
        XCTAssertEqual(try counter.next(day: 2, content: 7), 1, "the same content on another day is another row")
        XCTAssertEqual(try counter.next(day: 1, content: 7), 3, "a day that comes back keeps counting")
    }

    func testCountsStayExactWhenDaysAreSpilledAndComeBack() throws {
        let recording = RecordingSpill()
        let counter = OccurrenceCounter(budget: 8, spill: recording.spill)
        // An unsorted file: days 1...6, each with three hashes, then every day again.
        for day in 1...6 {
            for content in UInt64(1)...3 { XCTAssertEqual(try counter.next(day: day, content: content), 1) }
        }
        XCTAssertGreaterThan(recording.saves, 0, "over budget, days went to the spill")
        for day in 1...6 {
            for content in UInt64(1)...3 { XCTAssertEqual(try counter.next(day: day, content: content), 2, "day \(day)") }
        }
        XCTAssertGreaterThan(recording.loads, 0)
        XCTAssertEqual(try counter.next(day: 1, content: 1), 3)
    }

    func testTheTemporaryFileSpillRoundTrips() throws {
        let counter = OccurrenceCounter(budget: 4, spill: .temporaryFile())
        for round in 1...3 {
            for day in 0..<50 {
                for content in UInt64(0)..<3 {
                    XCTAssertEqual(try counter.next(day: day, content: content &* 0x9E37_79B9_7F4A_7C15), round)
                }
            }
        }
    }
}
