import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation
import TestSupport

/// `measureAllBoxes` with a colour image: the seams between lids of one height cut a top into
/// cartons; tape, print and a scene without seams cut nothing.
@Suite struct TopSeamsTests {
    /// A grey image registered to the capture's reference frame at `scale` times its depth
    /// resolution: each pixel's ray meets the depth of the nearest depth pixel, and the world
    /// point there (z up) is shaded by `shade`; pixels with no depth are mid-grey.
    static func colourImage(_ capture: DepthCapture, scale: Int = 4, shade: (SIMD3<Double>) -> UInt8) throws -> LumaImage {
        let frame = capture.frames[try #require(capture.referenceFrameIndex())]
        let worldFromCamera = try #require(frame.worldFromCamera)
        let width = frame.width * scale, height = frame.height * scale
        let intrinsics = frame.intrinsics.scaled(toWidth: width, height: height)
        var pixels = [UInt8](repeating: 128, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let z = Double(frame.depth(x: min(frame.width - 1, x / scale), y: min(frame.height - 1, y / scale)))
                guard z > 0 else { continue }
                let p = worldFromCamera.apply(intrinsics.unproject(u: Double(x), v: Double(y), depth: z))
                pixels[y * width + x] = shade(p)
            }
        }
        return LumaImage(width: width, height: height, pixels: pixels)
    }

    /// Lids light (170), the floor darker (110).
    static func lid(_ p: SIMD3<Double>, height: Double) -> Bool { p.z > height - 0.005 }

    /// Two cartons of one height pressed together make one top to depth. The colour image shows
    /// the seam between their lids (a dark line 4 mm wide): cut there, each is measured from its
    /// top within 10 mm, its side on the seam, and the cut says the seam showed plainly.
    @Test func aSeamCutsTwoCartonsOfOneHeightApart() throws {
        let a = SimulatedBox(center: SIMD2(0, 0), length: 0.40, width: 0.30, height: 0.25, yaw: 0)
        let b = SimulatedBox(center: SIMD2(0.35, 0), length: 0.30, width: 0.30, height: 0.25, yaw: 0)
        let sim = MeasureAllBoxesTests.capture([a, b], lookAt: SIMD3(0.15, 0, 0.1), distance: 1.4, elevation: 75)
        let image = try Self.colourImage(sim.capture) { p in
            guard Self.lid(p, height: 0.25) else { return 110 }
            return abs(p.x - 0.20) < 0.002 ? 40 : 170
        }
        let without = try measureAllBoxes(sim.capture)
        #expect(without.boxes.count == 1, "without colour, one top: \(MeasureAllBoxesTests.summary(without))")

        let scene = try measureAllBoxes(sim.capture, colour: image)
        let measured = scene.boxes.compactMap { try? $0.outcome.get() }
        #expect(scene.boxes.count == 2 && measured.count == 2, "\(MeasureAllBoxesTests.summary(scene))")
        for box in measured {
            #expect(box.method == .topRectangle)
            let truth = try #require([a, b].nearest(to: box.centerInWorld))
            #expect(abs(box.length - max(truth.length, truth.width)) <= 0.010, "length \(box.length) of \(truth)")
            #expect(abs(box.width - min(truth.length, truth.width)) <= 0.010, "width \(box.width) of \(truth)")
            #expect(abs(box.height - 0.25) <= 0.010, "height \(box.height)")
            guard case let .cut(seams, contrast, clear) = box.seams else {
                Issue.record("not cut: \(box.seams)")
                continue
            }
            #expect(seams == 1 && clear && contrast >= 100, "\(box.seams)")
            #expect(box.uncertainty.sides.filter { if case .seam = $0.evidence { true } else { false } }.count == 1)
            // The seam is found to two of the colour image's pixels either way, and that image
            // has 4 times the depth's resolution: a quarter of the depth pixel's rectangle.
            for (side, budget) in zip(box.sides, box.uncertainty.sides) where side.seam != nil {
                let seam = try #require(budget.terms.first { $0.name == .seam })
                let expected = 2 * (side.footprint / 4) / 3.0.squareRoot()
                #expect(abs(seam.standard - expected) <= 0.2 * expected, "seam term \(seam.standard) m, expected \(expected) m")
            }
        }
    }

    /// One carton with a band of darker tape 5 cm wide across its lid and a printed dark line
    /// across a third of it: a step edge and a short line are no seam, so it stays one lone
    /// object, measured by the engine exactly as without colour.
    @Test func tapeAndPrintCutNothing() throws {
        let box = SimulatedBox(center: SIMD2(0, 0), length: 0.45, width: 0.32, height: 0.22, yaw: 0.2)
        let sim = MeasureAllBoxesTests.capture([box], lookAt: SIMD3(0, 0, 0.1), distance: 1.3, elevation: 70)
        let image = try Self.colourImage(sim.capture) { p in
            guard Self.lid(p, height: 0.22) else { return 110 }
            // In the box's own axes (yaw 0.2).
            let u = cos(0.2) * p.x + sin(0.2) * p.y, v = -sin(0.2) * p.x + cos(0.2) * p.y
            if abs(u) < 0.025 { return 120 } // tape across the lid
            if abs(u - 0.12) < 0.002 && v > 0.05 { return 40 } // print across a third of it
            return 170
        }
        let plain = try measureAllBoxes(sim.capture)
        let scene = try measureAllBoxes(sim.capture, colour: image)
        #expect(scene.boxes.count == 1, "\(MeasureAllBoxesTests.summary(scene))")
        let a = try #require(try plain.boxes.first?.outcome.get())
        let b = try #require(try scene.boxes.first?.outcome.get())
        #expect(b.method == .engine)
        #expect(abs(a.length - b.length) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9)
    }

    /// A seam fainter than `SceneParameters.seamContrast` cuts nothing; one between it and twice
    /// that cuts, but the cartons it makes are not clear of a fainter seam inside them, so they
    /// say why they are not accepted.
    @Test func aFaintSeamCutsButDoesNotVouch() throws {
        let a = SimulatedBox(center: SIMD2(0, 0), length: 0.40, width: 0.30, height: 0.25, yaw: 0)
        let b = SimulatedBox(center: SIMD2(0.35, 0), length: 0.30, width: 0.30, height: 0.25, yaw: 0)
        let sim = MeasureAllBoxesTests.capture([a, b], lookAt: SIMD3(0.15, 0, 0.1), distance: 1.4, elevation: 75)
        func scene(seamGrey: UInt8) throws -> SceneMeasurement {
            let image = try Self.colourImage(sim.capture) { p in
                guard Self.lid(p, height: 0.25) else { return 110 }
                return abs(p.x - 0.20) < 0.002 ? seamGrey : 170
            }
            return try measureAllBoxes(sim.capture, colour: image)
        }
        #expect(try scene(seamGrey: 160).boxes.count == 1) // 10 grey levels: no seam
        let faint = try scene(seamGrey: 140) // about 30
        let measured = faint.boxes.compactMap { try? $0.outcome.get() }
        #expect(measured.count == 2, "\(MeasureAllBoxesTests.summary(faint))")
        for box in measured {
            guard case let .cut(_, contrast, clear) = box.seams else {
                Issue.record("not cut: \(box.seams)")
                continue
            }
            #expect(!clear && contrast < 40, "\(box.seams)")
            #expect(!box.isAccepted(minimumConfidence: 0))
            #expect(box.notAcceptedBecause?.contains("fainter") == true)
        }
    }
}
