import ArgumentParser
import Dimensioning
import Foundation

/// `boxdim calibrate <capture> --known LxWxH`: learn a sensor profile from a box of known size.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure a reference box of known size and write a sensor profile (edge offset, depth scale).",
        discussion: """
        The profile corrects what a sensor does the same way in every capture: its depth scale \
        (learned from the height) and how far its silhouette edges lie outside the true edges \
        (stereo fattening; learned from length and width). Pass it to measure, verify and replay \
        with --profile. Capture the reference box the way the sensor is used: a fixed overhead \
        mount looking straight down is exactly the case where the edge offset cannot be seen in \
        the data and a profile is needed for an accepted measurement.
        """
    )

    @Argument(help: "A capture of the reference box (Stray Scanner folder, .pcd or .ply).")
    var capture: String

    @Option(help: ArgumentHelp("The reference box's true size, LxWxH in millimetres, e.g. 400x300x250.", valueName: "LxWxH"))
    var known: String

    @Option(help: "Where to write the profile (JSON).")
    var out = "sensor-profile.json"

    func validate() throws {
        guard Self.parseSize(known) != nil else {
            throw ValidationError("--known must be LxWxH in millimetres with three positive numbers, got '\(known)'")
        }
        guard !capture.isEmpty else { throw ValidationError("the capture path is empty") }
    }

    func run() throws {
        let size = Self.parseSize(known)!.map { $0 / 1000 }
        let result: CalibrationResult
        do {
            let recorded = try CaptureReader.read(URL(fileURLWithPath: capture))
            result = try calibrateProfile(recorded, known: size, reference: capture)
        } catch {
            printError("boxdim calibrate: \(error.description)")
            throw ExitCode(error.isUnreadable ? ExitStatus.unreadable : ExitStatus.noMeasurement)
        }
        do { try result.profile.write(to: URL(fileURLWithPath: out)) } catch {
            printError("boxdim calibrate: cannot write \(out): \(error.localizedDescription)")
            throw ExitCode(ExitStatus.unreadable)
        }
        func mm(_ v: [Double]) -> String { v.map { String(format: "%.1f", $0 * 1000) }.joined(separator: " x ") }
        print("reference:   \(mm(size)) mm (known)")
        print("measured:    \(mm(result.measured)) mm without a profile")
        print(String(format: "depth scale: %.5f (from the height)", result.profile.depthScale))
        if result.silhouetteSides == 0 {
            print("edge offset: 0 px (every side was seen as a side face: no sensor edge to calibrate)")
        } else {
            print(String(format: "edge offset: %+.2f px (from %d silhouette side(s))", result.profile.edgeOffsetPixels,
                         result.silhouetteSides))
        }
        print("calibrated:  \(mm(result.calibrated)) mm with the profile")
        print("wrote \(out)")
    }

    /// "LxWxH" in millimetres; nil unless three positive finite numbers.
    static func parseSize(_ text: String) -> [Double]? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 3, parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! > 0 }) else { return nil }
        return parts.map { $0! }
    }
}
