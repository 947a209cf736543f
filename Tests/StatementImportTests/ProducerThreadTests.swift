import Dispatch
import XCTest

@testable import ExpenseSupport
@testable import StatementImport

/// The read-ahead thread of the import: everything produced arrives, in order, across chunk
/// boundaries and a full buffer; a producer's error arrives after its elements; stopping early
/// ends the producer.
final class ProducerThreadTests: XCTestCase {
    private struct Broken: Error, Equatable {}

    func testEveryElementArrivesInOrderThroughASmallBuffer() throws {
        let producer = ProducerThread<Int>(chunkSize: 7, capacity: 2) { emit in
            for value in 0..<10_000 { guard emit(value) else { return } }
        }
        var received: [Int] = []
        while let value = try producer.next() { received.append(value) }
        XCTAssertEqual(received, Array(0..<10_000))
        XCTAssertNil(try producer.next(), "the end stays the end")
    }

    /// An element is moved to the consumer, not copied: the thread's buffer no longer refers to
    /// it (a copy retained every text of every imported row once more, and released it again).
    /// The producer has sent every chunk first (three, all full), so that nothing of its own
    /// still refers to an element.
    func testAnElementIsHandedOverNotCopied() throws {
        final class Box {}
        let produced = DispatchSemaphore(value: 0)
        let producer = ProducerThread<Box>(chunkSize: 4, capacity: 3) { emit in
            for _ in 0..<12 { guard emit(Box()) else { return } }
            produced.signal()
        }
        produced.wait()
        var handed = 0
        while var box = try producer.next() {
            XCTAssertTrue(isKnownUniquelyReferenced(&box), "element \(handed) is still referenced by the thread's buffer")
            handed += 1
        }
        XCTAssertEqual(handed, 12)
    }

    func testAnErrorArrivesAfterTheElementsBeforeIt() throws {
        let producer = ProducerThread<Int>(chunkSize: 4, capacity: 1) { emit in
            for value in 0..<10 { _ = emit(value) }
            throw Broken()
        }
        var received: [Int] = []
        XCTAssertThrowsError(try { while let value = try producer.next() { received.append(value) } }()) { error in
            XCTAssertEqual(error as? Broken, Broken())
        }
        XCTAssertEqual(received, Array(0..<10))
    }

    func testStoppingEarlyEndsAProducerThatWouldRunForever() throws {
        let refused = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        defer { refused.deallocate() }
        refused.pointee = false
        let producer = ProducerThread<Int>(chunkSize: 8, capacity: 2) { emit in
            var value = 0
            while emit(value) { value += 1 }
            refused.pointee = true
        }
        for expected in 0..<100 { XCTAssertEqual(try producer.next(), expected) }
        producer.stop()
        XCTAssertTrue(refused.pointee, "the producer was told to end and returned")
        producer.stop()
    }
}
