import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

/// The receipt keys of the config file: sizes, the camera's command line, the defaults.
final class ReceiptSettingsTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    func testSizes() {
        XCTAssertEqual(ByteSize.parse("20MiB"), 20 << 20)
        XCTAssertEqual(ByteSize.parse("20 MiB"), 20 << 20)
        XCTAssertEqual(ByteSize.parse("512k"), 512 << 10)
        XCTAssertEqual(ByteSize.parse("5MB"), 5_000_000)
        XCTAssertEqual(ByteSize.parse("1048576"), 1_048_576)
        XCTAssertEqual(ByteSize.parse("1G"), 1 << 30)
        XCTAssertNil(ByteSize.parse("1.5MiB"))
        XCTAssertNil(ByteSize.parse("MiB"))
        XCTAssertNil(ByteSize.parse("20 parsecs"))
        XCTAssertEqual(ByteSize.setting(20 << 20), "20MiB")
        XCTAssertEqual(ByteSize.setting(1000), "1000")
        XCTAssertEqual(ByteSize.describe(812), "812 bytes")
        XCTAssertEqual(ByteSize.describe(61_954), "60.5 KiB")
        XCTAssertEqual(ByteSize.describe(20 << 20), "20 MiB")
    }

    func testTheCameraCommandNeedsItsOutput() throws {
        XCTAssertEqual(try SettingKey.cameraCommand("  fswebcam --no-banner {output} "), "fswebcam --no-banner {output}")
        XCTAssertEqual(
            try SettingKey.cameraCommand("ffmpeg -i /dev/video0 -frames:v 1 -y \"{output}\""),
            "ffmpeg -i /dev/video0 -frames:v 1 -y \"{output}\"")
        XCTAssertThrowsError(try SettingKey.cameraCommand("fswebcam photo.jpg"))
        XCTAssertThrowsError(try SettingKey.cameraCommand("fswebcam \"{output}"))
        XCTAssertThrowsError(try SettingKey.byteSize("lots"))
        XCTAssertThrowsError(try SettingKey.byteSize("0"))
    }

    func testTheOCRCommandNeedsItsInput() throws {
        XCTAssertEqual(try SettingKey.ocrCommand(" rapidocr-lines --json {input} "), "rapidocr-lines --json {input}")
        XCTAssertThrowsError(try SettingKey.ocrCommand("rapidocr-lines picture.jpg")) { error in
            XCTAssertEqual((error as? ExpenseError)?.message, "the OCR command needs {input} where the picture's path goes")
        }
        XCTAssertThrowsError(try SettingKey.ocrCommand("rapidocr-lines '{input}"))
        XCTAssertThrowsError(try SettingKey.ocrCommand(" "))
    }

    func testTheCameraWordsWithTheOutputFilledIn() throws {
        let camera = CameraCommand(template: "ffmpeg -f v4l2 -i /dev/video0 -frames:v 1 'my dir/{output}' --out={output}", timeLimit: 1)
        XCTAssertEqual(
            try camera.arguments(output: "/tmp/x.jpg"),
            ["ffmpeg", "-f", "v4l2", "-i", "/dev/video0", "-frames:v", "1", "my dir//tmp/x.jpg", "--out=/tmp/x.jpg"])
    }

    private func settings(_ text: String) throws -> Settings {
        let path = NSTemporaryDirectory() + "/receipt-settings-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Settings(file: try ConfigFile.read(path))
    }

    func testDefaultsAndValuesFromTheFile() throws {
        let defaults = try settings("")
        XCTAssertNil(defaults.cameraCommand)
        XCTAssertNil(defaults.receiptInbox)
        XCTAssertEqual(defaults.maxReceiptSize, 20 << 20)
        XCTAssertEqual(defaults.cameraTimeout, 30)
        let configured = try settings(
            """
            receipts.max-size = 5 MiB
            camera.command = cam {output}
            camera.timeout = 5
            receipts.inbox = ~/Sync/Receipts
            """)
        XCTAssertEqual(configured.maxReceiptSize, 5 << 20)
        XCTAssertEqual(configured.value("receipts.max-size"), "5MiB")
        XCTAssertEqual(configured.cameraCommand, "cam {output}")
        XCTAssertEqual(configured.cameraTimeout, 5)
        XCTAssertEqual(configured.receiptInbox, "~/Sync/Receipts")
        XCTAssertThrowsError(try settings("# mine\ncamera.command = cam\n")) { error in
            XCTAssertTrue((error as? ExpenseError)?.location?.hasSuffix(":2") == true, "\(error)")
        }
    }
}
