import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads `.pcd`/`.ply` captures in a child process, so that a reader crash costs one capture,
/// not the batch (issue 17).
///
/// The shim's header checks refuse every file PCL is known to misread (see
/// `cpc_header_check.cpp`), but PCL's readers are C++ code fed with untrusted bytes, and a
/// crash there (SIGSEGV, an abort, an ASan report) cannot be caught in-process. `verify`
/// therefore hands each point-cloud file to a helper executable (`boxdim read-cloud`, hidden),
/// which reads it with PCL exactly as the parent would (`PointCloudReader.readRaw`) and writes the points (or
/// the `unreadableCapture` reason) to a scratch file the parent reads back. A helper killed by
/// a signal becomes `unreadableCapture(file:, reason: "the reader crashed (signal N)")`.
/// Good files give the same `DepthCapture`, bit for bit, as `CaptureReader.read`.
/// Stray Scanner folders are still read in-process (their PNG/NPY/CSV decoders are our own
/// code or libpng behind `setjmp`, fuzzed separately).
public enum IsolatedCloudReader {
    /// The hidden `boxdim` subcommand the child runs:
    /// `read-cloud FILE OUT LIMITS_JSON` (the caller's `CaptureLimits`, as JSON).
    public static let subcommand = "read-cloud"

    /// Reads `url` like `CaptureReader.read(url, limits:)`; a regular `.pcd`/`.ply` file is read
    /// by `helper read-cloud` in a child process when `helper` is set.
    ///
    /// The child only reads the file as written (PCL, the risky part); finding its axes and
    /// unit (`options`, see `CloudOrientation`) happens here, in the parent, as in-process.
    /// `window`: the frames of a frame capture kept (`FrameWindow`; a point cloud has none).
    public static func read(_ url: URL, limits: CaptureLimits, helper: URL?,
                            options: InputOptions = .init(), window: FrameWindow = .all) throws(DimensioningError) -> DepthCapture {
        guard let helper, CaptureFile.kind(of: url).kind == .regular,
              PointCloudReader.supportedExtensions.contains(url.pathExtension.lowercased()) else {
            return try CaptureReader.read(url, limits: limits, options: options, window: window)
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("boxdim-cloud-\(getpid())-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let limitsJSON = String(decoding: (try? JSONEncoder().encode(limits)) ?? Data("{}".utf8), as: UTF8.self)
        let arguments = [subcommand, url.path, scratch.path, limitsJSON]
        let status: Int32
        switch spawnAndWait(helper.path, arguments) {
        case let .success(value): status = value
        case let .failure(code):
            throw .unreadableCapture(file: url.path, reason: "cannot start the isolated reader \(helper.path): \(String(cString: strerror(code.code.rawValue)))")
        }
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F {
            throw .unreadableCapture(file: url.path, reason: "the reader crashed (signal \(signal))")
        }
        let exitCode = (status >> 8) & 0xFF
        let bytes = [UInt8]((try? Data(contentsOf: scratch)) ?? Data())
        if exitCode == 0, let raw = Outcome.decodeCloud(bytes) {
            let loaded = NativeCloud.Loaded(points: raw.pointsInCamera, declared: raw.pointsInCamera.count,
                                            width: raw.gridWidth, height: raw.gridHeight, pixelIndex: raw.pixelIndex)
            return PointCloudReader.capture(from: loaded, file: url, options: options)
        }
        if exitCode == failureExitCode, let reason = Outcome.decodeFailure(bytes) {
            throw .unreadableCapture(file: url.path, reason: reason)
        }
        throw .unreadableCapture(file: url.path, reason: "the reader failed (exit \(exitCode), \(bytes.count)-byte answer)")
    }

    /// The helper's exit code when the file is unreadable (the reason is in the scratch file).
    static let failureExitCode: Int32 = 5

    /// The child's side: reads `file` with `CaptureReader` and writes the outcome to `out`.
    /// Returns the exit code (0 read, 5 unreadable, 2 bad arguments or output not written).
    public static func childMain(arguments: [String]) -> Int32 {
        guard arguments.count == 3,
              let limits = try? JSONDecoder().decode(CaptureLimits.self, from: Data(arguments[2].utf8)) else { return 2 }
        let file = URL(fileURLWithPath: arguments[0]), out = URL(fileURLWithPath: arguments[1])
        let bytes: [UInt8], code: Int32
        do {
            let loaded = try PointCloudReader.readRaw(file: file, limits: limits)
            let raw = CapturedCloud(pointsInCamera: loaded.points, gridWidth: loaded.width, gridHeight: loaded.height,
                                    pixelIndex: loaded.pixelIndex)
            (bytes, code) = (Outcome.encode(raw), 0)
        } catch {
            let reason: String
            if case let .unreadableCapture(_, why) = error { reason = why } else { reason = error.description }
            (bytes, code) = (Outcome.encode(failure: reason), failureExitCode)
        }
        return (try? Data(bytes).write(to: out)) != nil ? code : 2
    }

    /// posix_spawn + waitpid; the child's stdout and stderr go to /dev/null, its signals are
    /// unblocked and at their defaults, and the Swift backtracer is off (a crash should end the child at once, not print a backtrace).
    /// Returns the wait status, or the errno of a failed spawn.
    static func spawnAndWait(_ executable: String, _ arguments: [String]) -> Result<Int32, POSIXError> {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Default dispositions and no blocked signal in the child, whatever the calling thread
        // blocks or ignores, so that a crash ends it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        }
        return .success(status)
    }

    /// The scratch file between child and parent: "BXCL" grid width, grid height, point count
    /// (Int64 each), a has-index byte, the xyz floats, the pixel indices; or "BXER" and the
    /// reason in UTF-8. Little-endian.
    enum Outcome {
        static let cloudMagic = Array("BXCL".utf8), failureMagic = Array("BXER".utf8)

        static func encode(_ cloud: CapturedCloud) -> [UInt8] {
            var bytes = cloudMagic
            for value in [cloud.gridWidth, cloud.gridHeight, cloud.pointsInCamera.count] {
                withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 }
            }
            bytes.append(cloud.pixelIndex == nil ? 0 : 1)
            for value in cloud.pointsInCamera.xyz { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
            for value in cloud.pixelIndex ?? [] { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
            return bytes
        }

        static func encode(failure reason: String) -> [UInt8] { failureMagic + Array(reason.utf8) }

        static func decodeFailure(_ bytes: [UInt8]) -> String? {
            guard bytes.starts(with: failureMagic) else { return nil }
            return String(decoding: bytes.dropFirst(4), as: UTF8.self)
        }

        static func decodeCloud(_ bytes: [UInt8]) -> CapturedCloud? {
            guard bytes.count >= 29, bytes.starts(with: cloudMagic) else { return nil }
            func int64(at offset: Int) -> Int {
                var value: UInt64 = 0
                for i in 0..<8 { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
                return Int(truncatingIfNeeded: value)
            }
            func uint32(at offset: Int) -> UInt32 {
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
            }
            let width = int64(at: 4), height = int64(at: 12), count = int64(at: 20), hasIndex = bytes[28] == 1
            guard count >= 0, count <= (bytes.count - 29) / 12,
                  bytes.count == 29 + 12 * count + (hasIndex ? 4 * count : 0) else { return nil }
            let xyz = (0..<(3 * count)).map { Float(bitPattern: uint32(at: 29 + 4 * $0)) }
            let indexStart = 29 + 12 * count
            let index = hasIndex ? (0..<count).map { Int32(bitPattern: uint32(at: indexStart + 4 * $0)) } : nil
            return CapturedCloud(pointsInCamera: PointCloud(xyz: xyz), gridWidth: width, gridHeight: height, pixelIndex: index)
        }
    }
}
