extension SQL {
    /// `text` with every run of white space (spaces, tabs, line ends) made one space, none at
    /// either end: how a trigger SQLite keeps as it was written is compared with the text that
    /// made it. By bytes: every start compares the protective triggers (`Schema.damagedTriggers`),
    /// and splitting their texts into Characters cost 12 million instructions there.
    static func collapsingWhitespace(_ text: String) -> String {
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(text.utf8.count)
        var space = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                space = !collapsed.isEmpty
            default:
                if space { collapsed.append(UInt8(ascii: " ")) }
                space = false
                collapsed.append(byte)
            }
        }
        return String(decoding: collapsed, as: UTF8.self)
    }
}
