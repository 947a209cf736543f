/// How much a property list may hold before it is refused: orders of magnitude above any
/// Info.plist or `.strings` table, and low enough that a hostile file can exhaust neither the
/// stack (the readers recurse once per level) nor memory.
public enum PropertyListLimits {
    /// Arrays and dictionaries inside each other.
    public static let depth = 512
    /// Values in one file; in a binary plist each use of a shared object counts.
    public static let values = 1_000_000
    /// Bytes of strings and data a binary plist may expand to: its objects can be shared, so a
    /// small file could otherwise name one large string a million times.
    public static let expandedBytes = 64 << 20
    /// The largest file read as a catalog or a strings table.
    public static let fileBytes = 16 << 20
}
