import ArgumentParser
import Dimensioning
import DimensioningBarcodes
import DimensioningReaders
import Foundation

/// `boxdim measure --all`: every carton in the scene, one row (or one JSON record) each.
extension MeasureCommand {
    /// Exit status: 0 when every carton found was accepted, 3 when some were measured but not
    /// all accepted (or some refused), 4 when none was measured, 5 when the capture is unreadable.
    func measureAll() throws {
        let url = URL(fileURLWithPath: capture)
        var outcome: Result<SceneMeasurement, DimensioningError>
        var description: InputDescription?
        do throws(DimensioningError) {
            var parameters = PipelineParameters()
            gate.apply(to: &parameters)
            let range = frames.flatMap(Self.parseFrames)
            let recorded = try CaptureReader.read(url, options: input.options,
                                                  window: range.map(FrameWindow.range) ?? .last(parameters.fusion.maximumFrames))
            description = recorded.input
            if let profile { parameters.profile = try SensorProfile.read(URL(fileURLWithPath: profile)) }
            outcome = .success(try measureAllBoxes(recorded, parameters: parameters,
                                                   colour: try recorded.referenceColourImage(fusion: parameters.fusion)))
        } catch { outcome = .failure(error) }
        let record = SceneRecord(capture: capture, outcome: outcome, units: units, minConfidence: minConfidence,
                                 input: description)
        print(json ? record.jsonLine() : Self.sceneText(record))
        if case let .success(scene) = outcome {
            do throws(DimensioningError) {
                if let overlay {
                    try ScenePictures.writeOverlay(scene, minimumConfidence: minConfidence, to: URL(fileURLWithPath: overlay))
                }
                if let ply {
                    try ScenePictures.writeColouredCloud(scene, minimumConfidence: minConfidence, to: URL(fileURLWithPath: ply))
                }
            } catch {
                FileHandle.standardError.write(Data("boxdim measure: \(error.description)\n".utf8))
                throw ExitCode(error.isUnreadable ? ExitStatus.unreadable : ExitStatus.noMeasurement)
            }
        }
        let code = Self.exitCode(record)
        if code != 0 { throw ExitCode(code) }
    }

    /// A scene read whole for `measureAllBoxes` and `calibrateProfile(scenes:)`: the capture (all
    /// its frames, default fusion) with its reference view's colour image, named by its path.
    static func readScene(_ url: URL) throws(DimensioningError) -> SceneCalibrationReference {
        let capture = try CaptureReader.read(url)
        return SceneCalibrationReference(capture: capture, colour: try capture.referenceColourImage(fusion: .init()), name: url.path)
    }

    static func exitCode(_ record: SceneRecord) -> Int32 {
        switch record.status {
        case .unreadable: return ExitStatus.unreadable
        case .noMeasurement: return ExitStatus.noMeasurement
        case .measured:
            return record.boxes.allSatisfy { $0.measurement.status == .accepted } ? ExitStatus.accepted : ExitStatus.lowConfidence
        }
    }

    /// A table, one row per carton: its position on the support, L × W × H ± U, and its status
    /// (or why it was refused).
    static func sceneText(_ record: SceneRecord) -> String {
        var lines = ["capture:    \(record.capture)"]
        let u = record.units.rawValue
        let digits = record.units == .meters ? 3 : (record.units == .millimeters ? 0 : 1)
        let f = { (v: Double) in String(format: "%.\(digits)f", v) }
        if let error = record.error, record.boxes.isEmpty {
            lines.append("status:     \(record.status == .unreadable ? "unreadable" : "no measurement"): \(error.message)")
            return lines.joined(separator: "\n")
        }
        let measured = record.boxes.filter { $0.measurement.length != nil }
        let accepted = measured.filter { $0.measurement.status == .accepted }
        lines.append("cartons:    \(record.boxes.count) found, \(measured.count) measured, \(accepted.count) accepted")
        if !record.supportLevels.isEmpty {
            lines.append("supports:   " + record.supportLevels.map { "\(f($0)) \(u)" }.joined(separator: ", ") + " above the floor")
        }
        for box in record.boxes {
            let m = box.measurement
            let position = "at (\(f(box.position[0])), \(f(box.position[1]))) \(u)"
            guard let l = m.length, let w = m.width, let h = m.height else {
                lines.append("#\(box.index)  \(position): refused: \(m.error?.message ?? "")")
                continue
            }
            let pm = { (value: Double?) in value.map { " ± \(f($0))" } ?? "" }
            let size = "\(f(l))\(pm(m.uncertainty?.length)) x \(f(w))\(pm(m.uncertainty?.width)) x \(f(h))\(pm(m.uncertainty?.height)) \(u)"
            let verdict = m.status == .accepted ? "accepted" : "check before use"
            let confidence = m.confidence.map { String(format: "confidence %.2f", $0) } ?? ""
            lines.append("#\(box.index)  \(position): \(size), \(confidence), \(verdict)")
            for note in m.shapeNotes ?? [] { lines.append("     \(note)") }
            for reason in m.confidenceReasons ?? [] where m.status != .accepted { lines.append("     why: \(reason)") }
        }
        return lines.joined(separator: "\n")
    }
}
