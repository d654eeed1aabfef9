import Foundation

/// Runs the built `boxdim` executable (built alongside the tests) and captures its output.
public enum BoxDimBinary {
    /// `.build/<config>/boxdim` next to the test bundle, or under the repository's `.build/debug`.
    public static let url: URL? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(TestPaths.repository.appendingPathComponent(".build/debug"))
        for folder in candidates {
            let binary = folder.appendingPathComponent("boxdim")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return nil
    }()

    public struct Outcome {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = url!
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `boxdim arguments` to its end; `environment` entries are added to this process's.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = url!
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }
}
