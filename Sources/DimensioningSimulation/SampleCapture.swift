import Foundation
import Dimensioning
import DimensioningReaders

/// The capture bundled in `Samples/captures/box-400x300x250`: a 400 x 300 x 250 mm matte box,
/// turned 25 degrees, seen from 0.8 m looking down 50 degrees, 20 frames at 60 Hz with hand
/// tremor, recorded poses with their own error, and the `.iPhoneLiDAR` noise model.
/// Synthetic: rendered by `SceneSimulator` from a fixed seed, so anyone can regenerate it
/// (`boxdim simulate --sample <folder>`) and get the same files.
public enum SampleCapture {
    /// Its folder name under Samples/captures/.
    public static let name = "box-400x300x250"
    /// The seed the noise and tremor are drawn from.
    public static let seed: UInt64 = 400_300_250

    /// The scene: one box on the floor at the world origin.
    public static var scene: SimulatedScene {
        SimulatedScene(name: name,
                       target: SimulatedBox(center: SIMD2(0, 0), length: 0.400, width: 0.300, height: 0.250,
                                            yaw: 25 * Double.pi / 180))
    }

    /// The camera: 0.8 m from the box centre, looking down 50 degrees, 20 frames.
    public static var rig: CameraRig {
        CameraRig(distance: 0.8, elevation: 50 * Double.pi / 180, azimuth: 200 * Double.pi / 180, frameCount: 20)
    }

    /// Renders the sample capture.
    public static func render() -> SimulatedCapture {
        SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: seed)
    }

    /// Writes it as a Stray Scanner folder with a TRUTH.md beside the data.
    public static func write(to folder: URL) throws(DimensioningError) {
        let simulated = render()
        try StrayScannerWriter.write(simulated.capture, to: folder)
        let truth = """
        # \(name): a synthetic capture with known dimensions

        Rendered by BoxDimensioning's LiDAR simulator (`boxdim simulate --sample <folder>`, seed \(seed)),
        not recorded by a device. Stray Scanner layout: 20 depth frames (256x192, 16-bit mm PNG),
        confidence maps, camera_matrix.csv for a 1920x1440 RGB camera, odometry.csv (ARKit world).

        | dimension | truth |
        |-----------|-------|
        | length    | 400.0 mm |
        | width     | 300.0 mm |
        | height    | 250.0 mm |

        Scene: \(simulated.summary). Noise: the simulator's iPhone LiDAR model (depth noise growing
        with distance, correlated noise, scale bias, mm quantisation, flying pixels, dropouts).
        """
        do {
            try Data(truth.utf8).write(to: folder.appendingPathComponent("TRUTH.md"), options: .atomic)
        } catch {
            throw .unreadableCapture(file: folder.appendingPathComponent("TRUTH.md").path, reason: "cannot write: \(error.localizedDescription)")
        }
    }
}
