import Foundation
import Testing
@testable import Dimensioning
import TestSupport

/// The real PCL captures vendored in Tests/Fixtures/real (Kinect-class, 640x480, no gravity).
@Suite struct RealCaptureTests {
    @Test func theThreeCartonFramesAgreeWithinFiveMillimetres() throws {
        let frames = try TestPaths.cartonFrames
        let results = try frames.map { try measureCapture(at: $0) }
        for (name, values) in [("length", results.map(\.cuboid.length)), ("width", results.map(\.cuboid.width)),
                               ("height", results.map(\.cuboid.height))] {
            #expect(values.max()! - values.min()! <= 0.005, "\(name) spread \(values)")
        }
        // It is the carton (about 25 x 17 x 9 cm, a rough outside estimate), not the laptop.
        for r in results {
            #expect((0.23...0.27).contains(r.cuboid.length), "length \(r.cuboid.length)")
            #expect((0.15...0.18).contains(r.cuboid.width), "width \(r.cuboid.width)")
            #expect((0.075...0.10).contains(r.cuboid.height), "height \(r.cuboid.height)")
            // One frame, no gravity: measured, but not trusted for unattended use.
            #expect(r.confidence.combined < 0.85)
            #expect(r.agreement == nil)
        }
    }

    @Test func theMilkCartonSceneIsRefusedOrLow() throws {
        let milkCarton = try TestPaths.milkCarton
        do {
            let result = try measureCapture(at: milkCarton)
            #expect(result.confidence.combined < 0.85, "accepted at \(result.confidence.combined)")
        } catch {
            #expect(["not_cuboid", "several_boxes", "box_too_small", "no_box"].contains(error.code), "\(error)")
        }
    }

    @Test func intrinsicsAreRecoveredFromTheOrganizedCloud() throws {
        let capture = try CaptureReader.read(try TestPaths.cartonFrames[0])
        let scene = try fuseFrames(capture)
        let k = try #require(scene.intrinsics)
        // The .xml beside the frame states fx = fy = 525, cx = 320, cy = 240.
        #expect(abs(k.fx - 525) < 0.5 && abs(k.fy - 525) < 0.5)
        #expect(abs(k.cx - 320) < 0.5 && abs(k.cy - 240) < 0.5)
    }
}
