import ArgumentParser
import Dimensioning
import DimensioningReaders
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
        the data and a profile is needed for an accepted measurement. Several captures (the \
        reference box placed and turned a few times) are pooled: one --known for all of them, \
        or one per capture in the same order. With --all, each capture is a scene of cartons and \
        every carton of the --known size in it is a reference.
        """
    )

    @Argument(help: "Captures of the reference box (Stray Scanner folders, .pcd/.ply files or frame folders).")
    var captures: [String]

    @Option(help: ArgumentHelp("The reference box's true size, LxWxH in millimetres, e.g. 400x300x250: once for every capture, or once per capture in order.", valueName: "LxWxH"))
    var known: [String]

    @Option(help: "Where to write the profile (JSON).")
    var out = "sensor-profile.json"

    @Flag(help: "The captures are scenes of cartons (a pallet, a conveyor): every carton of the --known size in them, measured from its top as measure --all does, is a reference.")
    var all = false

    func validate() throws {
        guard !captures.isEmpty else { throw ValidationError("give at least one capture of the reference box") }
        guard !captures.contains(where: \.isEmpty) else { throw ValidationError("a capture path is empty") }
        guard !known.isEmpty else { throw ValidationError("--known LxWxH is required (millimetres)") }
        for size in known where Self.parseSize(size) == nil {
            throw ValidationError("--known must be LxWxH in millimetres with three positive numbers, got '\(size)'")
        }
        if all && known.count != 1 {
            throw ValidationError("with --all, give --known once: the size of the cartons to calibrate on")
        }
        guard known.count == 1 || known.count == captures.count else {
            throw ValidationError("--known is given \(known.count) times for \(captures.count) captures: give it once, or once per capture")
        }
    }

    func run() throws {
        let sizes = captures.indices.map { Self.parseSize(known[known.count == 1 ? 0 : $0])!.map { $0 / 1000 } }
        let result: CalibrationResult
        do {
            if all {
                var scenes: [SceneCalibrationReference] = []
                for path in captures { scenes.append(try MeasureCommand.readScene(URL(fileURLWithPath: path))) }
                result = try calibrateProfile(scenes: scenes, known: sizes[0], reference: captures.joined(separator: ", "))
            } else {
                var references: [CalibrationReference] = []
                for (capture, size) in zip(captures, sizes) {
                    references.append(CalibrationReference(capture: try CaptureReader.read(URL(fileURLWithPath: capture)), known: size,
                                                           name: capture))
                }
                result = try calibrateProfile(references, reference: captures.joined(separator: ", "))
            }
        } catch {
            printError("boxdim calibrate: \(error.description)")
            throw ExitCode(error.isUnreadable ? ExitStatus.unreadable : ExitStatus.noMeasurement)
        }
        do { try result.profile.write(to: URL(fileURLWithPath: out)) } catch {
            printError("boxdim calibrate: cannot write \(out): \(error.localizedDescription)")
            throw ExitCode(ExitStatus.unreadable)
        }
        func mm(_ v: [Double]) -> String { v.map { String(format: "%.1f", $0 * 1000) }.joined(separator: " x ") }
        if all {
            for (index, pair) in result.references.enumerated() {
                print("carton \(index + 1): \(mm(pair.measured)) mm without a profile, \(mm(pair.calibrated)) mm with it")
            }
            for carton in result.leftOut {
                print("left out:    \(mm(carton)) mm: the size's footprint, not its height (measured against another surface)")
            }
            print("reference:   \(mm(sizes[0])) mm (known), \(result.references.count) carton(s) of that size in \(captures.count) scene(s)")
        } else {
            for (index, size) in sizes.enumerated() where captures.count > 1 {
                let pair = result.references[index]
                print("reference \(index + 1): \(captures[index]): \(mm(size)) mm (known), \(mm(pair.measured)) mm without a profile, \(mm(pair.calibrated)) mm with it")
            }
            print("reference:   \(mm(sizes[0])) mm (known)\(captures.count > 1 ? ", and \(captures.count - 1) more capture(s)" : "")")
        }
        print("measured:    \(mm(result.measured)) mm without a profile")
        if let u = result.scaleUncertainty {
            print(String(format: "depth scale: %.5f (from the heights, ± %.5f over %d references%@)", result.profile.depthScale, u,
                         all ? result.references.count : captures.count,
                         result.profile.depthScale == 1 ? ": 1 is within that, so it stays 1" : ""))
        } else {
            print(String(format: "depth scale: %.5f (from the height)", result.profile.depthScale))
        }
        // A scene's cartons have no silhouettes: their free sides are placed from the top's depth outline.
        let sidesName = all ? "depth-outline side(s)" : "silhouette side(s)"
        if result.silhouetteSides == 0 {
            print("edge offset: 0 px (every side was seen as a side face: no sensor edge to calibrate)")
        } else if let u = result.offsetUncertainty {
            print(String(format: "edge offset: %+.2f px (from %d %@, ± %.2f px over the references%@)",
                         result.profile.edgeOffsetPixels, result.silhouetteSides, sidesName, u,
                         result.profile.edgeOffsetPixels == 0 ? ": 0 is within that, so it stays 0" : ""))
        } else {
            print(String(format: "edge offset: %+.2f px (from %d %@)", result.profile.edgeOffsetPixels,
                         result.silhouetteSides, sidesName))
        }
        if let facing = result.profile.facingEdgeOffsetPixels {
            print(String(format: "facing sides: %+.2f px (sides facing the camera take less of the spread: fitted on their own)", facing))
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
