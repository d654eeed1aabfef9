import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders
import TestSupport

/// Real OAK-D stereo clouds (Tests/Fixtures/real/luxonis-oak, MIT): a box on a floor that bends
/// away from its near part with range, 3-17 cm under the near floor's plane at 1.5-2.3 m.
@Suite struct StereoFloorTests {
    @Test func aFloorThatBendsWithRangeIsStillTheFloor() throws {
        // Before: "no ground plane: the largest plane has 17 % of the points below it".
        let result = try measureCapture(at: try TestPaths.oakCloud("example_2"))
        #expect((0.08...0.13).contains(result.cuboid.height), "height \(result.cuboid.height) m")
        #expect((0.20...0.33).contains(result.cuboid.length) && (0.18...0.30).contains(result.cuboid.width),
                "\(result.cuboid.length) x \(result.cuboid.width) m")
        #expect(result.uncertainty.sensorClass == .unknown, "a point cloud names no camera")
        #expect(!result.fitsTolerance, "a stereo cloud without a profile is not known to 10 mm")
    }

    /// `measure --all` on a carton on the bent floor: the carton measured, and the bump a few
    /// centimetres high on the far floor listed as too low for a box (its height, under the 6 cm
    /// the engine measures), not as "not a cuboid".
    @Test func aBumpOfTheFarFloorIsListedAsTooLowForABox() throws {
        let scene = try measureAllBoxes(try CaptureReader.read(try TestPaths.oakCloud("example_1")))
        let measured = scene.boxes.compactMap { try? $0.outcome.get() }
        #expect(measured.count == 1)
        #expect(measured.allSatisfy { (0.08...0.13).contains($0.height) }, "\(MeasureAllBoxesTests.summary(scene))")
        for box in scene.boxes {
            guard case let .failure(error) = box.outcome else { continue }
            guard case let .boxTooSmall(size, side, minimum, _) = error else {
                Issue.record("refused as \(error)")
                continue
            }
            #expect(size == .height && side > 0 && side < minimum && minimum == 0.06, "\(size) \(side) m of at least \(minimum) m")
        }
    }

    @Test func theCameraFrameIsFoundDespiteTheFloorsBend() throws {
        // Before: the bent far floor outnumbered the box above the floor, the floor's "up" was
        // taken from it, the origin was then under the floor and the clouds were read as world
        // frames (one refused as a 1.6 m object whose outline steps).
        for name in ["example_1", "example_4", "calibration_calibration"] {
            let capture = try CaptureReader.read(try TestPaths.oakCloud(name))
            #expect(capture.input?.convention == .opengl, "\(name): \(String(describing: capture.input?.convention))")
        }
    }

    @Test func theSameCartonSeenTwiceAgreesWithinItsUncertainty() throws {
        let a = try measureCapture(at: try TestPaths.oakCloud("example_4"))
        let b = try measureCapture(at: try TestPaths.oakCloud("calibration_box"))
        let ua = a.uncertainty.expanded, ub = b.uncertainty.expanded
        let da = [a.cuboid.length, a.cuboid.width], db = [b.cuboid.length, b.cuboid.width]
        for d in 0..<2 {
            // Two independent measurements of one size differ by less than their combined U.
            #expect(abs(da[d] - db[d]) <= (ua[d] * ua[d] + ub[d] * ub[d]).squareRoot(), "dimension \(d): \(da[d]) vs \(db[d])")
        }
        #expect((0.60...0.68).contains(a.cuboid.length) && (0.38...0.43).contains(a.cuboid.width))
    }

    @Test func bothViewsOfTheSmallCartonAgreeWithinTheirUncertainty() throws {
        // example_1 was refused twice over: read as a world frame, then "the top's outline steps"
        // (what its step shows stands above the floor: measured as the enclosing cuboid).
        let a = try measureCapture(at: try TestPaths.oakCloud("example_1"))
        let b = try measureCapture(at: try TestPaths.oakCloud("example_2"))
        let ma = [a.cuboid.length, a.cuboid.width, a.cuboid.height], mb = [b.cuboid.length, b.cuboid.width, b.cuboid.height]
        let ua = a.uncertainty.expanded, ub = b.uncertainty.expanded
        for d in 0..<3 {
            #expect(abs(ma[d] - mb[d]) <= (ua[d] * ua[d] + ub[d] * ub[d]).squareRoot(), "dimension \(d): \(ma[d]) vs \(mb[d])")
        }
    }

    @Test func theBareFloorIsNoBox() {
        #expect {
            _ = try measureCapture(at: try TestPaths.oakCloud("calibration_calibration"))
        } throws: { error in
            (error as? DimensioningError)?.code == "no_box"
        }
    }
}
