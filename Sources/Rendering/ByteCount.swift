/// A size in bytes as people read it: "812 bytes", "61.9 KiB", "20 MiB" (powers of 1024, one
/// decimal when it is not whole).
public enum ByteCount {
    public static func describe(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        let text = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        return "\(text) \(units[unit])"
    }
}
