/// Reads property lists in the two formats Info.plist files come in: XML (what Xcode edits) and
/// binary `bplist00` (what ends up inside a built app).
public enum PropertyList {
    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        if bytes.starts(with: Array("bplist".utf8)) {
            guard bytes.starts(with: Array("bplist00".utf8)) else {
                throw PropertyListError(
                    "unsupported binary property list version '\(String(decoding: bytes.prefix(8), as: UTF8.self))' (only bplist00 is read)"
                )
            }
            var reader = BinaryPropertyListReader(bytes)
            return try reader.read()
        }
        var parser = XMLPropertyListParser(bytes)
        return try parser.parse()
    }
}
