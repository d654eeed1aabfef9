import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

@Suite struct SimulationCameraRigTests {
    /// The nominal camera sits at lookAt + distance * (cos el cos az, cos el sin az, sin el),
    /// its optical axis through the look-at point, image x horizontal, image y pointing down.
    @Test func nominalPoseGeometry() {
        let el = 40 * SimTest.deg, az = 2.3
        let target = SIMD3(0.2, -0.1, 0.15)
        let rig = CameraRig(distance: 1.1, elevation: el, azimuth: az, lookAt: target)
        let pose = rig.nominalPose(frame: 0, lookingAt: target)
        let expected = target + 1.1 * SIMD3(cos(el) * cos(az), cos(el) * sin(az), sin(el))
        #expect(((pose.translation - expected) * (pose.translation - expected)).sum().squareRoot() < 1e-12)
        let axisPoint = pose.apply(SIMD3(0, 0, 1.1))
        #expect(((axisPoint - target) * (axisPoint - target)).sum().squareRoot() < 1e-12)
        #expect(abs(pose.column(0).z) < 1e-12)
        #expect(pose.column(1).z < 0)
        // A proper rotation: x cross y = z.
        let z = simCross(pose.column(0), pose.column(1))
        #expect(((z - pose.column(2)) * (z - pose.column(2))).sum().squareRoot() < 1e-12)
    }

    /// Tremor moves the real pose a little each frame (random walk of 1 mm steps); the recorded
    /// pose differs from the real one by about the recording error (0.5 mm per axis: RMS 3D
    /// error within 30 % of 0.5 mm * sqrt(3) over 60 frames).
    @Test func tremorAndRecordingError() {
        let rig = CameraRig(distance: 0.8, elevation: 50 * SimTest.deg, frameCount: 60)
        var g = SeededGenerator(seed: 77)
        let poses = rig.poses(for: SimulatedScene(target: SimTest.box), using: &g)
        var sumSquares = 0.0
        for k in 0..<60 {
            let e = poses.recordedPoses[k].translation - poses.truePoses[k].translation
            sumSquares += (e * e).sum()
            if k > 0 {
                let step = poses.truePoses[k].translation - poses.truePoses[k - 1].translation
                let length = (step * step).sum().squareRoot()
                #expect(length > 0 && length < 0.01)
            }
        }
        let rms = (sumSquares / 60).squareRoot()
        let expected = 0.0005 * 3.0.squareRoot()
        #expect(abs(rms - expected) < 0.3 * expected, "rms \(rms)")
    }

    /// Scenes, rigs and noise models survive a JSON round trip (for labelled datasets).
    @Test func codableRoundTrip() throws {
        let s = ScenarioCatalog.scenario(index: 9, seed: 5)
        let enc = JSONEncoder(), dec = JSONDecoder()
        #expect(try dec.decode(SimulatedScene.self, from: enc.encode(s.scene)) == s.scene)
        #expect(try dec.decode(CameraRig.self, from: enc.encode(s.rig)) == s.rig)
        #expect(try dec.decode(SensorNoiseModel.self, from: enc.encode(SensorNoiseModel.iPhoneLiDAR)) == .iPhoneLiDAR)
        #expect(try dec.decode(SensorNoiseModel.self, from: enc.encode(SensorNoiseModel.none)) == SensorNoiseModel.none)
        #expect(try dec.decode(BoxGroundTruth.self, from: enc.encode(s.scene.groundTruth)) == s.scene.groundTruth)
    }

    /// Boxes given with width > length are stored with length >= width, same footprint.
    @Test func boxNormalisesSides() {
        let b = SimulatedBox(center: .zero, length: 0.2, width: 0.5, height: 0.3, yaw: 0)
        #expect(b.length == 0.5 && b.width == 0.2)
        #expect(b.contains(SIMD3(0.09, 0.24, 0.1)) && !b.contains(SIMD3(0.24, 0.09, 0.1)))
    }
}
