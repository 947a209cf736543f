// fuzz-modules: PropertyList
// fuzz-seeds: Tests/Fixtures/*.plist
// fuzz-options: -max_len=4096
@testable import PropertyList

/// Binary `bplist00` property lists, as a built app's Info.plist or compiled strings hold them:
/// offsets, counts and references all come from the file. The reader is given the bytes after
/// whatever header they have, so mutations are not wasted on the magic number.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if !bytes.starts(with: Array("bplist00".utf8)) { bytes = Array("bplist00".utf8) + bytes }
    var reader = BinaryPropertyListReader(bytes)
    _ = try? reader.read()
    return 0
}
