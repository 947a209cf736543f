/// The last `count` elements of a stream, held back until it ends (`skip-end`: a statement's
/// footer is known only once the file ends, and the file is read once, as it comes). `push`
/// hands back the element `count` places behind the one pushed; `drain` the ones still held.
/// A ring that grows as elements come, up to `count`: a large count costs nothing on a short stream.
public struct Holdback<Element> {
    public let count: Int
    private var ring: [Element] = []
    /// Where the oldest element is, once the ring is full.
    private var oldest = 0

    public init(count: Int) { self.count = max(0, count) }

    /// Holds `element`; returns the one it pushes out, nil while fewer than `count` are held.
    public mutating func push(_ element: Element) -> Element? {
        guard count > 0 else { return element }
        guard ring.count == count else {
            ring.append(element)
            return nil
        }
        let out = ring[oldest]
        ring[oldest] = element
        oldest = (oldest + 1) % count
        return out
    }

    /// The elements held, oldest first; afterwards none are.
    public mutating func drain() -> [Element] {
        let held = Array(ring[oldest...] + ring[..<oldest])
        ring.removeAll()
        oldest = 0
        return held
    }
}
