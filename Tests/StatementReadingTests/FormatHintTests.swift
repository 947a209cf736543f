import XCTest

@testable import StatementReading

/// The hints that tell a person which statements the importer reads name every format it reads
/// now, not the first ones it read (camt.053, OFX and CSV).
final class FormatHintTests: XCTestCase {
    private static let all = ["CSV", "camt.052", "camt.053", "camt.054", "OFX", "MT940", "QIF"]

    private func assertNamesAll(_ hint: String?, _ formats: [String] = all, line: UInt = #line) {
        guard let hint else { return XCTFail("no hint", line: line) }
        for format in formats { XCTAssertTrue(hint.contains(format), "'\(hint)' does not name \(format)", line: line) }
    }

    private func instead(_ bytes: String) -> String? {
        guard case .unread(_, let instead) = StatementFormat.recognise(Array(bytes.utf8)) else { return nil }
        return instead
    }

    func testTheReadersHintsNameEveryFormatRead() {
        assertNamesAll(StatementFormat.formatsRead)
        do {
            _ = try OFXReader.read(Array("<HTML><BODY>".utf8))
            XCTFail("read")
        } catch { assertNamesAll(error.hint) }
        do {
            _ = try CamtReader.read(Array("<?xml version=\"1.0\"?>\n<Statement/>".utf8))
            XCTFail("read")
        } catch { assertNamesAll(error.hint) }
        do {
            var scanner = MarkupScanner(Array("<a>\n<!DOCTYPE a>".utf8), encoding: .utf8)
            while try scanner.next() != nil {}
            XCTFail("read")
        } catch { assertNamesAll(error.hint, ["camt.052", "camt.053", "camt.054", "OFX"]) }
    }

    func testTheHintsForFilesNotReadNameEveryFormatRead() {
        assertNamesAll(instead("%PDF-1.7\n"))
        assertNamesAll(instead("<?xml version=\"1.0\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.086.001.02\">"))
    }
}
