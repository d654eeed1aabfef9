import Foundation
import Testing
@testable import Dimensioning

/// The live analysis on hand-made frames: a camera 1 m above the floor looking straight down
/// at a box top 0.5 m high that fills the view except a ring of floor `ring` pixels wide.
@Suite struct LiveFrameAnalyzerTests {
    static func topDownFrame(ring: Int, pose: Bool = true) -> DepthFrame {
        let k = CameraIntrinsics.iPhoneLiDARDepth
        var depth = [Float](repeating: 0.5, count: k.width * k.height)
        for y in 0..<k.height {
            for x in 0..<k.width where x < ring || y < ring || x >= k.width - ring || y >= k.height - ring {
                depth[y * k.width + x] = 1.0
            }
        }
        let down = RigidTransform(rows: [SIMD3(1, 0, 0), SIMD3(0, -1, 0), SIMD3(0, 0, -1)], translation: SIMD3(0, 0, 1))
        return DepthFrame(width: k.width, height: k.height, depth: depth, confidence: nil, intrinsics: k,
                          worldFromCamera: pose ? down : nil, timestamp: 0)
    }

    @Test func aPlaneWithManyPointsBelowItIsABoxTopNotTheFloor() throws {
        var analyzer = LiveFrameAnalyzer()
        let analysis = analyzer.analyze(Self.topDownFrame(ring: 4))
        #expect(analysis.floor == nil)
        let reason = try #require(analysis.floorRejection)
        #expect(reason.contains("not the floor"))

        let session = try DimensioningSession()
        for _ in 0..<5 { session.process(Self.topDownFrame(ring: 4)) }
        #expect(session.phase == .initializing)
        session.finish()
        #expect(session.phase.error?.code == "no_ground_plane")
    }

    @Test func enoughFloorAroundTheBoxIsTheFloorAndTheBoxIsDetected() throws {
        var analyzer = LiveFrameAnalyzer()
        let analysis = analyzer.analyze(Self.topDownFrame(ring: 16))
        let floor = try #require(analysis.floor)
        #expect(abs(floor.height) < 1e-6)
        #expect(floor.up == SIMD3(0, 0, 1))
        let box = try #require(analysis.detections.first)
        #expect(abs(box.maximumHeight - 0.5) < 1e-6)
        #expect(abs(box.distance - 0.5) < 0.01)
        #expect(box.rect.x > 0 && box.rect.x < 0.1 && box.rect.width > 0.8)
    }

    @Test func withoutAPoseUpComesFromTheLargestPlane() throws {
        var analyzer = LiveFrameAnalyzer()
        let analysis = analyzer.analyze(Self.topDownFrame(ring: 16, pose: false))
        let floor = try #require(analysis.floor)
        // Camera frame: up points back toward the camera (-z), the floor 1 m away.
        #expect(abs(floor.up.z + 1) < 1e-3)
        #expect(abs(floor.height + 1) < 0.01)
        #expect(analysis.detections.count == 1)
    }

    @Test func emptyDepthFindsNothing() {
        var frame = Self.topDownFrame(ring: 0)
        frame.depth = [Float](repeating: 0, count: frame.depth.count)
        var analyzer = LiveFrameAnalyzer()
        let analysis = analyzer.analyze(frame)
        #expect(analysis.floor == nil && analysis.detections.isEmpty)
    }
}
