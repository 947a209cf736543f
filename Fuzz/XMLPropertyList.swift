// fuzz-modules: PropertyList
// fuzz-seeds: Data/*.plist Data/de.lproj/*.strings
// fuzz-options: -max_len=16384 -dict=Fuzz/XMLPropertyList.dict
@testable import PropertyList

/// XML property lists, as a catalog (`shortcuts check --catalog FILE`) is read: any bytes are a
/// value or a PropertyListError, never a trap or a stack overflow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var parser = XMLPropertyListParser(Array(UnsafeBufferPointer(start: data, count: size)))
    _ = try? parser.parse()
    return 0
}
