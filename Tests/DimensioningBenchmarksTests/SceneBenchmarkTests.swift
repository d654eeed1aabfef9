import Foundation
import Testing
import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation
import TestSupport

/// The scene benchmark behind `boxdim accuracy --scenes`: its scenes are what it says, and a few
/// of them are measured without a wrong acceptance.
@Suite struct SceneBenchmarkTests {
    @Test func scenesTakeTurnsApartAStepAndOneHeight() {
        let (apart, _) = SceneBenchmark.scene(0, seed: 5)
        #expect(apart.allBoxes.count == 3)
        // Footprints of neighbours 8 cm or more apart along the row.
        let row = apart.allBoxes.sorted { $0.center.x < $1.center.x }
        for (a, b) in zip(row, row.dropFirst()) {
            let halfA = (abs(cos(a.yaw)) * a.length + abs(sin(a.yaw)) * a.width) / 2
            let halfB = (abs(cos(b.yaw)) * b.length + abs(sin(b.yaw)) * b.width) / 2
            #expect(b.center.x - a.center.x - halfA - halfB >= 0.08 - 1e-9)
        }
        let (step, _) = SceneBenchmark.scene(1, seed: 5)
        #expect(step.allBoxes.count == 2)
        let boxes = step.allBoxes
        #expect(abs(boxes[1].center.x - boxes[0].center.x - (boxes[0].length + boxes[1].length) / 2) < 1e-9, "pressed together")
        #expect(boxes[0].height - boxes[1].height >= 0.06 - 1e-9 || boxes[1].height == 0.08)
        let (level, _) = SceneBenchmark.scene(2, seed: 5)
        #expect(level.allBoxes.count == 2)
        #expect(level.allBoxes[0].height == level.allBoxes[1].height, "one height")
    }

    /// A one-height scene's colour image shows the seam between the lids: with it the two boxes
    /// are measured apart, each within 10 mm of its length and width; without it they make one top.
    @Test func theOneHeightScenesColourCutsItsTop() throws {
        let (scene, rig) = SceneBenchmark.scene(2, seed: 5)
        let simulated = SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: 7)
        let image = try #require(SceneBenchmark.colourImage(simulated, scene: scene, seed: 7))
        let depth = simulated.capture.frames[0]
        #expect(image.width == 4 * depth.width && image.height == 4 * depth.height)
        let with = try measureAllBoxes(simulated.capture, colour: image).boxes.compactMap { try? $0.outcome.get() }
        let without = try measureAllBoxes(simulated.capture).boxes.compactMap { try? $0.outcome.get() }
        #expect(with.count == 2 && without.count <= 1, "with colour \(with.count), without \(without.count)")
        for box in with {
            let truth = try #require(scene.allBoxes.nearest(to: box.centerInWorld))
            #expect(abs(box.length - max(truth.length, truth.width)) <= 0.010, "length \(box.length) of \(truth)")
            #expect(abs(box.width - min(truth.length, truth.width)) <= 0.010, "width \(box.width) of \(truth)")
        }
    }

    /// Two boxes pressed together at a step, the taller one nearer the camera (held-out seed 3313,
    /// scene 1: 248 x 221 x 341 mm in front of 334 x 260 x 277 mm). `boxdim measure` refuses the
    /// capture as several boxes; `--all` measures the taller one by the whole engine and accepts
    /// it within 10 mm, and refuses the lower one as hidden behind it (the taller box's shadow
    /// covers part of its top), each with its own row.
    @Test func aBoxWithAnotherBehindItIsMeasuredInAScene() throws {
        let (scene, simulated, colour) = SceneBenchmark.rendered(1, seed: 3313)
        do {
            let alone = try runPipeline(simulated.capture)
            Issue.record("measure alone: \(alone.cuboid.length) x \(alone.cuboid.width) x \(alone.cuboid.height) on \(alone.floor.plane), not refused")
        } catch {
            #expect(error.code == "several_boxes", "\(error)")
        }
        let boxes = try measureAllBoxes(simulated.capture, colour: colour).boxes
        #expect(boxes.count == 2)
        let taller = scene.allBoxes.max { $0.height < $1.height }!
        let measured = try #require(boxes.compactMap { try? $0.outcome.get() }.first)
        #expect(measured.method == .engine)
        #expect(measured.isAccepted(minimumConfidence: 0.85))
        #expect(abs(measured.length - max(taller.length, taller.width)) <= 0.010, "length \(measured.length)")
        #expect(abs(measured.width - min(taller.length, taller.width)) <= 0.010, "width \(measured.width)")
        #expect(abs(measured.height - taller.height) <= 0.010, "height \(measured.height)")
        let refusals = boxes.compactMap { box -> String? in
            if case let .failure(error) = box.outcome { return error.code } else { return nil }
        }
        #expect(refusals == ["hidden_behind"])
    }

    /// A refused top is matched to the box whose centre lies within 8 cm of it, the nearest one
    /// when two do; past 8 cm from every centre no box stands there.
    @Test func aTopIsMatchedToTheNearestBoxWithinEightCentimetres() {
        let boxes = [SimulatedBox(center: SIMD2(0, 0), length: 0.3, width: 0.2, height: 0.2, yaw: 0),
                     SimulatedBox(center: SIMD2(0.12, 0), length: 0.3, width: 0.2, height: 0.2, yaw: 0)]
        #expect(SceneBenchmark.matchedBox(at: SIMD2(0.05, 0.01), in: boxes) == 0)
        #expect(SceneBenchmark.matchedBox(at: SIMD2(0.07, 0.01), in: boxes) == 1)
        #expect(SceneBenchmark.matchedBox(at: SIMD2(0, 0.079), in: boxes) == 0)
        #expect(SceneBenchmark.matchedBox(at: SIMD2(-0.081, 0), in: boxes) == nil)
        #expect(SceneBenchmark.matchedBox(at: SIMD2(0, 0), in: []) == nil)
    }

    /// The refused tops where no box stands are counted by code, in the codes' order; refusals of
    /// a box that is there are not among them, and without any the line says "none".
    @Test func refusalsWhereNoBoxStandsAreCountedByCode() {
        var report = SceneBenchmark.Report()
        #expect(report.refusedWhereNoBox == "none")
        let refusal = { (code: String, there: Bool) in
            SceneBenchmark.Report.Refusal(scene: 0, kind: "apart", code: code, reason: "r", boxThere: there)
        }
        report.refusedTops = [refusal("hidden_behind", true)]
        #expect(report.refusedWhereNoBox == "none")
        report.refusedTops += [refusal("not_cuboid", false), refusal("hidden_behind", false), refusal("hidden_behind", false)]
        #expect(report.refusedWhereNoBox == "2 hidden_behind, 1 not_cuboid")
        #expect(report.refusalLines.filter { $0.hasSuffix("where no box stands: r") }.count == 3)
        #expect(report.table.contains("refused where no box stands (a board, a patch of floor): 2 hidden_behind, 1 not_cuboid"))
    }

    @Test func aFewScenesAreMeasuredWithoutAWrongAcceptance() {
        let report = SceneBenchmark.run(count: 4, seed: 5)
        #expect(report.scenes == 4 && report.boxes == 10)
        #expect(report.matched >= 4, "\(report.table)")
        #expect(report.acceptedBeyondTolerance == 0 && report.acceptedUnmatched == 0, "\(report.table)")
        #expect(report.withinU.allSatisfy { $0 <= report.matched })
        // Scenes 0 and 3 apart (3 boxes each), 1 a step, 2 one height (2 each).
        #expect(report.byKind["apart"]?.boxes == 6 && report.byKind["step"]?.boxes == 2 && report.byKind["one_height"]?.boxes == 2,
                "\(report.byKind)")
        #expect(report.byKind.values.map(\.measured).reduce(0, +) == report.measured)
        #expect(report.byKind.values.map(\.accepted).reduce(0, +) == report.accepted)
        #expect(report.byKind.values.map(\.matched).reduce(0, +) == report.matched)
        for k in 0..<3 {
            #expect(report.byKind.values.map { $0.withinU[k] }.reduce(0, +) == report.withinU[k])
        }
        #expect(report.table.contains("by kind (boxes, measured, accepted): apart 6,"), "\(report.table)")
        // Acceptance at 5, 10 and 20 mm: the 10-mm count is the gate's, and a looser tolerance
        // accepts at least as many.
        #expect(report.acceptedAt[1] == report.accepted && report.beyondAt[1] == report.acceptedBeyondTolerance + report.acceptedUnmatched,
                "\(report.acceptedAt) \(report.beyondAt)")
        #expect(report.acceptedAt[0] <= report.acceptedAt[1] && report.acceptedAt[1] <= report.acceptedAt[2])
        #expect(report.beyondAt == [0, 0, 0], "\(report.table)")
        #expect(report.table.contains("accepted at 5 / 10 / 20 mm (beyond it, or matching no box): "), "\(report.table)")
        // Each box refused as hidden or cut off counts once, and no more boxes than such tops.
        let unseenTops = (report.refusals["hidden_behind"] ?? 0) + (report.refusals["box_cut_off"] ?? 0)
        #expect(report.unseenBoxes <= unseenTops && report.boxesSeenWhole == report.boxes - report.unseenBoxes)
        #expect(report.accepted <= report.boxesSeenWhole)
        #expect(report.table.contains("boxes not refused as hidden or cut off \(report.boxesSeenWhole): accepted \(report.accepted) ("),
                "\(report.table)")
        // One line per matched carton, its kind and error ± U.
        #expect(report.cartons.count == report.matched && report.cartonLines.count == report.matched)
        #expect(report.cartons.filter(\.accepted).count <= report.accepted)
        let outside = report.cartons.filter { c in (0..<3).contains { abs(c.errorMillimetres[$0]) > c.uncertaintyMillimetres[$0] } }
        #expect(report.cartonLines.filter { $0.contains("(outside ± U)") }.count == outside.count)
        #expect(report.cartonLines.allSatisfy { $0.contains("scene ") && $0.contains(" mm") }, "\(report.cartonLines)")
    }

    /// Two cartons of one height pressed end to end whose outline makes one rectangle (held-out
    /// seed 3313, scene 5: the longer 368 x 220 mm, 344 mm high). With no colour image they
    /// are one object of one top, and the engine measures one 691 x 221 mm carton at U 4-5 mm:
    /// it was accepted. With no seam looked for it is not now, and its record says why; with
    /// the colour image the seam cuts it into the two cartons, each within 10 mm.
    @Test func twoCartonsOfOneHeightWithNoColourImageAreNeverAcceptedAsOne() throws {
        let (scene, simulated, colour) = SceneBenchmark.rendered(5, seed: 3313)
        let merged = try measureAllBoxes(simulated.capture).boxes.compactMap { try? $0.outcome.get() }
        #expect(merged.count == 1, "\(merged.map { [$0.length, $0.width, $0.height] })")
        for box in merged {
            #expect(box.method == .engine && box.seams == .notLooked)
            #expect(box.length > 0.6, "length \(box.length)")
            #expect(box.notAcceptedBecause?.contains("may be several cartons") == true)
            #expect(!box.isAccepted(minimumConfidence: 0))
        }
        let image = try #require(colour)
        let cut = try measureAllBoxes(simulated.capture, colour: image).boxes.compactMap { try? $0.outcome.get() }
        #expect(cut.count == 2, "\(cut.map { [$0.length, $0.width, $0.height] })")
        for box in cut {
            let truth = try #require(scene.allBoxes.nearest(to: box.centerInWorld))
            let errors = box.errors(against: truth)
            for k in 0..<3 { #expect(abs(errors[k]) <= 0.010, "dimension \(k) of \(truth): error \(errors[k])") }
        }
    }

    /// The sides of a carton cut from a top of one height that no seam placed are placed at their
    /// silhouettes (`silhouetteSides`), as a lone box's are, not at the top's outline, which
    /// falls short by the sensor's band and carries a pixel footprint of doubt either way
    /// (tuning seed 2026, scene 2: both cartons were 2.7-6.9 mm short at U 9-12 mm, and now lie
    /// within 2 mm at U 3-5 mm). Each carton is accepted at 10 mm, each dimension's truth lies
    /// within ± U, and a LiDAR carton's length and width, which those sides make, have U under
    /// 6 mm. Its height's U is the surface under a carton seen only beside it (`support_under`),
    /// which the sides move only through the ring they draw around the top: under 7 mm (one
    /// carton's went from under 6 to 6.1 mm when the silhouettes' half-step crossings, 3519231,
    /// moved its sides).
    @Test func aCartonsFreeSidesArePlacedAtTheirSilhouettes() throws {
        let (scene, simulated, colour) = SceneBenchmark.rendered(2, seed: 2026)
        let image = try #require(colour)
        let cartons = try measureAllBoxes(simulated.capture, colour: image).boxes.compactMap { try? $0.outcome.get() }
        #expect(cartons.count == 2)
        for carton in cartons {
            #expect(carton.method == .topRectangle)
            let evidence = carton.uncertainty.sides.map(\.evidence)
            let seams = evidence.filter { if case .seam = $0 { true } else { false } }.count
            let outline = evidence.filter { if case .topExtent = $0 { true } else { false } }.count
            #expect(seams == 1 && outline == 0, "\(evidence)")
            let truth = try #require(scene.allBoxes.nearest(to: carton.centerInWorld))
            let errors = carton.errors(against: truth)
            let u = carton.uncertainty.expanded
            for k in 0..<3 {
                #expect(abs(errors[k]) <= u[k], "dimension \(k): error \(errors[k]) against U \(u[k])")
                #expect(u[k] < (k < 2 ? 0.006 : 0.007), "dimension \(k): U \(u[k])")
            }
            #expect(carton.isAccepted(minimumConfidence: 0.85))
        }
    }

    /// A sensor class that fattens edges (stereo) keeps each side at the top's outline: its
    /// silhouette may be the lid spread out past the edge (on the real pallet such sides came out
    /// 4-16 mm out), and the class's fattening is in its doubt.
    @Test func aFatteningClassKeepsTheOutline() throws {
        let (_, simulated, colour) = SceneBenchmark.rendered(2, seed: 2026)
        let image = try #require(colour)
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = .stereo
        let cartons = try measureAllBoxes(simulated.capture, parameters: parameters, colour: image).boxes
            .compactMap { try? $0.outcome.get() }
        #expect(cartons.count == 2)
        for carton in cartons {
            let outline = carton.uncertainty.sides.filter { if case .topExtent = $0.evidence { true } else { false } }.count
            #expect(outline == 3, "\(carton.uncertainty.sides.map(\.evidence))")
        }
    }

    /// The lower box of step scene `index` of `seed` (its truth) and the carton measured at its
    /// height (`measureAllBoxes`, no colour image).
    static func lowerCarton(ofStepScene index: Int, seed: UInt64) throws -> (SimulatedBox, SceneBoxMeasurement) {
        let (scene, simulated, _) = SceneBenchmark.rendered(index, seed: seed)
        let cartons = try measureAllBoxes(simulated.capture).boxes.compactMap { try? $0.outcome.get() }
        let lower = scene.allBoxes.min { $0.height < $1.height }!
        return (lower, try #require(cartons.first { abs($0.height - lower.height) < 0.02 }))
    }

    /// A lower lid half hidden by a taller neighbour in front (held-out seed 3313, scene 79):
    /// past its side the first rays lie above it (the neighbour's mixed pixels over the hidden
    /// part of the lid), which is no silhouette of this lid, and no face of the neighbour is
    /// seen rising from it. The lid ends somewhere between its outline and the neighbour's foot:
    /// the side stands half-way (`shadowed`), and the width comes out within 1.5 mm, its truth
    /// within ± U. At its silhouette it came out 21 mm narrow at U 4.5 mm; at its outline,
    /// 2.8 mm narrow.
    @Test func aSideUnderATallerNeighboursShadowStandsHalfWayToItsFoot() throws {
        let (lower, carton) = try Self.lowerCarton(ofStepScene: 79, seed: 3313)
        let error = carton.width - min(lower.length, lower.width), u = carton.uncertainty.expanded[1]
        #expect(abs(error) <= 0.0015 && abs(error) <= u, "width error \(error), U \(u)")
        let gaps = carton.uncertainty.sides.compactMap { side -> Double? in
            if case let .shadowed(gap) = side.evidence { gap } else { nil }
        }
        #expect(gaps.count == 1 && gaps.allSatisfy { $0 > 0.002 && $0 < 0.05 }, "\(carton.uncertainty.sides.map(\.evidence))")
    }

    /// A lower lid with 75 mm of it in a taller neighbour's shadow (held-out seed 3313, scene 34:
    /// the camera 71 degrees up on the taller box's side, 188 mm between the lids), measured by
    /// the whole engine as a lone object. Only 4 pixels of its outline border the neighbour (the
    /// shadow's edge returned nothing), but the line of sight past that side grazes the
    /// neighbour's rim: it is refused as hidden, with that reason. It came out 75 mm short at
    /// U 4.2 mm in length (10.7 mm in width, so it would have been accepted at 20 mm).
    @Test func aLidInATallerNeighboursShadowIsHidden() throws {
        let (scene, simulated, _) = SceneBenchmark.rendered(34, seed: 3313)
        let boxes = try measureAllBoxes(simulated.capture).boxes
        let lower = scene.allBoxes.min { $0.height < $1.height }!
        let atLower = try #require(boxes.first { abs($0.topLevel - lower.height) < 0.02 })
        guard case let .failure(error) = atLower.outcome else {
            Issue.record("measured: \(String(describing: try? atLower.outcome.get()))")
            return
        }
        guard case let .hiddenBehind(_, shadowedSides) = error else {
            Issue.record("refused otherwise: \(error)")
            return
        }
        #expect(shadowedSides == 1)
        #expect(error.description.contains("shadow"), "\(error.description)")
    }

    /// A lower carton pressed against a taller one, seen from its own side (tuning seed 2026,
    /// scene 7): its lid runs up to the taller carton's face, which the camera sees rising from it.
    /// That side stands on the face (`neighbourFace`): its length comes out within 2 mm and
    /// within ± U < 4 mm. At the lid's outline it came out 7.2 mm short at U 10 mm.
    @Test func aLidAgainstATallerNeighboursFaceEndsOnIt() throws {
        let (lower, carton) = try Self.lowerCarton(ofStepScene: 7, seed: 2026)
        let faces = carton.uncertainty.sides.filter { if case .neighbourFace = $0.evidence { true } else { false } }
        #expect(faces.count == 1, "\(carton.uncertainty.sides.map(\.evidence))")
        let error = carton.length - max(lower.length, lower.width), u = carton.uncertainty.expanded[0]
        #expect(abs(error) <= 0.002 && abs(error) <= u, "length error \(error), U \(u)")
        #expect(u < 0.004, "U \(u)")
    }

    /// A carton among others whose lid bows up 12 mm (tuning seed 2026, scene 2, its first box
    /// bulged) is measured to its crown, as a lone box is (`cartonRelief`): its height's truth
    /// (the enclosing cuboid's) lies within ± U, and its note says so. At its lid's trimmed mean
    /// it came out 6.4 mm short at U 4.9 mm.
    @Test func aBowedCartonAmongOthersIsMeasuredToItsCrown() throws {
        var (scene, rig) = SceneBenchmark.scene(2, seed: 2026)
        scene.target?.topFeature = .bulge(rise: 0.012)
        let bowed = try #require(scene.target)
        let simulated = SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: 2026 &+ 2)
        let image = try #require(SceneBenchmark.colourImage(simulated, scene: scene, seed: 2026 &+ 2))
        let cartons = try measureAllBoxes(simulated.capture, colour: image).boxes.compactMap { try? $0.outcome.get() }
        let carton = try #require(cartons.min { a, b in
            length(bowed.center - SIMD2(a.centerInWorld.x, a.centerInWorld.y))
                < length(bowed.center - SIMD2(b.centerInWorld.x, b.centerInWorld.y))
        })
        let error = carton.height - bowed.height
        #expect(abs(error) <= carton.uncertainty.expanded[2], "height error \(error), U \(carton.uncertainty.expanded[2])")
        #expect(abs(error) <= 0.004, "height error \(error)")
        #expect(carton.shapeNotes.contains { $0.contains("measured to its crown") }, "\(carton.shapeNotes)")
        let errors = [carton.length - max(bowed.length, bowed.width), carton.width - min(bowed.length, bowed.width)]
        for k in 0..<2 {
            #expect(abs(errors[k]) <= carton.uncertainty.expanded[k], "dimension \(k): error \(errors[k]), U \(carton.uncertainty.expanded[k])")
        }
    }
}
