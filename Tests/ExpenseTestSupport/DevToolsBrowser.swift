import Foundation

/// Debian's headless Chromium driven over the DevTools protocol by Tests/Drivers/chromium_devtools.py:
/// a script of steps in (navigate, fill, click, upload, screenshot, the manifest and the
/// installability checks), one result a step out. The driver starts Chromium with a fresh profile
/// and stops it, whatever happens, before it returns.
public enum DevToolsBrowser {
    /// A phone (390×844, mobile, touch, an Android user agent) or a desk (1280×900).
    public enum Viewport: String, Sendable {
        case phone, desk
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// What a run gave: a result for each step that ran, the origin of a served directory, and
    /// the error of the step that failed (`failedStep`), nil when every one passed.
    public struct Run {
        public let results: [Any]
        public let origin: String?
        public let error: String?
        public let failedStep: Int?
        /// The process id of the Chromium it started (its process group) and its profile directory.
        public let browserPID: Int32?
        public let profile: String?
    }

    public static let driver: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Drivers/chromium_devtools.py").path
    }()

    /// Runs `steps` (objects with an "action", as the driver's usage says); `serve` is a
    /// directory the driver serves on 127.0.0.1, whose origin "{origin}" in a URL stands for.
    /// Throws when the driver cannot run at all (no chromium: a broken machine, Scripts/bootstrap
    /// installs it); a step that fails is in the run's `error`.
    public static func run(
        _ steps: [[String: Any]], viewport: Viewport, serve: String? = nil, stepTimeout: Double = 20, timeout: Double = 120
    ) throws -> Run {
        var script: [String: Any] = ["viewport": viewport.rawValue, "steps": steps, "timeout": stepTimeout]
        if let serve { script["serve"] = serve }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [driver, "--timeout", "\(timeout)"]
        let input = Pipe()
        let output = Pipe()
        // stderr goes to a file, so that it cannot fill a pipe nobody reads while stdout is read.
        let errorsPath = NSTemporaryDirectory() + "chromium-devtools-\(UUID().uuidString).err"
        _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorsPath) }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: script))
        try input.fileHandleForWriting.close()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? Data(contentsOf: URL(fileURLWithPath: errorsPath))) ?? Data()
        guard process.terminationStatus != 2,
            let object = try? JSONSerialization.jsonObject(with: stdout) as? [String: Any],
            let results = object["results"] as? [Any]
        else {
            throw Failure(
                description: "chromium_devtools.py failed (\(process.terminationStatus)): "
                    + String(decoding: stderr, as: UTF8.self) + String(decoding: stdout, as: UTF8.self))
        }
        return Run(
            results: results, origin: object["origin"] as? String, error: object["error"] as? String,
            failedStep: object["step"] as? Int, browserPID: ((object["browser"] as? [String: Any])?["pid"] as? Int).map(Int32.init),
            profile: (object["browser"] as? [String: Any])?["profile"] as? String)
    }
}

/// Where a test keeps what a person would look at afterwards (a browser's screenshots):
/// $TEST_ARTIFACTS/<name> when the run sets it (CI keeps that directory), else
/// .build/test-artifacts/<name> in the repository. Emptied at the start of the test that uses it.
public enum TestArtifacts {
    public static func directory(_ name: String) throws -> String {
        let base: String
        if let given = ProcessInfo.processInfo.environment["TEST_ARTIFACTS"], !given.isEmpty {
            base = given
        } else {
            var url = URL(fileURLWithPath: #filePath)
            for _ in 0..<3 { url.deleteLastPathComponent() }
            base = url.appendingPathComponent(".build/test-artifacts").path
        }
        let directory = base + "/" + name
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}
