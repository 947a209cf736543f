/// A structured MIME field's value: `text/html; charset="utf-8"`, `attachment;
/// filename*=UTF-8''Quittung%20M%C3%BCnchen.pdf`. Parameters are read as RFC 2045 writes them,
/// quoted or not, and as RFC 2231 extends them (a charset, percent-encoding, numbered sections),
/// and a filename's RFC 2047 encoded words, which mailers write though the RFC says not to.
public struct MIMEValue: Sendable, Equatable {
    /// The value before the parameters, lower case: "text/html", "attachment".
    public var value: String
    /// Parameters by lower-case name, decoded.
    public var parameters: [String: String]

    public init(_ text: String) {
        let characters = Array(text)
        var index = 0
        while index < characters.count, characters[index] != ";" { index += 1 }
        value = String(characters[0..<index]).trimmingCharacters(in: " \t\"").lowercased()
        var plain: [String: String] = [:]
        var sections: [String: [(number: Int, text: String, extended: Bool)]] = [:]
        while index < characters.count, plain.count + sections.count < 64 {
            index += 1  // the ";"
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
            let nameStart = index
            while index < characters.count, characters[index] != "=", characters[index] != ";" { index += 1 }
            let name = String(characters[nameStart..<index]).trimmingCharacters(in: " \t").lowercased()
            guard index < characters.count, characters[index] == "=" else { continue }
            index += 1
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
            var parameter = ""
            if index < characters.count, characters[index] == "\"" {
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    parameter.append(characters[index])
                    index += 1
                }
                while index < characters.count, characters[index] != ";" { index += 1 }
            } else {
                let valueStart = index
                while index < characters.count, characters[index] != ";" { index += 1 }
                parameter = String(characters[valueStart..<index]).trimmingCharacters(in: " \t")
            }
            guard !name.isEmpty else { continue }
            if let star = name.firstIndex(of: "*") {
                let base = String(name[..<star])
                let rest = name[name.index(after: star)...]
                if rest.isEmpty {
                    sections[base, default: []].append((0, parameter, true))
                } else {
                    let extended = rest.hasSuffix("*")
                    guard let number = Int(extended ? rest.dropLast() : rest), (0..<64).contains(number) else { continue }
                    sections[base, default: []].append((number, parameter, extended))
                }
            } else {
                plain[name] = parameter
            }
        }
        for (name, parts) in sections {
            plain[name] = Self.joined(parts.sorted { $0.number < $1.number })
        }
        parameters = plain
    }

    /// RFC 2231's sections of one parameter as text: the first extended one may say the charset
    /// (`utf-8'de'...`); extended ones are percent-encoded.
    private static func joined(_ parts: [(number: Int, text: String, extended: Bool)]) -> String {
        var bytes: [UInt8] = []
        var charset = "utf-8"
        for (position, part) in parts.enumerated() {
            guard part.extended else {
                bytes += Array(part.text.utf8)
                continue
            }
            var text = Substring(part.text)
            if position == 0 {
                let pieces = part.text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                if pieces.count == 3 {
                    if !pieces[0].isEmpty { charset = String(pieces[0]) }
                    text = pieces[2]
                }
            }
            let utf8 = Array(text.utf8)
            var index = 0
            while index < utf8.count {
                if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                    let high = TransferEncoding.hexValue(utf8[index + 1]), let low = TransferEncoding.hexValue(utf8[index + 2])
                {
                    bytes.append(high << 4 | low)
                    index += 3
                } else {
                    bytes.append(utf8[index])
                    index += 1
                }
            }
        }
        return MailCharset.decode(bytes, charset: charset)
    }
}
