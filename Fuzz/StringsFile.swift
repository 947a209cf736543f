// fuzz-modules: PropertyList
// fuzz-seeds: Data/de.lproj/*.strings
// fuzz-options: -max_len=8192
@testable import PropertyList

/// `.strings` tables (`<lang>.lproj/InfoPlist.strings` beside a catalog): UTF-8 or UTF-16 text
/// in the old-style plist grammar, or a compiled binary plist.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = try? StringsFile.parse(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
