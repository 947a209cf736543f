import XCTest

@testable import StatementImport

/// `skip-end N`: the last N rows wait until the file ends, and only they.
final class HoldbackTests: XCTestCase {
    private func run(_ count: Int, _ elements: [Int]) -> (passed: [Int], held: [Int]) {
        var holdback = Holdback<Int>(count: count)
        let passed = elements.compactMap { holdback.push($0) }
        return (passed, holdback.drain())
    }

    func testTheLastNAreHeldAndTheRestPassInOrder() {
        XCTAssertEqual(run(2, [1, 2, 3, 4, 5]).passed, [1, 2, 3])
        XCTAssertEqual(run(2, [1, 2, 3, 4, 5]).held, [4, 5])
        XCTAssertEqual(run(3, Array(1...10)).held, [8, 9, 10], "oldest first, wherever the ring has turned to")
        XCTAssertEqual(run(1, [7]).held, [7])
    }

    func testNoneHeldWithZeroAndAllWhenTheStreamIsShorter() {
        XCTAssertEqual(run(0, [1, 2]).passed, [1, 2])
        XCTAssertEqual(run(0, [1, 2]).held, [])
        XCTAssertEqual(run(5, [1, 2]).passed, [])
        XCTAssertEqual(run(5, [1, 2]).held, [1, 2])
        XCTAssertEqual(run(Int.max, [1, 2, 3]).held, [1, 2, 3], "a huge count holds what came, and allocates no more")
        XCTAssertEqual(run(-3, [1]).passed, [1])
        var holdback = Holdback<Int>(count: 2)
        _ = holdback.push(1)
        XCTAssertEqual(holdback.drain(), [1])
        XCTAssertEqual(holdback.drain(), [], "drained")
        XCTAssertNil(holdback.push(2), "and holding again")
    }
}
