import ExpenseSupport

/// Reads Apple's binary property list format, `bplist00`: a header, objects, an offset table and
/// a 32-byte trailer. Every offset, count and reference comes from the file, so each is checked
/// before use, with arithmetic that cannot overflow; a damaged or hostile file is an error, never
/// a crash, an endless loop or an allocation out of proportion to it (`PropertyListLimits`).
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTable = 0
    /// The objects being read, to refuse a container that contains itself.
    private var inProgress: Set<Int> = []
    /// Objects read so far: shared references could otherwise expand a small file exponentially.
    private var visited = 0
    /// Bytes of strings and data produced so far, for the same reason.
    private var expanded = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() throws(PropertyListError) -> PropertyListValue {
        guard bytes.count >= 8 + 32 else { throw PropertyListError("binary property list is truncated (\(bytes.count) bytes)") }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard [1, 2, 4, 8].contains(offsetSize), [1, 2, 4, 8].contains(referenceSize) else {
            throw PropertyListError(
                "binary property list has a damaged trailer (offset size \(offsetSize), reference size \(referenceSize))")
        }
        let count = unsigned(at: trailer + 8, size: 8)
        let top = unsigned(at: trailer + 16, size: 8)
        let table = unsigned(at: trailer + 24, size: 8)
        // count < bytes.count, so count * offsetSize cannot overflow.
        guard count > 0, count < UInt64(bytes.count), top < count, table >= 8, table < UInt64(trailer),
            UInt64(trailer) - table >= count * UInt64(offsetSize)
        else {
            throw PropertyListError("binary property list has a damaged trailer (\(count) objects, top \(top), offset table at \(table))")
        }
        objectCount = Int(count)
        offsetTable = Int(table)
        return try object(Int(top), depth: 0)
    }

    private mutating func object(_ reference: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard depth < PropertyListLimits.depth else {
            throw PropertyListError("binary property list nests deeper than \(PropertyListLimits.depth) levels")
        }
        guard !inProgress.contains(reference) else { throw PropertyListError("binary property list object \(reference) contains itself") }
        visited += 1
        guard visited <= PropertyListLimits.values else {
            throw PropertyListError("binary property list expands to more than \(PropertyListLimits.values) values")
        }
        // The offset table lies within the file (read() checked it), and every entry must point
        // into the object area before it.
        let rawOffset = unsigned(at: offsetTable + reference * offsetSize, size: offsetSize)
        guard rawOffset >= 8, rawOffset < UInt64(offsetTable) else {
            throw PropertyListError("binary property list object \(reference) is outside the object area (offset \(rawOffset))")
        }
        let offset = Int(rawOffset)
        let marker = bytes[offset]
        let kind = marker >> 4
        let info = Int(marker & 0x0F)
        switch kind {
        case 0x0:
            switch info {
            case 0x8: return .boolean(false)
            case 0x9: return .boolean(true)
            default:
                throw PropertyListError(
                    "unsupported binary property list object 0x\(String(marker, radix: 16)) at offset \(offset) (null or fill)")
            }
        case 0x1:
            let size = 1 << info
            guard size <= 16, end(of: offset + 1, count: size, unit: 1) != nil else { throw damaged("integer", offset) }
            if size == 16 {
                // 128-bit integers hold values above Int64.max as unsigned; the high half must be 0.
                guard unsigned(at: offset + 1, size: 8) == 0, let value = Int64(exactly: unsigned(at: offset + 9, size: 8)) else {
                    throw PropertyListError("binary property list integer at offset \(offset) does not fit 64 bits")
                }
                return .integer(value)
            }
            let raw = unsigned(at: offset + 1, size: size)
            // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
            return .integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw))
        case 0x2:
            let size = 1 << info
            guard size == 4 || size == 8, end(of: offset + 1, count: size, unit: 1) != nil else { throw damaged("real", offset) }
            let raw = unsigned(at: offset + 1, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw))
        case 0x3:
            guard info == 3, end(of: offset + 1, count: 8, unit: 1) != nil else { throw damaged("date", offset) }
            return .date(Self.iso8601(sinceReferenceDate: Double(bitPattern: unsigned(at: offset + 1, size: 8))))
        case 0x4:
            let (count, start) = try length(info, offset)
            guard let end = end(of: start, count: count, unit: 1) else { throw damaged("data", offset) }
            try expand(by: count)
            return .data(Array(bytes[start..<end]))
        case 0x5:
            let (count, start) = try length(info, offset)
            guard let end = end(of: start, count: count, unit: 1) else { throw damaged("string", offset) }
            try expand(by: count)
            return .string(String(decoding: bytes[start..<end], as: UTF8.self))
        case 0x6:
            let (count, start) = try length(info, offset)
            guard end(of: start, count: count, unit: 2) != nil else { throw damaged("string", offset) }
            try expand(by: count * 2)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for index in 0..<count { units.append(UInt16(truncatingIfNeeded: unsigned(at: start + index * 2, size: 2))) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0xA, 0xC:
            let (count, start) = try length(info, offset)
            guard end(of: start, count: count, unit: referenceSize) != nil else { throw damaged("array", offset) }
            inProgress.insert(reference)
            defer { inProgress.remove(reference) }
            var values: [PropertyListValue] = []
            for index in 0..<count {
                values.append(try object(try self.reference(at: start + index * referenceSize, in: offset), depth: depth + 1))
            }
            return .array(values)
        case 0xD:
            let (count, start) = try length(info, offset)
            guard end(of: start, count: count, unit: 2 * referenceSize) != nil else { throw damaged("dictionary", offset) }
            inProgress.insert(reference)
            defer { inProgress.remove(reference) }
            var dictionary = PropertyListDictionary()
            for index in 0..<count {
                let keyReference = try self.reference(at: start + index * referenceSize, in: offset)
                let valueReference = try self.reference(at: start + (count + index) * referenceSize, in: offset)
                guard case .string(let key) = try object(keyReference, depth: depth + 1) else {
                    throw PropertyListError("binary property list dictionary at offset \(offset) has a key that is not a string")
                }
                dictionary[key] = try object(valueReference, depth: depth + 1)
            }
            return .dictionary(dictionary)
        case 0x8:
            throw PropertyListError("binary property list holds a UID (an NSKeyedArchiver archive), not an Info.plist")
        default:
            throw PropertyListError("unknown binary property list object 0x\(String(marker, radix: 16)) at offset \(offset)")
        }
    }

    /// The element count of a data, string or container object and where its contents start: in
    /// the marker's low nibble, or (0xF) in the integer object that follows.
    private func length(_ info: Int, _ offset: Int) throws(PropertyListError) -> (Int, Int) {
        guard info == 0xF else { return (info, offset + 1) }
        guard offset + 2 <= offsetTable, bytes[offset + 1] >> 4 == 0x1 else { throw damaged("length", offset) }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, offset + 2 + size <= offsetTable else { throw damaged("length", offset) }
        let count = unsigned(at: offset + 2, size: size)
        guard count < UInt64(bytes.count) else { throw damaged("length", offset) }
        return (Int(count), offset + 2 + size)
    }

    /// The end of `count` elements of `unit` bytes from `start` when they lie before the offset
    /// table; nil when they do not, or the product does not fit an Int.
    private func end(of start: Int, count: Int, unit: Int) -> Int? {
        let (size, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow, start >= 0, size <= offsetTable - start else { return nil }
        return start + size
    }

    /// The object reference at `position` (inside the container at `container`), checked to name
    /// an object of the file.
    private func reference(at position: Int, in container: Int) throws(PropertyListError) -> Int {
        let raw = unsigned(at: position, size: referenceSize)
        guard raw < UInt64(objectCount) else {
            throw PropertyListError(
                "binary property list container at offset \(container) refers to object \(raw); the file has \(objectCount)")
        }
        return Int(raw)
    }

    /// Counts `count` more bytes of strings and data against `PropertyListLimits.expandedBytes`.
    private mutating func expand(by count: Int) throws(PropertyListError) {
        expanded += count
        guard expanded <= PropertyListLimits.expandedBytes else {
            throw PropertyListError(
                "binary property list expands to more than \(PropertyListLimits.expandedBytes >> 20) MiB of strings and data")
        }
    }

    private func unsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    private func damaged(_ what: String, _ offset: Int) -> PropertyListError {
        PropertyListError("binary property list has a damaged \(what) at offset \(offset)")
    }

    /// A bplist date (seconds since 2001-01-01T00:00:00Z) as the ISO 8601 text an XML plist holds.
    /// Years 1 to 9999 only: ISO 8601's four digits (the fuzzer found a date 200,000 years back,
    /// whose negative year trapped as it was written).
    static func iso8601(sinceReferenceDate seconds: Double) -> String {
        guard seconds.isFinite, seconds >= -63_113_904_000, seconds < 252_423_993_600 else { return "invalid date" }
        let whole = Int64(seconds.rounded(.down))
        let referenceDay = 11_323  // 2001-01-01 in days since 1970-01-01
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 {
            days -= 1
            rest += 86_400
        }
        let date = CalendarDate(dayNumber: referenceDay + Int(days))
        func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date)T\(pad(rest / 3600)):\(pad(rest / 60 % 60)):\(pad(rest % 60))Z"
    }
}
