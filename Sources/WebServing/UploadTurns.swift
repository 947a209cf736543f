#if canImport(Glibc)
import Glibc
#endif

/// The requests that carry a file take turns, at most `width` of them in their handlers at once;
/// the others wait on their own threads. An upload's handler is the heavy one (a photo's OCR is
/// a second of a core's time); with a thread per connection, fifty photos at once would each
/// take fifty times as long, each near the OCR's time limit (WebLoadTests saw 45 s for half of
/// them), while pages, which never wait here, stay quick.
final class UploadTurns: @unchecked Sendable {
    let width: Int
    private var running = 0
    private var mutex = pthread_mutex_t()
    private var turn = pthread_cond_t()

    init(width: Int) {
        self.width = max(1, width)
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&turn, nil)
    }

    deinit {
        pthread_cond_destroy(&turn)
        pthread_mutex_destroy(&mutex)
    }

    /// Runs `body` once fewer than `width` others are running.
    func take<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        while running >= width { pthread_cond_wait(&turn, &mutex) }
        running += 1
        pthread_mutex_unlock(&mutex)
        defer {
            pthread_mutex_lock(&mutex)
            running -= 1
            pthread_cond_signal(&turn)
            pthread_mutex_unlock(&mutex)
        }
        return body()
    }

    /// The processors this process may run on: the default width.
    static var processors: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
