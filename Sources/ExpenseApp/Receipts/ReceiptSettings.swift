import ExpenseCore
import ExpenseSupport
import ReceiptReading
import Rendering

/// How the receipt settings of the config file are checked and read: `camera.command`,
/// `camera.timeout`, `receipts.inbox`, `receipts.max-size`, `receipts.ocr-command` (declared in
/// Config/Settings.swift).
extension SettingKey {
    /// A command line with `{output}` where the picture goes; split as the shell would split it
    /// (quotes, backslashes), but never run by one.
    static func cameraCommand(_ value: String) throws(ExpenseError) -> String {
        try commandLine(
            value, of: "the camera command", placeholder: CameraCommand.placeholder, where: "where the picture is to be written",
            example: "fswebcam --no-banner -r 1920x1080 {output}")
    }

    /// A command line with `{input}` where the picture to read goes, split as the camera's is.
    static func ocrCommand(_ value: String) throws(ExpenseError) -> String {
        try commandLine(
            value, of: "the OCR command", placeholder: ReceiptOCREngine.inputPlaceholder, where: "where the picture's path goes",
            example: "/opt/rapidocr/bin/python /opt/rapidocr/lines.py {input}")
    }

    private static func commandLine(
        _ value: String, of command: String, placeholder: String, where use: String, example: String
    ) throws(ExpenseError) -> String {
        let words: [String]
        do {
            words = try Tokenizer.words(value)
        } catch {
            throw ExpenseError(.invalidData, "\(command) has an unterminated quote: \(value)")
        }
        guard let program = words.first, !program.isEmpty else { throw ExpenseError(.invalidData, "\(command) is empty") }
        guard words.contains(where: { $0.contains(placeholder) }) else {
            throw ExpenseError(.invalidData, "\(command) needs \(placeholder) \(use)", hint: "e.g. \(example)")
        }
        return value.trimmingSpaces
    }

    /// A size such as `20MiB`, `512 KiB`, `5MB` or a number of bytes.
    static func byteSize(_ value: String) throws(ExpenseError) -> String {
        guard (ByteSize.parse(value) ?? 0) > 0 else {
            throw ExpenseError(.invalidData, "invalid size '\(value)'", hint: "write it like 20MiB, 500KiB or 1048576 (bytes)")
        }
        return value.trimmingSpaces.split(whereSeparator: \.isWhitespace).joined()
    }
}

/// Sizes of files as people write them.
enum ByteSize {
    /// Bytes of `text`: a number with an optional unit. KiB/MiB/GiB and the bare K/M/G are powers
    /// of 1024 (as ls and du read them), KB/MB/GB powers of 1000.
    static func parse(_ text: String) -> Int? {
        let compact = text.trimmingSpaces.split(whereSeparator: \.isWhitespace).joined()
        let digits = compact.prefix { $0.isASCIIDigitCharacter }
        guard !digits.isEmpty, digits.count <= 12, let number = Int(digits) else { return nil }
        let multipliers: [String: Int] = [
            "": 1, "b": 1, "k": 1 << 10, "kib": 1 << 10, "kb": 1000, "m": 1 << 20, "mib": 1 << 20, "mb": 1_000_000,
            "g": 1 << 30, "gib": 1 << 30, "gb": 1_000_000_000,
        ]
        guard let multiplier = multipliers[compact.dropFirst(digits.count).lowercased()] else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// A size as the config file writes it: "20MiB", "500KiB", or bytes.
    static func setting(_ bytes: Int) -> String {
        if bytes % (1 << 30) == 0 { return "\(bytes >> 30)GiB" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20)MiB" }
        if bytes % (1 << 10) == 0 { return "\(bytes >> 10)KiB" }
        return String(bytes)
    }

    /// "61.9 KiB", "20 MiB", "812 bytes".
    static func describe(_ bytes: Int64) -> String { ByteCount.describe(bytes) }
}
