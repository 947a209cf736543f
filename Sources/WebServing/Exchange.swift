import CMicroHTTPD
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// One request while it is read: what arrived of its body, its form's fields, and its uploaded
/// files, each written to a private temporary file as its pieces come. Removed, files and all,
/// when libmicrohttpd says the request is done (`requestCompleted`).
final class Exchange {
    var postProcessor: OpaquePointer?
    var received = 0
    /// A response is queued (a 413 from the announced length, or the handler's).
    var answered = false
    var malformed = false
    /// Why the form was refused, when a limit refused it.
    var failure: String?
    private(set) var fields: [(name: String, value: [UInt8])] = []
    private(set) var files: [UploadedFile] = []
    private var current: (field: String, filename: String, contentType: String?, path: String, descriptor: Int32, size: Int)?
    private let maximumField: Int
    private let temporaryDirectory: String

    init(maximumField: Int, temporaryDirectory: String) {
        self.maximumField = maximumField
        self.temporaryDirectory = temporaryDirectory
    }

    deinit {
        if let processor = postProcessor { MHD_destroy_post_processor(processor) }
        if let current { close(current.descriptor) }
        for file in files { unlink(file.path) }
        if let current { unlink(current.path) }
    }

    /// The first value of each field, as UTF-8 text.
    var formFields: [String: String] {
        var result: [String: String] = [:]
        for field in fields where result[field.name] == nil { result[field.name] = String(decoding: field.value, as: UTF8.self) }
        return result
    }

    /// A piece of a field (`filename` nil) or of a file; false stops the parse (a field too long,
    /// a temporary file that cannot be written).
    func receive(field: String, filename: String?, contentType: String?, offset: UInt64, bytes: UnsafeRawBufferPointer) -> Bool {
        guard let filename else {
            if offset > 0, let last = fields.indices.last, fields[last].name == field {
                fields[last].value.append(contentsOf: bytes)
            } else {
                fields.append((field, Array(bytes)))
            }
            if let last = fields.last, last.value.count > maximumField {
                failure = "the form's field \(field) is longer than \(maximumField) bytes\n"
                return false
            }
            return true
        }
        if current == nil || current!.field != field || current!.filename != filename || (offset == 0 && current!.size > 0) {
            finishFile()
            var template = Array("\(temporaryDirectory)/expenses-upload-XXXXXX".utf8CString)
            let descriptor = mkstemp(&template)
            guard descriptor >= 0 else {
                failure = "the upload cannot be stored: \(SystemError.reason(errno))\n"
                return false
            }
            current = (field, filename, contentType, String(cString: template), descriptor, 0)
        }
        var written = 0
        while written < bytes.count {
            let count = write(current!.descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                failure = "the upload cannot be stored: \(SystemError.reason(errno))\n"
                return false
            }
            written += count
        }
        current!.size += bytes.count
        return true
    }

    /// Closes the file being written and lists it among the request's files.
    func finishFile() {
        guard let file = current else { return }
        close(file.descriptor)
        files.append(
            UploadedFile(field: file.field, filename: file.filename, contentType: file.contentType, path: file.path, size: file.size))
        current = nil
    }
}
