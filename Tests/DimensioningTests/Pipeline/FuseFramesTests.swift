import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Frame fusion: geometry, noise reduction, confidence and degenerate input.
@Suite struct FuseFramesTests {
    private let intrinsics = CameraIntrinsics(fx: 200, fy: 200, cx: 31.5, cy: 23.5, width: 64, height: 48)

    private func frame(depth: Float, confidence: UInt8 = 2, pose: RigidTransform? = nil) -> DepthFrame {
        DepthFrame(width: 64, height: 48, depth: [Float](repeating: depth, count: 64 * 48),
                   confidence: [UInt8](repeating: confidence, count: 64 * 48), intrinsics: intrinsics,
                   worldFromCamera: pose, timestamp: 0)
    }

    @Test func aFlatWallAtOneMetreStaysAtOneMetre() throws {
        let capture = DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [frame(depth: 1.0), frame(depth: 1.0)],
                                   gravityInWorld: nil)
        let scene = try fuseFrames(capture)
        #expect(scene.pointsInWorld.count == 64 * 48)
        for i in stride(from: 0, to: scene.pointsInWorld.count, by: 97) {
            #expect(abs(scene.pointsInWorld[i].z - 1.0) < 1e-6)
        }
        #expect(scene.gravityInWorld == nil)
    }

    @Test func posesBringFramesIntoTheWorld() throws {
        // Camera 1 m above the floor looking straight down (camera z = world -z).
        let down = RigidTransform(rows: [SIMD3(1, 0, 0), SIMD3(0, -1, 0), SIMD3(0, 0, -1)], translation: SIMD3(0, 0, 1))
        let capture = DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [frame(depth: 1.0, pose: down)],
                                   gravityInWorld: SIMD3(0, 0, -1))
        let scene = try fuseFrames(capture)
        let zs = (0..<scene.pointsInWorld.count).map { scene.pointsInWorld[$0].z }
        #expect(zs.allSatisfy { abs($0) < 1e-6 })
        #expect(scene.gravityInWorld == SIMD3(0, 0, -1))
    }

    @Test func lowConfidencePixelsAreDropped() {
        let capture = DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [frame(depth: 1.0, confidence: 0)],
                                   gravityInWorld: nil)
        #expect(throws: DimensioningError.self) { try fuseFrames(capture) }
    }

    @Test func averagingFramesReducesNoise() throws {
        // The same floor in 20 noisy frames versus 1: the fused floor is flatter.
        let single = PipelineTest.noisy(SimulatedBox(center: SIMD2(3, 3), length: 0.2, width: 0.2, height: 0.2), frames: 1, seed: 3)
        let many = PipelineTest.noisy(SimulatedBox(center: SIMD2(3, 3), length: 0.2, width: 0.2, height: 0.2), frames: 20, seed: 3)
        func floorSigma(_ capture: DepthCapture) throws -> Double {
            let scene = try fuseFrames(capture)
            let zs = (0..<scene.pointsInWorld.count).map { scene.pointsInWorld[$0].z }.filter { abs($0) < 0.02 }
            return Statistics.standardDeviation(zs)!
        }
        let one = try floorSigma(single.capture), twenty = try floorSigma(many.capture)
        #expect(twenty < 0.8 * one, "fused sigma \(twenty) m vs single-frame \(one) m")
    }

    @Test func aFlyingPixelBetweenTwoDepthsIsRemoved() throws {
        var f = frame(depth: 1.0)
        for y in 0..<48 { for x in 33..<64 { f.depth[y * 64 + x] = 1.5 } }
        for y in 0..<48 { f.depth[y * 64 + 32] = 1.25 } // a column of mixed pixels
        let scene = try fuseFrames(DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [f], gravityInWorld: nil))
        let zs = (0..<scene.pointsInWorld.count).map { scene.pointsInWorld[$0].z }
        #expect(!zs.contains { abs($0 - 1.25) < 0.01 })
        #expect(zs.filter { abs($0 - 1.0) < 1e-6 }.count == 32 * 48)
    }

    @Test func degenerateCapturesAreRefused() {
        let empty = DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [], gravityInWorld: nil)
        #expect(throws: DimensioningError.noDepth(reason: "the capture has no frames")) { try fuseFrames(empty) }
        let zero = DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [frame(depth: 0)], gravityInWorld: nil)
        do { _ = try fuseFrames(zero); Issue.record("expected no depth") } catch { #expect(error.code == "no_depth") }
        let nan = DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [frame(depth: .nan)], gravityInWorld: nil)
        do { _ = try fuseFrames(nan); Issue.record("expected no depth") } catch { #expect(error.code == "no_depth") }
        var small = frame(depth: 1)
        small.width = 32; small.height = 24; small.depth = [Float](repeating: 1, count: 32 * 24); small.confidence = nil
        let mixed = DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [frame(depth: 1), small, frame(depth: 1)],
                                 gravityInWorld: nil)
        do { _ = try fuseFrames(mixed); Issue.record("expected no depth") } catch { #expect(error.code == "no_depth") }
    }
}

extension FuseFramesTests {
    @Test func moreSamplesThanTheBinnerCountsAreRefusedNotTrapped() {
        // 70,000 one-pixel frames: more frames than the binner numbers in 16 bits.
        let k = CameraIntrinsics(fx: 1, fy: 1, cx: 0, cy: 0, width: 1, height: 1)
        let frame = DepthFrame(width: 1, height: 1, depth: [1], confidence: nil, intrinsics: k,
                               worldFromCamera: nil, timestamp: 0)
        var parameters = FusionParameters()
        parameters.maximumFrames = 100_000
        let capture = DepthCapture(source: URL(fileURLWithPath: "/t"), frames: [DepthFrame](repeating: frame, count: 70_000),
                                   gravityInWorld: nil)
        do {
            _ = try fuseFrames(capture, parameters: parameters)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.code == "unsupported")
        }
    }
}
