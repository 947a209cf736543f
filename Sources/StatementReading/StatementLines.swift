/// The lines of a statement written as lines of text (MT940, QIF), decoded: UTF-8 when the
/// whole file is, else Windows-1252 — what German banks' MT940 and Quicken's QIF usually are,
/// and which reads every byte. Lines end in CRLF, LF or a lone CR; a byte order mark is dropped.
struct StatementLines {
    struct Line {
        /// Its line number in the file, from 1.
        let number: Int
        let text: String
    }

    let lines: [Line]
    let encoding: TextEncoding

    init(_ bytes: [UInt8]) {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        let encoding: TextEncoding = String(validating: body, as: UTF8.self) == nil ? .windows1252 : .utf8
        var lines: [Line] = []
        body.withUnsafeBytes { buffer in
            var start = 0
            var index = 0
            while index <= buffer.count {
                guard index == buffer.count || buffer[index] == 0x0A || buffer[index] == 0x0D else {
                    index += 1
                    continue
                }
                if index < buffer.count || start < index {
                    let text = encoding.decode(UnsafeRawBufferPointer(rebasing: buffer[start..<index])) ?? ""
                    lines.append(Line(number: lines.count + 1, text: text))
                }
                if index + 1 < buffer.count, buffer[index] == 0x0D, buffer[index + 1] == 0x0A { index += 1 }
                index += 1
                start = index
            }
        }
        self.lines = lines
        self.encoding = encoding
    }
}
