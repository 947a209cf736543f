import ExpenseSupport

/// Writes XML property lists, in the layout Xcode uses (tabs, one element per line), so that
/// what expenses writes reads back with any plist tool, its own parser included.
public enum PropertyListWriter {
    public static func xml(_ value: PropertyListValue) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(value, indent: 0, into: &text)
        return text + "</plist>\n"
    }

    private static func write(_ value: PropertyListValue, indent: Int, into text: inout String) {
        let pad = String(repeating: "\t", count: indent)
        switch value {
        case .string(let string): text += "\(pad)<string>\(escape(string))</string>\n"
        case .integer(let integer): text += "\(pad)<integer>\(integer)</integer>\n"
        case .real(let real): text += "\(pad)<real>\(real)</real>\n"
        case .boolean(let boolean): text += "\(pad)<\(boolean)/>\n"
        case .date(let date): text += "\(pad)<date>\(escape(date))</date>\n"
        case .data(let data): text += "\(pad)<data>\(Base64.encode(data))</data>\n"
        case .array(let values):
            guard !values.isEmpty else {
                text += "\(pad)<array/>\n"
                return
            }
            text += "\(pad)<array>\n"
            for element in values { write(element, indent: indent + 1, into: &text) }
            text += "\(pad)</array>\n"
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else {
                text += "\(pad)<dict/>\n"
                return
            }
            text += "\(pad)<dict>\n"
            for entry in dictionary.entries {
                text += "\(pad)\t<key>\(escape(entry.key))</key>\n"
                write(entry.value, indent: indent + 1, into: &text)
            }
            text += "\(pad)</dict>\n"
        }
    }

    static func escape(_ text: String) -> String { text.xmlEscaped }
}
