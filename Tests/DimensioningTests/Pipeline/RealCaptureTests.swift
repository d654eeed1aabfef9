import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders
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
            #expect(!r.isAccepted())
            #expect(r.agreement == nil)
        }
    }

    @Test func theMilkCartonSceneIsRefusedOrLow() throws {
        let milkCarton = try TestPaths.milkCarton
        do {
            let result = try measureCapture(at: milkCarton)
            #expect(!result.isAccepted(), "accepted at \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
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

    /// Five box-like objects on a table, no floor in view, a merged world-frame cloud: the object
    /// is measured on the table (its base at the table's height, z = 0.034 m in the file), not
    /// refused for want of a floor, and its ± U says a cloud naming no camera is known to centimetres.
    @Test func anObjectOnTheTableIsMeasuredOnTheTable() throws {
        let capture = try CaptureReader.read(try TestPaths.rosiTable)
        #expect(capture.input?.convention == .zUp)
        let result = try runPipeline(capture)
        let record = MeasurementRecord(capture: "table", outcome: .success(result), units: .millimeters,
                                       minConfidence: 0.85, input: capture.input)
        let pose = try #require(record.pose)
        let base = pose.centerMeters[2] - result.cuboid.height / 2
        #expect(abs(base - 0.034) < 0.008, "the object's base at z = \(base) m, the table at 0.034 m")
        #expect(abs(pose.upAxis[2]) > 0.99, "up is the file's z: \(pose.upAxis)")
        #expect(result.cuboid.height > 0.05 && result.cuboid.height < 0.3, "height \(result.cuboid.height) m")
        #expect(result.uncertainty.sensorClass == .unknown && !result.fitsTolerance)
    }

    /// Every object on the ROS-Industrial table is listed by `measureAllBoxes`: the one box the
    /// engine can measure (about 166 x 166 x 161 mm), and each of the others refused for a size
    /// its own points show (tops 3.6-6.6 cm across, one 4.4 and one 5.7 cm tall: under the
    /// 10 x 6 cm the engine measures) or its shape, or measured, never accepted, where its U
    /// does not place it under the minimum (`Undersize`: a 6.4-cm top of this sparse cloud,
    /// whose sides are known to 11 cm). A narrow, sparsely sampled top once came out with sides
    /// placed past each other (a width of -19 cm) behind a "0 % flat" refusal.
    @Test func everyObjectOnTheTableIsListedWithATrueSize() throws {
        let capture = try CaptureReader.read(try TestPaths.rosiTable)
        let scene = try measureAllBoxes(capture)
        let measured = scene.boxes.compactMap { try? $0.outcome.get() }
        let boxes = measured.filter { abs($0.height - 0.161) < 0.01 }
        #expect(boxes.count == 1, "\(MeasureAllBoxesTests.summary(scene))")
        if let box = boxes.first {
            #expect(abs(box.length - 0.166) < 0.02 && abs(box.width - 0.166) < 0.02, "\(box.length) x \(box.width) m")
        }
        let minimum = PipelineParameters().envelope.minimumSide
        for other in measured where abs(other.height - 0.161) >= 0.01 {
            let u = other.uncertainty.expanded[1]
            #expect(!other.isAccepted(minimumConfidence: 0.85) && other.width < minimum && other.width + u >= minimum,
                    "\(other.width) m wide at U \(u) m")
        }
        #expect(measured.count <= 2, "\(MeasureAllBoxesTests.summary(scene))")
        #expect(scene.boxes.count >= 5, "\(MeasureAllBoxesTests.summary(scene))")
        var tooSmall = 0
        for box in scene.boxes {
            guard case let .failure(error) = box.outcome else { continue }
            switch error {
            case let .boxTooSmall(_, side, minimum, u):
                tooSmall += 1
                #expect(side > 0.02 && side + u < minimum, "smallest side \(side) m, U \(u) m, of at least \(minimum) m")
            case let .notCuboid(reason):
                #expect(!reason.contains("0 %"), "\(reason)")
            default:
                Issue.record("unexpected refusal: \(error)")
            }
        }
        #expect(tooSmall >= 4, "\(MeasureAllBoxesTests.summary(scene))")
    }
}
