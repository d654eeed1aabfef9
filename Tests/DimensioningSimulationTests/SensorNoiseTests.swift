import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

@Suite struct SimulationSensorNoiseTests {
    static let boxScene = SimulatedScene(target: SimTest.box)
    static let boxRig = CameraRig(distance: 0.9, elevation: 45 * SimTest.deg, azimuth: 0.7, frameCount: 4)

    /// Same seed: bit-identical depth and confidence; another seed: different depth.
    @Test func seedDeterminism() {
        let a = SceneSimulator.render(scene: Self.boxScene, rig: Self.boxRig, noise: .iPhoneLiDAR, seed: 99)
        let b = SceneSimulator.render(scene: Self.boxScene, rig: Self.boxRig, noise: .iPhoneLiDAR, seed: 99)
        let c = SceneSimulator.render(scene: Self.boxScene, rig: Self.boxRig, noise: .iPhoneLiDAR, seed: 100)
        for k in 0..<Self.boxRig.frameCount {
            #expect(a.capture.frames[k].depth.map(\.bitPattern) == b.capture.frames[k].depth.map(\.bitPattern))
            #expect(a.capture.frames[k].confidence == b.capture.frames[k].confidence)
            #expect(a.capture.frames[k].worldFromCamera == b.capture.frames[k].worldFromCamera)
            #expect(a.capture.frames[k].depth != c.capture.frames[k].depth)
        }
        let expectedTimes: [Double] = [0, 1.0 / 60, 2.0 / 60, 3.0 / 60]
        #expect(a.capture.frames.map(\.timestamp) == expectedTimes)
    }

    /// A flat floor 1 m straight below: the per-frame spread of depth over all pixels is within
    /// 30 % of the model's total sigma at 1 m; the mean is within the 0.3 % scale bias (plus
    /// 1 mm); the 12-frame average keeps at least the static correlated part (within 30 %).
    @Test func flatFloorSigma() {
        let model = SensorNoiseModel.iPhoneLiDAR
        let rig = CameraRig(distance: 1.0, elevation: .pi / 2, lookAt: .zero, frameCount: 12).steady()
        let sim = SceneSimulator.render(scene: .floorOnly(), rig: rig, noise: model, seed: 8)
        let expected = model.totalSigma(atDepth: 1.0)
        var sum = [Double](repeating: 0, count: 256 * 192), count = [Double](repeating: 0, count: 256 * 192)
        for frame in sim.capture.frames {
            let valid = frame.depth.filter { $0 > 0 }.map(Double.init)
            #expect(valid.count > 256 * 192 * 99 / 100)
            let sd = SimTest.standardDeviation(valid)
            #expect(abs(sd - expected) < 0.3 * expected, "sd \(sd) vs model \(expected)")
            #expect(abs(SimTest.mean(valid) - 1.0) < model.depthScaleBiasLimit + 0.001)
            for (i, z) in frame.depth.enumerated() where z > 0 { sum[i] += Double(z); count[i] += 1 }
        }
        let averaged = zip(sum, count).filter { $0.1 > 0 }.map { $0.0 / $0.1 }
        let c = model.correlatedSigma(atDepth: 1), w = model.whiteSigma(atDepth: 1), n = 12.0
        let rho = model.correlatedStaticFraction
        let expectedAverage = (rho * c * c + ((1 - rho) * c * c + w * w) / n).squareRoot()
        let sdAverage = SimTest.standardDeviation(averaged)
        #expect(abs(sdAverage - expectedAverage) < 0.3 * expectedAverage, "avg sd \(sdAverage) vs \(expectedAverage)")
    }

    /// Depths are whole millimetres with the realistic model.
    @Test func millimetreQuantisation() {
        let sim = SceneSimulator.render(scene: Self.boxScene, rig: Self.boxRig, noise: .iPhoneLiDAR, seed: 4)
        for z in sim.capture.frames[0].depth where z > 0 {
            let mm = Double(z) * 1000
            #expect(abs(mm - mm.rounded()) < 1e-3)
        }
    }

    /// Flying pixels: some pixels at the box silhouette take depths more than 3 cm from the
    /// exact value (12 sigma of the noise here); all such pixels have confidence below 2 and
    /// lie next to a depth discontinuity of the exact image.
    @Test func flyingPixelsAtSilhouette() {
        let sim = SceneSimulator.render(scene: Self.boxScene, rig: Self.boxRig, noise: .iPhoneLiDAR, seed: 21)
        let exact = SceneSimulator.renderExact(scene: Self.boxScene, rig: Self.boxRig, seed: 21)
        let band = SensorNoiseModel.iPhoneLiDAR
        var flying = 0
        for (k, frame) in sim.capture.frames.enumerated() {
            let near = band.flyingBand(exact[k].depth, width: 256, height: 192)
            for i in 0..<frame.depth.count where frame.depth[i] > 0 && exact[k].depth[i] > 0 {
                guard abs(Double(frame.depth[i]) - exact[k].depth[i]) > 0.03 else { continue }
                flying += 1
                #expect(frame.confidence![i] < 2)
                #expect(near[i] != nil)
            }
        }
        #expect(flying > 40)
    }

    /// Grazing floor pixels (incidence > 80 degrees) get confidence 0, those over 70 at most 1.
    @Test func grazingConfidence() {
        let rig = CameraRig(distance: 1.0, elevation: 30 * SimTest.deg, lookAt: .zero, frameCount: 1)
        let sim = SceneSimulator.render(scene: .floorOnly(), rig: rig, noise: .iPhoneLiDAR, seed: 6)
        let exact = SceneSimulator.renderExact(scene: .floorOnly(), rig: rig, seed: 6)[0]
        var low = 0
        for i in 0..<exact.depth.count where sim.capture.frames[0].depth[i] > 0 {
            let angle = acos(Double(exact.cosIncidence[i])) / SimTest.deg
            let conf = sim.capture.frames[0].confidence![i]
            if angle > 80.01 { #expect(conf == 0); low += 1 }
            if angle > 70.01 { #expect(conf <= 1) }
        }
        #expect(low > 0)
    }

    /// Dark boxes lose far more pixels than matte ones (model: 40 % vs 0.1 %).
    @Test func darkSurfaceDropouts() {
        var dark = SimTest.box
        dark.surface = .dark
        func dropoutRate(_ scene: SimulatedScene) -> Double {
            let rig = CameraRig(distance: 0.9, elevation: 60 * SimTest.deg, frameCount: 2)
            let sim = SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: 12)
            let exact = SceneSimulator.renderExact(scene: scene, rig: rig, seed: 12)
            var total = 0, dropped = 0
            for k in 0..<2 {
                for i in 0..<exact[k].depth.count where exact[k].objectID[i] == RenderedDepth.targetID {
                    total += 1
                    if sim.capture.frames[k].depth[i] == 0 { dropped += 1 }
                }
            }
            return Double(dropped) / Double(total)
        }
        let darkRate = dropoutRate(SimulatedScene(target: dark))
        let matteRate = dropoutRate(Self.boxScene)
        #expect(darkRate > 0.3 && darkRate < 0.5)
        #expect(matteRate < 0.01)
    }
}

/// `RangeBend`: nothing moves before its start; beyond it, depth grows by the square of the excess.
@Suite struct RangeBendTests {
    @Test func depthBeyondTheStartMovesByTheSquareOfTheExcess() {
        let bend = RangeBend(start: 1.2, perSquareMetre: 0.05)
        let bent = bend.applied(to: [0, 1.0, 1.2, 1.5, 2.0])
        let expected = [0, 1.0, 1.2, 1.5 + 0.05 * 0.09, 2.0 + 0.05 * 0.64]
        for (b, e) in zip(bent, expected) { #expect(abs(b - e) < 1e-12, "\(b) against \(e)") }
    }
}
