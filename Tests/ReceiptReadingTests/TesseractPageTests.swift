import XCTest

@testable import ReceiptReading

/// tesseract's TSV read as a page: the plain text's lines, a blank line between blocks, and the
/// lines it could hardly read.
final class TesseractPageTests: XCTestCase {
    private let tsv = """
        level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext
        1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t
        2\t1\t1\t0\t0\t0\t100\t80\t900\t60\t-1\t
        5\t1\t1\t1\t1\t1\t100\t80\t90\t60\t33.5\tFad
        5\t1\t1\t1\t1\t2\t200\t80\t200\t60\t12.0\tlunbeLd
        5\t1\t1\t1\t2\t1\t100\t150\t300\t40\t95.0\tPohlweg
        5\t1\t1\t1\t2\t2\t420\t150\t90\t40\t91.0\t110
        5\t1\t1\t1\t2\t3\t520\t150\t10\t40\t95.0\t\u{20}
        5\t1\t2\t1\t1\t1\t100\t400\t300\t40\t96.5\tSUMME
        5\t1\t2\t1\t1\t2\t420\t400\t120\t40\t94.0\t24,23
        5\t1\t2\t1\t1\t3
        """

    func testTheTextTheLinesAndWhereEachWordStands() {
        let page = TesseractPage(tsv: tsv)
        XCTAssertEqual(
            page.text, "Fad lunbeLd\nPohlweg 110\n\nSUMME 24,23", "a new block after a blank line; a blank word and a short row dropped")
        XCTAssertEqual(page.unsureLines, ["Fad lunbeLd"])
        XCTAssertEqual(
            page.lines[1].last, TesseractPage.Word(text: "110", confidence: 91, left: 420, top: 150, width: 90, height: 40))
    }

    func testNothingReadAndNotTSV() {
        XCTAssertEqual(TesseractPage(tsv: "").text, "")
        XCTAssertEqual(TesseractPage(tsv: "level\tpage_num\n5\t1\t1\t1\t1\t1\tx\ty\tz\tw\t90\tWord\nnot\ta\trow").text, "")
        XCTAssertEqual(TesseractPage(tsv: "header\r\n5\t1\t1\t1\t1\t1\t1\t2\t3\t4\t90\tCafé\u{301}\r\n").text, "Café\u{301}")
    }
}
