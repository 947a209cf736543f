#if canImport(Glibc)
import Glibc
#endif

/// Elapsed wall time on the monotonic clock, which no clock adjustment (or EXPENSES_NOW) moves.
public struct Stopwatch {
    private let start = Stopwatch.now()

    public init() {}

    public var seconds: Double { Stopwatch.now() - start }

    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
