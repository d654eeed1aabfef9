import Foundation
import Testing
import TestSupport
@testable import Dimensioning
@testable import DimensioningReaders
@testable import DimensioningSimulation

/// The floor fitted around the box, not over the whole view: a real Kinect carton frame with
/// a time-of-flight-like periphery error added (depth grows or shrinks with the squared
/// distance from the image centre, up to `bend` metres at 400 px) is still measured, its
/// height within 3 mm of the undistorted frame's (the whole-view plane puts it up to 7 mm off).
/// The object nearest the image centre is the open laptop beside the carton: at a -15 mm bend
/// the top edge of its screen (3 cm wide) once passed as a flat top and the laptop was refused
/// as "5 objects"; a top narrower than any box is now passed over, and the carton is measured
/// on the floor fitted around itself.
@Suite struct LocalFloorTests {
    static func bent(_ capture: DepthCapture, by bend: Double) throws -> DepthCapture {
        var out = capture
        let cloud = try #require(capture.cloud)
        let index = try #require(cloud.pixelIndex)
        var points = cloud.pointsInCamera
        for i in 0..<points.count {
            let u = Double(Int(index[i]) % cloud.gridWidth) - 320, v = Double(Int(index[i]) / cloud.gridWidth) - 240
            let p = points[i]
            let scale = (p.z + bend * (u * u + v * v) / (400 * 400)) / p.z
            for k in 0..<3 { points.xyz[3 * i + k] = Float(Double(points.xyz[3 * i + k]) * scale) }
        }
        out.cloud?.pointsInCamera = points
        return out
    }

    @Test(arguments: [-0.035, -0.025, -0.015, -0.005, 0.005, 0.015, 0.025, 0.035])
    func aBentFloorStillMeasuresTheCarton(bend: Double) throws {
        guard let file = RealFixtures.pcdFiles("pcl-box-on-carpet").first else { return }
        let capture = try CaptureReader.read(file)
        let flat = try runPipeline(capture)
        let bentCapture = try Self.bent(capture, by: bend)
        let result = try runPipeline(bentCapture)
        #expect(abs(result.cuboid.height - flat.cuboid.height) <= 0.003,
                "height \(result.cuboid.height) with a \(bend) m bend, \(flat.cuboid.height) without")
        #expect(abs(result.cuboid.length - flat.cuboid.length) <= 0.006 && abs(result.cuboid.width - flat.cuboid.width) <= 0.006,
                "\(result.cuboid.length) x \(result.cuboid.width), flat \(flat.cuboid.length) x \(flat.cuboid.width)")
    }

    /// On a flat floor the local fit changes nothing: the simulator's box measures as before
    /// within 0.5 mm of its true height.
    @Test func aFlatFloorKeepsItsPlane() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let capture = PipelineTest.clean(box, frames: 1).capture
        let scene = try fuseFrames(capture)
        let floor = try fitFloor(scene)
        let candidate = try isolateBox(scene, floor: floor)
        let local = try #require(localFloor(scene, floor: floor, box: candidate, parameters: FloorParameters()))
        #expect(!floorsDiffer(local, floor, at: scene.pointsInWorld[candidate.pointIndices[0]]))
        let result = try runPipeline(capture)
        #expect(abs(result.cuboid.height - 0.25) <= 0.0005, "height \(result.cuboid.height)")
    }
}
