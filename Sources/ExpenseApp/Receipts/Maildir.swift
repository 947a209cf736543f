import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// A Maildir (as maildrop, procmail, fetchmail and getmail deliver into): messages arrive whole
/// in `new/`, and a reader that has taken one moves it into `cur/` with its info suffix, `:2,S`
/// (seen). `receipt capture --maildir` reads it as mail readers do, so that no message is taken
/// twice and another mail reader sees which were.
struct Maildir {
    let path: String

    /// One message waiting in `new/`.
    struct Message {
        var name: String
        var modified: timespec
    }

    /// Refuses a directory that is not a Maildir: it needs `new/`, `cur/` and `tmp/`.
    init(_ path: String) throws {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        var info = stat()
        guard stat(self.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw ExpenseError(
                .noInput, "cannot read the Maildir \(path): \(errno == ENOENT ? "no such directory" : "it is not a directory")")
        }
        for folder in ["new", "cur", "tmp"] {
            guard stat(self.path + "/" + folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw ExpenseError(
                    .noInput, "\(path) is not a Maildir: it has no \(folder)/ directory",
                    hint: "a Maildir has new/, cur/ and tmp/; maildrop, procmail (a folder ending in /) and getmail deliver into one")
            }
        }
    }

    /// The regular files in `new/`, oldest first (then by name): no dotfiles, no symbolic links,
    /// no directories.
    func newMessages() -> [Message] {
        var messages: [Message] = []
        for name in FileBytes.names(inDirectory: path + "/new") where !name.hasPrefix(".") {
            var info = stat()
            guard lstat(path + "/new/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            messages.append(Message(name: name, modified: info.st_mtim))
        }
        return messages.sorted {
            ($0.modified.tv_sec, $0.modified.tv_nsec, $0.name) < ($1.modified.tv_sec, $1.modified.tv_nsec, $1.name)
        }
    }

    /// The message's bytes, opened without following a link (one put in its place since it was
    /// listed is refused) and without waiting on a FIFO; more than `maxSize` is refused.
    func read(_ message: Message, maxSize: Int) throws -> ReceiptInput {
        let file = path + "/new/" + message.name
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            throw ExpenseError(.noInput, "cannot read the message \(file): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ExpenseError(.noInput, "cannot read the message \(file): it is not a regular file")
        }
        if Int(info.st_size) > maxSize { throw ReceiptInput.tooLarge(file, size: Int(info.st_size), limit: maxSize) }
        let bytes = try ReceiptInput.readAll(descriptor, name: file, limit: maxSize)
        return ReceiptInput(bytes: bytes, originalName: message.name, source: .file)
    }

    /// Moves the message into `cur/`, marked seen: `NAME:2,S`, or its own name when it has an
    /// info suffix already. rename(2) within the Maildir: it is there or in `new/`, never in neither.
    func markSeen(_ message: Message) throws {
        let target = message.name.contains(":2,") ? message.name : message.name + ":2,S"
        guard rename(path + "/new/" + message.name, path + "/cur/" + target) == 0 else {
            throw ExpenseError(
                .io, "cannot move the message \(message.name) into \(path)/cur: \(String(cString: strerror(errno)))",
                hint: "its receipts are captured; it will be taken again (as the same receipts) until it is moved")
        }
    }
}
