import Foundation
import XCTest

@testable import ExpenseSupport

/// The console writes to and reads from the streams bound for the run: the process's own in the
/// binary, a test's files for a command run in process; nothing else of the process changes.
final class ConsoleTests: XCTestCase {
    /// An unlinked file of the test's, read back from its start.
    private final class Stream {
        let descriptor: Int32
        init(_ text: String = "") throws {
            var template = Array((NSTemporaryDirectory() + "console.XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw POSIXError(.EIO) }
            unlink(String(cString: template))
            _ = FileDescriptor.writeAll(Array(text.utf8), to: descriptor)
            lseek(descriptor, 0, SEEK_SET)
        }
        var text: String {
            lseek(descriptor, 0, SEEK_SET)
            guard case .success(let bytes) = FileDescriptor.readAll(descriptor) else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
        deinit { close(descriptor) }
    }

    func testTheProcessesOwnStreamsUnlessARunBindsOthers() {
        XCTAssertEqual(Console.streams, ConsoleStreams(input: 0, output: 1, error: 2))
    }

    func testWritesAndReadsGoToTheBoundStreamsOnlyWhileBound() throws {
        let input = try Stream("report list\n")
        let output = try Stream()
        let error = try Stream()
        let streams = ConsoleStreams(input: input.descriptor, output: output.descriptor, error: error.descriptor)
        let read = Console.$streams.withValue(streams) { () -> String in
            Console.write("text \u{1B}[2J\n")
            Console.writeExactly("{\"exact\": \"\u{1B}\"}\n")
            Console.error("warning\n")
            return Console.readStandardInput()
        }
        XCTAssertEqual(read, "report list\n")
        XCTAssertNotEqual(TerminalText.visible("\u{1B}"), "\u{1B}")
        XCTAssertEqual(
            output.text, TerminalText.visible("text \u{1B}[2J\n") + "{\"exact\": \"\u{1B}\"}\n",
            "text for people passes TerminalText, exact text does not")
        XCTAssertEqual(error.text, "warning\n")
        XCTAssertEqual(Console.streams, .standard, "the binding ends with the run")
    }

    func testAFileIsNoTerminal() throws {
        let file = try Stream()
        Console.$streams.withValue(ConsoleStreams(input: file.descriptor, output: file.descriptor, error: file.descriptor)) {
            XCTAssertFalse(Console.isTerminal(\.input))
            XCTAssertFalse(Console.isTerminal(\.output))
            XCTAssertFalse(Console.isTerminal(\.error))
        }
    }
}
