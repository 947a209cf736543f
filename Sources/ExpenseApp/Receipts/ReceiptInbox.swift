import ExpenseCore
import ExpenseStore
import ExpenseSupport
import ReceiptReading

#if canImport(Glibc)
import Glibc
#endif

/// The folder where a phone sync drops photos of receipts (`receipts.inbox`). `receipt capture`
/// without a file takes the newest photo there that was not taken before; a photo is known by
/// its path, size and modification time, so a photo replaced under the same name is new again.
/// The photos stay where they are: the folder belongs to the sync.
struct ReceiptInbox {
    /// One photo in the folder, as the database remembers it once taken.
    struct Photo: Equatable {
        var path: String
        var size: Int64
        var modifiedNanoseconds: Int64
    }

    let folder: String

    /// Extensions of files worth looking at; a note or a half-synced `.part` file is not a receipt.
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "heic", "heif", "webp", "pdf"]

    /// The photos, newest first.
    func photos() throws -> [Photo] {
        guard let handle = opendir(folder) else {
            if errno == ENOENT || errno == ENOTDIR {
                throw ExpenseError(
                    .noInput, "the receipt inbox \(folder) does not exist",
                    hint: "create it, or point receipts.inbox elsewhere: expenses config set receipts.inbox DIR")
            }
            throw ExpenseError(.noInput, "cannot read the receipt inbox \(folder): \(String(cString: strerror(errno)))")
        }
        defer { closedir(handle) }
        var photos: [Photo] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), let dot = name.lastIndex(of: "."),
                Self.extensions.contains(name[name.index(after: dot)...].lowercased())
            else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { continue }
            photos.append(
                Photo(
                    path: path, size: Int64(info.st_size),
                    modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
        }
        return photos.sorted {
            $0.modifiedNanoseconds != $1.modifiedNanoseconds ? $0.modifiedNanoseconds > $1.modifiedNanoseconds : $0.path < $1.path
        }
    }

    /// The newest photo not taken yet, read. Files that turn out not to be pictures are skipped
    /// with a warning, so one stray file does not block the inbox.
    func newestNewPhoto(in store: Store, maxSize: Int) throws -> ReceiptInput {
        var taken = 0
        for photo in try photos() {
            if try store.isInboxPhotoTaken(path: photo.path, size: photo.size, modifiedNanoseconds: photo.modifiedNanoseconds) {
                taken += 1
                continue
            }
            var input = try ReceiptInput.file(photo.path, maxSize: maxSize)
            guard MediaSniffer.mediaType(of: input.bytes) != nil else {
                Console.error("expenses: warning: skipped \(photo.path) in the receipt inbox: \(MediaSniffer.describe(input.bytes))\n")
                continue
            }
            input.source = .inbox
            input.inboxPhoto = photo
            return input
        }
        throw ExpenseError(
            .noInput, "no new receipt photo in the inbox \(folder)" + (taken > 0 ? " (\(taken) taken already)" : ""),
            hint: "each photo is captured once, newest first; capture an older one again with 'expenses receipt capture FILE'")
    }
}
