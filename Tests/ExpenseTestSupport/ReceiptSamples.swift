import Foundation

/// The committed sample receipts and what they really say.
public enum ReceiptSamples {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/samples/receipts")

    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    public static func bytes(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    public struct Truth {
        public let file, merchant, date, total, currency, category: String
    }

    /// truth.csv: file,merchant,date,total,currency,category (no field holds a comma).
    public static func truth() throws -> [Truth] {
        let text = try String(contentsOf: directory.appendingPathComponent("truth.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Truth(file: fields[0], merchant: fields[1], date: fields[2], total: fields[3], currency: fields[4], category: fields[5])
        }
    }

    public static var tesseractInstalled: Bool {
        ["/usr/bin/tesseract", "/usr/local/bin/tesseract"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
