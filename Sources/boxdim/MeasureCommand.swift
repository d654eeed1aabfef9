import ArgumentParser
import Dimensioning
import DimensioningBarcodes
import DimensioningReaders
import Foundation

/// `boxdim measure <capture>`: measure one capture and report it.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure the box in one capture (Stray Scanner folder, .pcd or .ply)."
    )

    @Argument(help: "A Stray Scanner capture folder, a .pcd/.ply point cloud, a folder of .pcd/.ply frames, or a folder of 16-bit depth PNGs with intrinsics.json.")
    var capture: String

    @Option(help: "Units for lengths: mm, cm, m or in.")
    var units: LengthUnit = .centimeters

    @Flag(help: "Print one JSON object (stable schema boxdim.measurement/8) instead of text.")
    var json = false

    @OptionGroup var input: InputArguments

    @OptionGroup var gate: GateArguments

    @Option(help: "Minimum confidence (0...1) for the measurement to be accepted.")
    var minConfidence: Double = 0.85

    @Option(help: "Measure only frames FIRST-LAST (0-based, inclusive) of a frame capture, e.g. the window `boxdim replay` reports.")
    var frames: String?

    @Option(help: "A sensor profile from `boxdim calibrate` (edge offset, depth scale).")
    var profile: String?

    @Flag(help: "Do not read barcodes from the capture's colour images (rgb.mp4, colour PNGs).")
    var noBarcodes = false

    @Option(help: "Write a PNG: the depth image colour-mapped, the segmentation tinted, the cuboid's edges drawn.")
    var overlay: String?

    @Option(help: "Write a PLY of the fused scene coloured by segmentation, with the cuboid's edges (white).")
    var ply: String?

    @Flag(help: "Measure every carton in the scene (cartons pressed together, a pallet), each with its own size ± U or refusal: a table, or one JSON object of schema boxdim.scene/1; --overlay numbers each carton, --ply labels each carton's points with its number.")
    var all = false

    func validate() throws {
        if let frames, Self.parseFrames(frames) == nil {
            throw ValidationError("--frames must be FIRST-LAST with 0 <= FIRST <= LAST, got '\(frames)'")
        }
        guard (0...1).contains(minConfidence) else {
            throw ValidationError("--min-confidence must be between 0 and 1, got \(minConfidence)")
        }
        guard !capture.isEmpty else { throw ValidationError("the capture path is empty") }
        if let overlay, URL(fileURLWithPath: overlay).pathExtension.lowercased() != "png" {
            throw ValidationError("--overlay must name a .png file, got \"\(overlay)\"")
        }
        if let ply, URL(fileURLWithPath: ply).pathExtension.lowercased() != "ply" {
            throw ValidationError("--ply must name a .ply file, got \"\(ply)\"")
        }
    }

    func run() throws {
        if all { return try measureAll() }
        let url = URL(fileURLWithPath: capture)
        var outcome: Result<PipelineResult, DimensioningError>
        var description: InputDescription?
        var barcodes: [BarcodeReading] = []
        var barcodeError: DimensioningError?
        do throws(DimensioningError) {
            var parameters = PipelineParameters()
            gate.apply(to: &parameters)
            // Only the frames measured are kept in memory (`FrameWindow`): --frames, or the last
            // ones the fusion takes, so a capture of any length costs bounded memory.
            let range = frames.flatMap(Self.parseFrames)
            var recorded = try CaptureReader.read(url, options: input.options,
                                                  window: range.map(FrameWindow.range) ?? .last(parameters.fusion.maximumFrames))
            if let frames, let range, range.upperBound >= recorded.recordedFrameCount {
                throw .noDepth(reason: "--frames \(frames) asks for frames the capture does not have (\(recorded.recordedFrameCount))")
            }
            if noBarcodes { recorded.colour = nil }
            description = recorded.input
            if let profile { parameters.profile = try SensorProfile.read(URL(fileURLWithPath: profile)) }
            (outcome, barcodes, barcodeError) = measureWithBarcodes(recorded, parameters: parameters)
        } catch { outcome = .failure(error) }
        if let barcodeError { FileHandle.standardError.write(Data("boxdim measure: barcodes not read: \(barcodeError.description)\n".utf8)) }
        let record = MeasurementRecord(capture: capture, outcome: outcome, units: units, minConfidence: minConfidence,
                                       input: description, barcodes: barcodes, barcodeError: barcodeError?.description)
        if json {
            print(record.jsonLine())
        } else {
            let hint = (try? outcome.get()).flatMap { SensorClassHint.text(for: $0, profileGiven: profile != nil) }
            print(HumanReport.text(for: record, hint: hint))
        }
        if case let .success(result) = outcome { try writePictures(result) }
        let code = ExitStatus.code(for: record.status)
        if code != 0 { throw ExitCode(code) }
    }

    /// "A-B" as A...B (0-based, inclusive); nil when malformed.
    static func parseFrames(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b else { return nil }
        return a...b
    }

    /// Writes --overlay and --ply; a picture that cannot be made is reported (exit 5 for a write
    /// failure, 4 for a capture with no pixel grid).
    func writePictures(_ result: PipelineResult) throws {
        var failure: DimensioningError?
        if let overlay {
            do { try ScenePictures.writeOverlay(result, to: URL(fileURLWithPath: overlay)) } catch { failure = error }
        }
        if let ply {
            do { try ScenePictures.writeColouredCloud(result, to: URL(fileURLWithPath: ply)) } catch { failure = failure ?? error }
        }
        if let failure {
            FileHandle.standardError.write(Data("boxdim measure: \(failure.description)\n".utf8))
            throw ExitCode(failure.isUnreadable ? ExitStatus.unreadable : ExitStatus.noMeasurement)
        }
    }
}
