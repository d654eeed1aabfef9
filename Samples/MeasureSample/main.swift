// MeasureSample: the session API in a few lines.
//
//   swift run MeasureSample [capture-folder]
//
// Opens a recorded capture (default Samples/captures/box-400x300x250; when that folder is
// absent, a simulated capture of a 40 x 30 x 25 cm box is written to a temporary folder
// first), feeds its frames one at a time to a DimensioningSession, prints every phase change
// and hint, and ends with the measurement or the error.
import Dimensioning
import DimensioningReaders
import DimensioningSimulation // only for the fallback: a simulated capture when none is bundled
import Foundation

let defaultPath = "Samples/captures/box-400x300x250"
let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : defaultPath
var url = URL(fileURLWithPath: path)

if path == defaultPath && !FileManager.default.fileExists(atPath: path) {
    // No bundled capture: record one with the simulator (what a phone would have written).
    let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
    let rig = CameraRig(distance: 0.8, elevation: 50 * .pi / 180, frameCount: 60)
    let simulated = SceneSimulator.render(scene: SimulatedScene(name: "box-400x300x250", target: box),
                                          rig: rig, noise: .iPhoneLiDAR, seed: 1)
    url = FileManager.default.temporaryDirectory.appendingPathComponent("box-400x300x250-simulated")
    try? FileManager.default.removeItem(at: url)
    do { try StrayScannerWriter.write(simulated.capture, to: url) } catch {
        print("cannot write the simulated capture: \(error)")
        exit(5)
    }
    print("no capture at \(path); wrote a simulated one to \(url.path)")
}

do {
    // 1. Open the capture (Stray Scanner folder: depth PNGs, camera_matrix.csv, odometry.csv).
    let capture = try CaptureReader.read(url)

    // 2. Configure and start a session: millimetres, auto-capture once the box is steady.
    var configuration = DimensioningConfiguration()
    configuration.units = .millimeters
    let session = try DimensioningSession(configuration: configuration, source: url,
                                          gravityInWorld: capture.gravityInWorld)

    // 3. Feed the frames as a camera would, printing what the session publishes.
    for frame in capture.frames {
        for update in session.process(frame) {
            switch update.event {
            case let .phase(phase): print("frame \(update.frameIndex): \(phase.name)")
            case let .hints(hints): hints.forEach { print("frame \(update.frameIndex): hint: \($0)") }
            case let .barcode(code): print("frame \(update.frameIndex): barcode \(code.symbology.rawValue) \(code.text)")
            case .tracks: break
            }
        }
        if session.phase.isFinal { break }
    }
    session.finish() // the recording is over: measure what was captured, or say why not

    // 4. The result.
    switch session.phase {
    case let .captured(m):
        // Each dimension ± its expanded uncertainty U (k = 2: the truth lies within about 95 % of
        // the time); accepted when every U is within the configured tolerance (10 mm by default).
        let f = { (x: Measurement<UnitLength>, u: Measurement<UnitLength>?) in
            String(format: "%.1f ± %.1f %@", x.value, u?.value ?? .nan, x.unit.symbol)
        }
        print("length \(f(m.length, m.uncertainty?.length)), width \(f(m.width, m.uncertainty?.width)), "
              + "height \(f(m.height, m.uncertainty?.height))")
        let accepted = m.fitsTolerance && m.confidence >= configuration.minimumConfidence
        print(String(format: "volume %.5f m³, confidence %.2f (within the tolerance)%@, %d frames", m.volume.value,
                     m.confidence, accepted ? "" : ": not accepted, check before use", m.framesUsed))
    case let .failed(error):
        print("no measurement: \(error) [\(error.code)]")
        exit(4)
    default:
        print("ended while \(session.phase.name)")
    }
} catch {
    print("error: \(error) [\(error.code)]")
    exit(error.isUnreadable ? 5 : 4)
}
