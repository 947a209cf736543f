/// Horizontal bars drawn with block characters, eighths included, so small differences show.
public enum BarChart {
    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar for `value` where `maximum` fills `width` characters; never empty for a positive value.
    public static func bar(_ value: Int64, of maximum: Int64, width: Int = 40) -> String {
        guard value > 0, maximum > 0 else { return "" }
        let units = max(1, Int((Double(value) / Double(maximum) * Double(width * 8)).rounded()))
        return String(repeating: "█", count: units / 8) + eighths[units % 8]
    }
}
