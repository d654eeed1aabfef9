import ArgumentParser
import Dimensioning
import DimensioningBarcodes
import DimensioningReaders
import Foundation

/// `boxdim replay <capture>`: feeds a recorded capture through a dimensioning session frame by
/// frame (auto-capture on) and reports what the session publishes as it happens.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recorded capture through a live dimensioning session.",
        discussion: """
        Prints phase changes, track changes, guidance hints and barcodes (read from every tenth \
        colour frame when the capture has rgb.mp4 or colour images) as they happen, then the \
        measurement of the session's capture window (or the error). The measurement is \
        runPipeline on exactly the frames listed as measured: `boxdim measure CAPTURE --frames \
        FIRST-LAST` gives the same numbers, except for a still camera's folder of several frames, \
        whose poses `measure` estimates by aligning the frames and the session does without (it \
        takes "up" from the floor, not from poses that know no gravity). The sensor class is the \
        one `measure` implies (LiDAR for a Stray Scanner folder, unknown for a camera's frames) \
        unless --sensor names one. If the capture ends while capturing, the frames \
        captured so far are measured; if it ends before, the session fails with the reason \
        (no floor, no box). Exit codes as `measure`: 0, 3, 4, 5.
        """
    )

    @Argument(help: "A Stray Scanner capture folder (depth frames with poses).")
    var capture: String

    @Flag(help: "Print one JSON object per event (schema boxdim.replay/1), the last one the result.")
    var jsonLines = false

    @OptionGroup var input: InputArguments

    @OptionGroup var gate: GateArguments

    @Option(help: "Units for lengths: mm, cm, m or in (default: the configuration's, cm).")
    var units: LengthUnit?

    @Option(help: "A sensor profile from `boxdim calibrate` (edge offset, depth scale).")
    var profile: String?

    @Flag(help: "Do not read barcodes from the capture's colour images.")
    var noBarcodes = false

    @Option(help: "A JSON file with a session configuration (DimensioningConfiguration); missing keys keep their defaults.")
    var config: String?

    func run() throws {
        var configuration = DimensioningConfiguration()
        if let config {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: config)) } catch {
                return try report(.unreadableCapture(file: config, reason: "cannot read the configuration file"), configuration)
            }
            do { configuration = try DimensioningConfiguration.decode(json: data, file: config) } catch {
                return try report(error, configuration)
            }
        }
        if let units { configuration.units = units }
        gate.apply(to: &configuration.pipeline)
        if let profile {
            do { configuration.pipeline.profile = try SensorProfile.read(URL(fileURLWithPath: profile)) } catch {
                return try report(error, configuration)
            }
        }
        configuration.autoCapture = true

        let url = URL(fileURLWithPath: capture)
        var recorded: DepthCapture
        do { recorded = try CaptureReader.read(url, options: input.options) } catch { return try report(error, configuration) }
        // A still-camera folder's frames carry poses the reader estimated by aligning them, not
        // recorded ones, and no gravity: the session, which takes "up" from gravity whenever a
        // frame has a pose, sees them without poses (up from the floor plane).
        let dropsPoses = recorded.input != nil && recorded.frames.count > 1
        if recorded.input != nil {
            for i in recorded.frames.indices { recorded.frames[i].worldFromCamera = nil }
        }
        guard !recorded.frames.isEmpty else {
            return try report(.unsupported(feature: "replaying a point cloud (a session needs depth frames)"), configuration)
        }
        // The session's frames carry no file format, so it would take them for a Stray Scanner
        // capture's and imply the LiDAR class; a camera's PCD or PNG frames imply `unknown`, as
        // `measure` does (`SensorClass.implied`).
        if configuration.pipeline.uncertainty.sensorClass == nil {
            configuration.pipeline.uncertainty.sensorClass = .implied(byStrayScanner: recorded.input == nil)
        }
        let session: DimensioningSession
        do {
            session = try DimensioningSession(configuration: configuration, source: url,
                                              gravityInWorld: recorded.gravityInWorld,
                                              barcodeReader: noBarcodes ? nil : ZXingBarcodeReader())
        } catch { return try report(error, configuration) }

        // Colour (rgb.mp4, colour PNGs): every `colourEvery`-th frame is given to the session to
        // read barcodes; a colour stream that cannot be read is reported and replay goes on.
        var colour: ColourFrameSequence?
        if !noBarcodes, let stream = recorded.colour {
            do { colour = try ColourFrameSequence(stream) } catch { warn(error) }
        }
        for (i, frame) in recorded.frames.enumerated() {
            var image: LumaImage?
            if let sequence = colour {
                do { image = try sequence.image(forDepthFrame: i, decode: i % Self.colourEvery == 0) } catch {
                    warn(error)
                    colour = nil
                }
            }
            emit(session.process(frame, colour: image), primaryTrack: session.tracks.first?.id)
            if session.phase.isFinal { break }
        }
        emit(session.finish())
        let record = session.record(capture: capture)
            ?? MeasurementRecord(capture: capture, outcome: .failure(.internalFailure(reason: "the session ended without an outcome")),
                                 units: configuration.units, minConfidence: configuration.minimumConfidence)
        try finish(record, frame: session.framesProcessed - 1, range: session.capturedFrameRange, sameAsMeasure: !dropsPoses)
    }

    /// Depth frames between two colour frames handed to the session for barcodes.
    static let colourEvery = 10

    private func warn(_ error: DimensioningError) {
        FileHandle.standardError.write(Data("boxdim replay: barcodes not read: \(error.description)\n".utf8))
    }

    private func emit(_ updates: [DimensioningUpdate], primaryTrack: Int? = nil) {
        for update in updates {
            let event = ReplayEvent(update, primaryTrack: primaryTrack)
            print(jsonLines ? event.jsonLine() : event.text)
        }
    }

    /// Ends with an error before or instead of a session.
    private func report(_ error: DimensioningError, _ configuration: DimensioningConfiguration) throws {
        let record = MeasurementRecord(capture: capture, outcome: .failure(error), units: units ?? configuration.units,
                                       minConfidence: configuration.minimumConfidence)
        try finish(record, frame: -1, range: nil)
    }

    /// Prints the result (a record of schema boxdim.measurement/8) and exits with its code.
    /// `sameAsMeasure`: whether `measure --frames` on the range gives the same numbers (not for
    /// a still camera's frames, whose estimated poses the session does without).
    private func finish(_ record: MeasurementRecord, frame: Int, range: ClosedRange<Int>?, sameAsMeasure: Bool = true) throws {
        if jsonLines {
            print(ReplayEvent(resultAt: frame, range: range, record: record).jsonLine())
        } else {
            if let range {
                let same = sameAsMeasure ? "boxdim measure --frames \(range.lowerBound)-\(range.upperBound) gives the same"
                    : "as one still view: boxdim measure --frames \(range.lowerBound)-\(range.upperBound) aligns them first"
                print("measured frames \(range.lowerBound)-\(range.upperBound) (\(same))")
            }
            print(HumanReport.text(for: record))
        }
        let code = ExitStatus.code(for: record.status)
        if code != 0 { throw ExitCode(code) }
    }
}
