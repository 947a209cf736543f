import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Counts identical rows in one file: the n-th row with a given content hash on a given day is
/// occurrence n. Identical rows share their date, so counts are kept per day; a statement is
/// sorted by date, so only a few days are busy at a time. When more than `budget` hashes are in
/// memory, the least recently used days move to `spill` (a temporary table) and come back if
/// their day appears again, so memory stays bounded for any file, sorted or not, and counts
/// stay exact.
public final class OccurrenceCounter {
    /// Where counts of days that left memory go, and come back from.
    public struct Spill {
        public let save: (_ day: Int, _ counts: [UInt64: UInt32]) throws -> Void
        public let load: (_ day: Int) throws -> [UInt64: UInt32]
    }

    private let budget: Int
    private let spill: Spill?
    private var days: [Int: [UInt64: UInt32]] = [:]
    private var lastUse: [Int: Int] = [:]
    private var spilledDays: Set<Int> = []
    private var keysInMemory = 0
    private var clock = 0
    private var currentDay = Int.min
    private var current: [UInt64: UInt32] = [:]

    public init(budget: Int = 1 << 18, spill: Spill?) {
        self.budget = budget
        self.spill = spill
    }

    /// Counts one more row with `content` on `day` and returns its occurrence number (from 1).
    public func next(day: Int, content: UInt64) throws -> Int {
        if day != currentDay { try switchTo(day) }
        // One hash lookup: the default-value subscript is modified in place.
        func increment(_ value: inout UInt32) -> UInt32 {
            value &+= 1
            return value
        }
        let count = increment(&current[content, default: 0])
        if count == 1 { keysInMemory += 1 }
        if keysInMemory > budget, spill != nil { try evict() }
        return Int(count)
    }

    private func switchTo(_ day: Int) throws {
        if currentDay != Int.min {
            days[currentDay] = current
            lastUse[currentDay] = clock
        }
        clock += 1
        currentDay = day
        if let known = days.removeValue(forKey: day) {
            current = known
        } else if spilledDays.contains(day), let spill {
            current = try spill.load(day)
            spilledDays.remove(day)
            keysInMemory += current.count
        } else {
            current = [:]
        }
    }

    /// Moves the least recently used days (never the current one) to the spill until half the
    /// budget is free.
    private func evict() throws {
        guard let spill else { return }
        for (day, _) in lastUse.sorted(by: { $0.value < $1.value }) where keysInMemory > budget / 2 {
            guard let counts = days.removeValue(forKey: day) else { continue }
            lastUse[day] = nil
            try spill.save(day, counts)
            spilledDays.insert(day)
            keysInMemory -= counts.count
        }
    }
}

extension OccurrenceCounter.Spill {
    /// A spill to an anonymous temporary file, created on the first spill (most statements
    /// never need one) and gone when the import ends. Appending is sequential I/O, far cheaper
    /// than the random B-tree writes of a temporary table.
    public static func temporaryFile() -> Self {
        let file = SpillFile()
        return Self(save: { day, counts in try file.save(day, counts) }, load: { day in try file.load(day) })
    }
}

/// Days' counts as 12-byte records (hash, count; little endian) in an unlinked temporary file;
/// a day's latest chunk holds all its counts.
private final class SpillFile {
    private var file: UnsafeMutablePointer<FILE>?
    private var end: Int64 = 0
    private var chunks: [Int: (offset: Int64, count: Int)] = [:]

    deinit { if let file { fclose(file) } }

    public func save(_ day: Int, _ counts: [UInt64: UInt32]) throws {
        if file == nil { file = tmpfile() }
        guard let file else { throw ExpenseError(.io, "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(counts.count * 12)
        for (hash, count) in counts {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: hash >> UInt64(shift))) }
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: count >> UInt32(shift))) }
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { all in
                all.baseAddress.map { pwrite(fileno(file), $0 + offset, all.count - offset, off_t(end) + off_t(offset)) } ?? 0
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw ExpenseError(.io, "cannot write a temporary file: \(String(cString: strerror(errno)))") }
            offset += written
        }
        chunks[day] = (end, counts.count)
        end += Int64(bytes.count)
    }

    public func load(_ day: Int) throws -> [UInt64: UInt32] {
        guard let chunk = chunks[day], let file else { return [:] }
        var bytes = [UInt8](repeating: 0, count: chunk.count * 12)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { all in
                all.baseAddress.map { pread(fileno(file), $0 + offset, all.count - offset, off_t(chunk.offset) + off_t(offset)) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ExpenseError(.io, "cannot read a temporary file: \(String(cString: strerror(errno)))") }
            offset += count
        }
        var counts: [UInt64: UInt32] = [:]
        counts.reserveCapacity(chunk.count)
        for record in 0..<chunk.count {
            let base = record * 12
            var hash: UInt64 = 0
            var count: UInt32 = 0
            for index in 0..<8 { hash |= UInt64(bytes[base + index]) << UInt64(8 * index) }
            for index in 0..<4 { count |= UInt32(bytes[base + 8 + index]) << UInt32(8 * index) }
            counts[hash] = count
        }
        return counts
    }
}
