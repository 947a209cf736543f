#if canImport(Glibc)
import Glibc
#endif

/// Runs `produce` on a second thread and hands what it emits, in order, to the thread that
/// reads `next()`. Elements travel in chunks through a bounded buffer, so the producer waits
/// when the consumer is `capacity` chunks behind and memory stays constant.
///
/// `produce`, and everything it captures, belongs to the producer thread until `next()` has
/// returned nil or thrown, or `stop()` has returned; the consumer must not touch it before.
/// The consumer calls `stop()` when it is done, also when it gives up early (a `defer`): a
/// producer waiting for room in the buffer would otherwise wait forever.
public final class ProducerThread<Element>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    private let chunkSize: Int
    private var capacity: Int
    // Guarded by `lock`.
    private var chunks: [[Element?]] = []
    private var finished = false
    private var failure: (any Error)?
    private var abandoned = false
    // The consumer's side, read by `next()` only.
    /// Elements are moved out of it, not copied, leaving nil.
    private var current: [Element?] = []
    private var position = 0
    private var joined = false

    /// - Parameter produce: emits elements; `emit` returns false once the consumer has stopped,
    ///   and `produce` should then return. What it throws reaches the consumer after the
    ///   elements emitted before.
    public init(chunkSize: Int = 256, capacity: Int = 8, _ produce: @escaping (_ emit: (Element) -> Bool) throws -> Void) {
        self.chunkSize = chunkSize
        self.capacity = capacity
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let context = Context(owner: self, produce: produce)
        if let thread = Self.startThread(running: context) {
            self.thread = thread
        } else {
            // No thread: produce everything on this one, up front. Memory then grows with the
            // file, but the import stays right.
            joined = true
            self.capacity = .max
            context.run()
        }
    }

    /// Starts a thread that runs `context`, or returns nil when the system has none to give.
    private static func startThread(running context: Context) -> pthread_t? {
        let argument = Unmanaged.passRetained(ThreadBody(context.run)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, runThreadBody, argument) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(argument).release()
            return nil
        }
        return thread
    }

    deinit {
        stop()
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// The next element, nil after the last; rethrows what `produce` threw.
    public func next() throws -> Element? {
        if position == current.count {
            current.removeAll(keepingCapacity: true)
            position = 0
            pthread_mutex_lock(lock)
            while chunks.isEmpty && !finished { pthread_cond_wait(changed, lock) }
            if !chunks.isEmpty {
                current = chunks.removeFirst()
                pthread_cond_broadcast(changed)
            }
            let failure = chunks.isEmpty && current.isEmpty ? self.failure : nil
            pthread_mutex_unlock(lock)
            if let failure { throw failure }
            if current.isEmpty { return nil }
        }
        position += 1
        return current[position - 1].take()
    }

    /// Tells the producer to end, and waits until it has. Safe to call more than once.
    public func stop() {
        guard !joined else { return }
        joined = true
        pthread_mutex_lock(lock)
        abandoned = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(thread, nil)
    }

    /// Hands a full chunk over; false when the consumer has stopped.
    private func send(_ chunk: [Element?]) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while chunks.count >= capacity && !abandoned { pthread_cond_wait(changed, lock) }
        guard !abandoned else { return false }
        chunks.append(chunk)
        pthread_cond_broadcast(changed)
        return true
    }

    private func finish(_ error: (any Error)?) {
        pthread_mutex_lock(lock)
        failure = error
        finished = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// What the thread runs; holds the producer strongly until it is done.
    private final class Context {
        public let owner: ProducerThread
        public let produce: (_ emit: (Element) -> Bool) throws -> Void

        public init(owner: ProducerThread, produce: @escaping (_ emit: (Element) -> Bool) throws -> Void) {
            self.owner = owner
            self.produce = produce
        }

        public func run() {
            var chunk: [Element?] = []
            chunk.reserveCapacity(owner.chunkSize)
            var open = true
            do {
                try produce { element in
                    guard open else { return false }
                    chunk.append(element)
                    if chunk.count == owner.chunkSize {
                        open = owner.send(chunk)
                        chunk.removeAll(keepingCapacity: true)
                    }
                    return open
                }
                if open, !chunk.isEmpty { _ = owner.send(chunk) }
                owner.finish(nil)
            } catch {
                if open, !chunk.isEmpty { _ = owner.send(chunk) }
                owner.finish(error)
            }
        }
    }
}

/// A thread's work, in a form a C function pointer can reach (it cannot capture generic types).
private final class ThreadBody {
    public let run: () -> Void
    public init(_ run: @escaping () -> Void) { self.run = run }
}

private func runThreadBody(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue().run()
    return nil
}
