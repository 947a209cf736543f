import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// Takes a picture with the camera command of the config (`camera.command`, e.g.
/// `fswebcam --no-banner -r 1920x1080 {output}` or `ffmpeg -f v4l2 -i /dev/video0 -frames:v 1 {output}`):
/// its words with `{output}` replaced by a file in a private temporary directory, run as an argv
/// array within `camera.timeout` seconds.
struct CameraCommand {
    static let placeholder = "{output}"

    let template: String
    let timeLimit: Double
    /// The session's working directory, which the camera starts in (a relative program or path in its command is there).
    var directory: String?

    /// The words to run, with the picture going to `output`.
    func arguments(output: String) throws -> [String] {
        let words: [String]
        do {
            words = try Tokenizer.words(template)
        } catch {
            throw ExpenseError(.invalidData, "camera.command has an unterminated quote", hint: "see 'expenses config get camera.command'")
        }
        guard !words.isEmpty else { throw ExpenseError(.invalidData, "camera.command is empty") }
        return words.map { $0.replacing(Self.placeholder, with: output) }
    }

    /// Runs the camera and returns the picture's bytes.
    func capture(maxSize: Int) throws -> ReceiptInput {
        let directory = try TemporaryDirectory("camera")
        defer { directory.remove() }
        // A .jpg name, since programs such as ffmpeg choose the format by it; the content decides.
        let output = directory.file("receipt.jpg")
        let arguments = try self.arguments(output: output)
        let result: Subprocess.Result
        do throws(Subprocess.Failure) {
            var process = Subprocess(arguments, timeLimit: timeLimit)
            process.directory = self.directory
            result = try process.run()
        } catch {
            switch error {
            case .notFound(let program):
                throw ExpenseError(
                    .unavailable, "the camera command '\(program)' was not found",
                    hint: "install it, or change it: expenses config set camera.command \"...\"")
            case .cannotStart(let program, let reason):
                throw ExpenseError(.unavailable, "the camera command '\(program)' cannot be started: \(reason)")
            }
        }
        if result.cancelled { throw Cancellation.cancelled }
        if result.timedOut {
            throw ExpenseError(
                .unavailable, "the camera command did not finish within \(Int(timeLimit)) s and was stopped",
                hint: "check the camera, or allow it longer: expenses config set camera.timeout 60")
        }
        guard result.succeeded else {
            let detail = result.stderrText.split(separator: "\n").last.map { ": \($0)" } ?? ""
            let how: String
            switch result.termination {
            case .exited(let code): how = "exit status \(code)"
            case .signalled(let signal): how = "signal \(signal)"
            }
            throw ExpenseError(.unavailable, "the camera command failed (\(how))\(detail)")
        }
        guard FileBytes.isFile(output) else {
            throw ExpenseError(
                .unavailable, "the camera command wrote no picture to \(Self.placeholder)",
                hint: "check camera.command: its \(Self.placeholder) word is where the picture must go")
        }
        var input = try ReceiptInput.file(output, maxSize: maxSize)
        input.originalName = ""
        input.source = .camera
        return input
    }
}
