import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A box's lid has four straight sides: a top whose outline steps in (two boxes of one height
/// side by side) is not one cuboid, while a sensor's edge band (the whole side inset by a few
/// pixels) and a hole in the data (a glossy patch) are not steps.
@Suite struct OutlineStepTests {
    /// Samples every 5 mm over the part of a 600 x 300 mm rectangle (centred at the origin,
    /// metres) for which `keep` is true.
    private func samples(_ keep: (SIMD2<Double>) -> Bool) -> [SIMD2<Double>] {
        PipelineTest.grid(from: SIMD2(-0.3, -0.15), step: 0.005, steps: (120, 60), keep: keep)
    }

    private let footprint = Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: 0.3, halfB: 0.15)
    private let pixels = [0.005, 0.005, 0.005, 0.005]

    /// A T-shaped top: a 300 x 300 mm box beside a 300 x 200 mm one. The +B side steps in by
    /// 50 mm along the narrower box (x > 0), where the floor is seen.
    private func notchedTop() -> [SIMD2<Double>] { samples { $0.x <= 0 || abs($0.y) <= 0.1 } }
    private func floorInNotch() -> [SIMD2<Double>] {
        samples { $0.x > 0.01 && abs($0.y) > 0.105 }
    }

    @Test func aStraightOutlineHasNoStep() {
        let evidence = OutlineEvidence(topPoints: samples { _ in true }, pastTop: samples { abs($0.y) > 0.16 })
        #expect(outlineStep(evidence, footprint: footprint, pixelFootprints: pixels, parameters: ShapeParameters()) == nil)
    }

    @Test func aBandOverTheWholeSideIsNoStep() {
        // Every side inset by 15 mm (three pixels of band), floor seen all along the gap.
        let top = samples { abs($0.x) <= 0.285 && abs($0.y) <= 0.135 }
        let floor = samples { abs($0.x) > 0.29 || abs($0.y) > 0.14 }
        let evidence = OutlineEvidence(topPoints: top, pastTop: floor)
        #expect(outlineStep(evidence, footprint: footprint, pixelFootprints: pixels, parameters: ShapeParameters()) == nil)
    }

    @Test func twoBoxesOfOneHeightStepWhereTheNarrowerBegins() {
        let evidence = OutlineEvidence(topPoints: notchedTop(), pastTop: floorInNotch())
        guard let step = outlineStep(evidence, footprint: footprint, pixelFootprints: pixels, parameters: ShapeParameters())
        else { Issue.record("no step found in a T-shaped top"); return }
        #expect(step.side == 2 || step.side == 3, "side \(step.side)")
        #expect(abs(step.depth - 0.05) <= 0.006, "depth \(step.depth) m")
        // The notch runs from x = 0 to the corner margin at x = 0.27: 270 mm of 540.
        #expect(abs(step.length - 0.27) <= 0.025, "length \(step.length) m")
        #expect(abs(step.sideLength - 0.54) <= 1e-9)
    }

    @Test func aHoleInTheDataIsNoStep() {
        // The same missing samples, but nothing seen below the top there: no returns.
        let evidence = OutlineEvidence(topPoints: notchedTop(), pastTop: [])
        #expect(outlineStep(evidence, footprint: footprint, pixelFootprints: pixels, parameters: ShapeParameters()) == nil)
    }

    @Test func aStepSmallerThanThreePixelsIsTheSensors() {
        // A 12-mm step where a pixel covers 8 mm: within the band a sensor can leave.
        let top = samples { $0.x <= 0 || abs($0.y) <= 0.138 }
        let floor = samples { $0.x > 0.01 && abs($0.y) > 0.142 }
        let evidence = OutlineEvidence(topPoints: top, pastTop: floor)
        #expect(outlineStep(evidence, footprint: footprint, pixelFootprints: [0.008, 0.008, 0.008, 0.008],
                            parameters: ShapeParameters()) == nil)
    }

    /// End to end: a 340 x 300 x 230 mm box touching a 300 x 200 x 232 mm one along its length,
    /// seen from 0.85 m at 73 degrees by the iPhone model. One top plane, a T-shaped outline:
    /// refused as not a cuboid, where the box alone is measured.
    @Test func touchingBoxesOfOneHeightAreRefusedAndTheBoxAloneIsMeasured() throws {
        let target = SimulatedBox(center: .zero, length: 0.34, width: 0.30, height: 0.23, yaw: 0.4)
        let axis = SIMD2(cos(0.4), sin(0.4))
        let other = SimulatedBox(center: axis * 0.32, length: 0.30, width: 0.20, height: 0.232, yaw: 0.4)
        let middle = SIMD3(axis.x * 0.15, axis.y * 0.15, 0.115)
        let rig = CameraRig(distance: 0.85, elevation: 73 * Double.pi / 180, azimuth: 2.1, lookAt: middle, frameCount: 12)
        let pair = SceneSimulator.render(scene: SimulatedScene(target: target, otherBoxes: [other], isMeasurable: false),
                                         rig: rig, noise: .iPhoneLiDAR, seed: 41)
        PipelineTest.expectNotCuboid(pair.capture, reasonContaining: "outline steps")
        let alone = SceneSimulator.render(scene: SimulatedScene(target: target), rig: rig, noise: .iPhoneLiDAR, seed: 41)
        let result = try runPipeline(alone.capture)
        #expect(abs(result.cuboid.length - 0.34) <= 0.005, "length \(result.cuboid.length) m")
        #expect(abs(result.cuboid.width - 0.30) <= 0.005, "width \(result.cuboid.width) m")
        #expect(abs(result.cuboid.height - 0.23) <= 0.005, "height \(result.cuboid.height) m")
    }

    /// A toolbox-like parcel, 270 x 230 x 87 mm, whose lid has a handle recess 83 mm long and
    /// 38 mm deep at one side, 30 mm lower than the lid: the outline steps, but what is seen in
    /// the step is the parcel itself, not the floor. A carrier bills the enclosing cuboid.
    @Test func aRecessInTheLidIsMeasuredAsTheEnclosingCuboid() throws {
        let (l, w, h, notch, depth, drop) = (0.27, 0.23, 0.087, 0.083, 0.038, 0.03)
        let lid = SimulatedBox(center: SIMD2(0, -depth / 2), length: l, width: w - depth, height: h, yaw: 0)
        let end = (l - notch) / 2
        let left = SimulatedBox(center: SIMD2(-(notch + end) / 2, (w - depth) / 2), length: end, width: depth, height: h, yaw: 0)
        let right = SimulatedBox(center: SIMD2((notch + end) / 2, (w - depth) / 2), length: end, width: depth, height: h, yaw: 0)
        let recess = SimulatedBox(center: SIMD2(0, (w - depth) / 2), length: notch, width: depth, height: h - drop, yaw: 0)
        let rig = CameraRig(distance: 0.75, elevation: 70 * Double.pi / 180, azimuth: 4.2, lookAt: SIMD3(0, 0, h), frameCount: 12)
        let toolbox = SceneSimulator.render(scene: SimulatedScene(target: lid, otherBoxes: [left, right, recess]),
                                            rig: rig, noise: .iPhoneLiDAR, seed: 43)
        let result = try runPipeline(toolbox.capture)
        #expect(abs(result.cuboid.length - l) <= 0.005, "length \(result.cuboid.length) m")
        #expect(abs(result.cuboid.width - w) <= 0.005, "width \(result.cuboid.width) m")
        #expect(abs(result.cuboid.height - h) <= 0.003, "height \(result.cuboid.height) m")
        #expect(result.shapeNotes.count == 1 && result.shapeNotes[0].contains("recess"), "\(result.shapeNotes)")
        let measured = [result.cuboid.length, result.cuboid.width, result.cuboid.height]
        for (d, U) in result.uncertainty.expanded.enumerated() {
            #expect(abs(measured[d] - [l, w, h][d]) <= U, "dimension \(d): \(measured[d]) ± \(U) m")
        }
    }
}
