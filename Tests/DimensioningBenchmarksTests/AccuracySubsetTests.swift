import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation

/// A small fixed-seed slice of the accuracy benchmark (`boxdim accuracy` runs 200): tolerances
/// that fail if the pipeline regresses, never a timing.
@Suite struct AccuracySubsetTests {
    @Test func catalogSliceMeetsTheTargets() {
        let cases = AccuracyBenchmark.run(count: 20, seed: 2026, jobs: 2)
        for c in cases {
            let accepted = c.isAccepted(0.85)
            if c.isPositive, accepted, let errors = c.absoluteErrors {
                #expect(errors.max()! <= 0.010, "\(c.name): errors \(errors.map { $0 * 1000 }) mm")
            }
            if !c.isPositive {
                #expect(!accepted, "\(c.name) (\(c.kind)) accepted at \(c.confidence ?? 0)")
                // Nor at a looser tolerance: a cylinder is not a box at 20 mm either.
                #expect(!CoverageSummary.accepted(c, tolerance: 0.020, minConfidence: 0.85), "\(c.name) (\(c.kind)) accepted at 20 mm")
            }
        }
        #expect(cases.contains { $0.kind == .cylinder }, "the slice has no cylinder")
        let summary = AccuracySummary(cases: cases, minConfidence: 0.85)
        #expect(CoverageSummary(cases: cases, tolerance: 0.010, minConfidence: 0.85).rows.last?.negativesAcceptedAt == [0, 0, 0])
        #expect(summary.medianErrorMM.allSatisfy { $0 <= 3 }, "medians \(summary.medianErrorMM)")
        #expect(summary.positivesAcceptedShare >= 0.8, "accepted \(summary.positivesAcceptedShare)")
        #expect(summary.negativesAccepted == 0)
    }

    /// A lid that leans 16-22 mm along the box's length (`--leaning-lids`, tuning seed 2026,
    /// scenarios 18, 20 and 46; a real OAK-D carton's high corner stands 22 mm above its lid's level). Taken parallel to the floor, the
    /// lean was noise: the band of points counted as the lid took in a side face, and one end was
    /// placed 12-26 mm off, at a stated U of 3-8 mm (length −13.0 ± 2.8, −18.9 ± 4.3 and
    /// −24.8 ± 7.1 mm). The rays are now cut with the lid's own plane (`LidLean`): the length and
    /// width lie within their U, and within 7 mm.
    @Test(arguments: [18, 20, 46]) func aLeaningLidsSidesArePlacedAgainstItsOwnPlane(index: Int) throws {
        let c = AccuracyBenchmark.evaluate(index: index, seed: 2026, leaningLids: true)
        guard case .lean? = c.topFeature else { Issue.record("scenario \(index) has \(String(describing: c.topFeature))"); return }
        let measured = try #require(c.measured, "scenario \(index): \(c.errorCode ?? "")")
        let u = try #require(c.uncertainty)
        for d in 0..<2 {
            let error = measured[d] - c.truth[d]
            #expect(abs(error) <= 2 * u[d] && abs(error) <= 0.007,
                    "scenario \(index), dimension \(d): error \(error * 1000) mm at U \(2000 * u[d]) mm")
        }
    }

    /// A leaning lid's height (tuning seed 2026, scenarios 25, 34 and 86: lids rising 12-17 mm
    /// from end to end). The truth the simulator states is the enclosing cuboid's, to the lid's
    /// high end; a stereo camera's lids lean as much by its depth error alone (the one OAK-D
    /// carton's high corner stands 22 mm above its lid's level in `example_4.ply`, and nowhere
    /// near in `calibration_box.ply`), when the box is
    /// as high as the lid's level. Measured at the lid's level, the height lay 7.0-8.6 mm under
    /// the high end at U 5.5-6.8 mm. It now lies half-way, and its U reaches both ends (the
    /// capture's own depth scale, 2 mm there, moves all three).
    @Test(arguments: [25, 34, 86]) func aLeaningLidsHeightCoversItsHighEndAndItsLevel(index: Int) throws {
        let c = AccuracyBenchmark.evaluate(index: index, seed: 2026, leaningLids: true)
        guard case .lean(let rise)? = c.topFeature else { Issue.record("scenario \(index) has \(String(describing: c.topFeature))"); return }
        let measured = try #require(c.measured, "scenario \(index): \(c.errorCode ?? "")")
        let u = try #require(c.uncertainty)
        let level = c.truth[2] - rise / 2
        #expect(abs(measured[2] - c.truth[2]) <= 2 * u[2], "scenario \(index): \(measured[2]) ± \(2 * u[2]) m, high end \(c.truth[2]) m")
        #expect(abs(measured[2] - level) <= 2 * u[2], "scenario \(index): \(measured[2]) ± \(2 * u[2]) m, level \(level) m")
        // The lean was measured: its high corner stands half the rise above the lid's middle,
        // and half of that is the height's `lid_lean` term (within 40 %: a fitted lean across
        // the width adds to the corner's rise, 33 % in scenario 34).
        let lean = try #require(c.contributions?[2]["lid_lean"], "scenario \(index): no lid_lean term")
        #expect(abs(lean - rise / 4) <= 0.4 * rise / 4, "scenario \(index): lid_lean \(lean) m for a rise of \(rise) m")
    }

    /// A floor bent away beyond the box, as a stereo camera's range error bends it (`RangeBend`,
    /// 100 mm per square metre: 4 cm at 0.6 m past the box, where the real OAK-D floors showed
    /// 3-7 cm), is still the floor: the same boxes are measured, and accepted, as on the flat one.
    @Test func aFloorBentAwayBeyondTheBoxMeasuresAsAFlatOne() {
        let flat = AccuracyBenchmark.run(count: 8, seed: 9041, jobs: 2)
        let bent = AccuracyBenchmark.run(count: 8, seed: 9041, jobs: 2, rangeBend: 0.1)
        // The bend is there: the far floor of the first capture lies centimetres deeper.
        let plain = ScenarioCatalog.render(index: 0, seed: 9041).capture.capture.frames[0].depth
        let bending = ScenarioCatalog.render(index: 0, seed: 9041, rangeBend: 0.1).capture.capture.frames[0].depth
        let deepest = zip(plain, bending).map { Double($1) - Double($0) }.max() ?? 0
        #expect(deepest > 0.03, "the far floor moved \(deepest) m")
        for (a, b) in zip(flat, bent) where a.isPositive {
            #expect((a.measured == nil) == (b.measured == nil), "\(a.name): flat \(a.errorCode ?? "measured"), bent \(b.errorCode ?? "measured")")
            guard let m = b.measured, let u = b.uncertainty else { continue }
            for d in 0..<3 {
                #expect(abs(m[d] - b.truth[d]) <= u[d] + 0.001, "\(b.name) dimension \(d): \(m[d]) ± \(u[d]) against \(b.truth[d])")
            }
            #expect(a.isAccepted(0.85) == b.isAccepted(0.85), "\(b.name): accepted on one floor only")
        }
    }

    /// A box on a table, the room's floor 0.75 m below the table's edge in view (larger than the
    /// table): where the box is measured, it stands on the table (`supportAround`), so its height
    /// is the table's to its top, never the floor's, and its truth lies within ± U.
    @Test func aBoxOnATableIsMeasuredOnTheTable() {
        let table = AccuracyBenchmark.run(count: 8, seed: 9041, jobs: 2, onTable: true)
        for b in table where b.isPositive {
            guard let m = b.measured, let u = b.uncertainty else { continue }
            for d in 0..<3 {
                #expect(abs(m[d] - b.truth[d]) <= u[d] + 0.001, "\(b.name) dimension \(d): \(m[d]) ± \(u[d]) against \(b.truth[d])")
            }
        }
        #expect(table.filter { $0.isPositive && $0.measured != nil }.count >= 4)
    }

    /// A box on a pallet's deck of boards 40 mm apart, the room's floor 144 mm below seen past
    /// the deck's edges and through its gaps: it stands on the deck (`supportAround`), never on
    /// the floor; each of the first eight held-out iPhone scenarios measured on the floor is
    /// measured on the deck too, its truth within 2u.
    @Test func aBoxOnAPalletIsMeasuredOnTheDeck() {
        let floor = AccuracyBenchmark.run(count: 8, seed: 9041, jobs: 2)
        let pallet = AccuracyBenchmark.run(count: 8, seed: 9041, jobs: 2, onPallet: true)
        for (a, b) in zip(floor, pallet) where a.isPositive && a.measured != nil {
            guard let m = b.measured, let u = b.uncertainty else {
                Issue.record("\(b.name): measured on the floor, refused on the deck: \(b.errorCode ?? "")")
                continue
            }
            for d in 0..<3 {
                #expect(abs(m[d] - b.truth[d]) <= 2 * u[d] + 0.001, "\(b.name) dimension \(d): \(m[d]) ± \(2 * u[d]) against \(b.truth[d])")
            }
        }
        #expect(pallet.filter { $0.isPositive && $0.measured != nil }.count >= 4)
    }

    /// A fixed ToF camera's single frame of a box on a table (`--split fixed`, its tuning seed
    /// 4243, scenario 2): the table's own heights beside the box spread over the lower of the
    /// 2-cm bins its level was read from, and were taken for the object going on down under its
    /// top, so the box and the table were refused as "5 objects touch". Read as the median of
    /// those heights, the level is the table's: the box is measured on it, within 10 mm.
    @Test func aFixedCamerasBoxOnATableIsMeasuredOnTheTable() throws {
        let cases = AccuracyBenchmark.run(count: 3, seed: SensorSplit.fixed.defaultSeed, jobs: 2,
                                          sensors: SensorSplit.fixed.members, frames: 1, onTable: true)
        let box = cases[2]
        #expect(box.sensor == "tof-512x424" && box.isPositive)
        let measured = try #require(box.measured, "refused: \(box.errorCode ?? "")")
        let u = try #require(box.uncertainty) // standard uncertainties; U = 2u
        for d in 0..<3 {
            #expect(abs(measured[d] - box.truth[d]) <= 0.010, "dimension \(d): \(measured[d]) against \(box.truth[d])")
            #expect(abs(measured[d] - box.truth[d]) <= 2 * u[d], "dimension \(d): error beyond U \(2 * u[d])")
        }
    }

    /// A structured-light camera whose edges stop 2 px inside the box (`--split
    /// structured-light`, its tuning seed 8087, scenarios 0-8: the real Orbbec boxes stop
    /// 0.9-2.3 px inside). From one view, a silhouette 2 px in is a box 2 px smaller: named as
    /// the unknown class, the lengths and widths come out short (median below −3 mm). The
    /// structured-light class's edge offset (1.6 px inward, `SensorClassPriors.edgeOffsetPixels`)
    /// corrects most of it: the simulator erodes 2 px where the real captures the offset came
    /// from erode 1.6 px on average, so 0.4 px per side is left, about 2 mm over a dimension's
    /// two sides at these boxes' 2-3 mm footprints (median between −3.5 mm and 0, under half the
    /// uncorrected shortfall); every truth within its U, and nothing accepted at 10 mm more than
    /// 10 mm off.
    @Test func anErodingStructuredLightCamerasSidesAreCorrectedByItsClass() throws {
        let sensors = SensorSplit.structuredLight.members
        var unknown = PipelineParameters()
        unknown.uncertainty.sensorClass = .unknown
        var corrected: [Double] = [], uncorrected: [Double] = []
        for index in 0..<9 {
            let c = AccuracyBenchmark.evaluate(index: index, seed: 8087, sensors: sensors, frames: 1)
            #expect(c.sensorClass == .structuredLight, "\(c.name) uses \(String(describing: c.sensorClass))")
            guard c.isPositive, let m = c.measured, let u = c.uncertainty else { continue }
            for d in 0..<3 {
                #expect(abs(m[d] - c.truth[d]) <= 2 * u[d],
                        "\(c.name) dimension \(d): error \((m[d] - c.truth[d]) * 1000) mm at U \(2000 * u[d]) mm")
                if c.isAccepted(0.85) { #expect(abs(m[d] - c.truth[d]) <= 0.010) }
            }
            corrected += [m[0] - c.truth[0], m[1] - c.truth[1]]
            let plain = AccuracyBenchmark.evaluate(index: index, seed: 8087, parameters: unknown, sensors: sensors, frames: 1)
            if let p = plain.measured { uncorrected += [p[0] - plain.truth[0], p[1] - plain.truth[1]] }
        }
        #expect(corrected.count >= 12 && uncorrected.count >= 12)
        let median = corrected.sorted()[corrected.count / 2], plainMedian = uncorrected.sorted()[uncorrected.count / 2]
        #expect(median > -0.0035 && median < 0 && abs(median) < abs(plainMedian) / 2,
                "the corrected sides' median error \(median * 1000) mm, uncorrected \(plainMedian * 1000) mm")
        #expect(plainMedian < -0.003, "the eroded sides' median error \(plainMedian * 1000) mm, uncorrected")
    }

    /// An eroding camera's profile (an inward offset, −2 px) moves its silhouette sides out, but
    /// a side measured on its own face is compared with a silhouette erosion never moved in (no
    /// depth step at the crease or at the face's base): the profile leaves the two methods'
    /// disagreement as it was. Taken off there, it widened every face side's doubt by 2 px
    /// footprints (2.6-10 mm at 0.7-1.5 m), and held-out boxes went unaccepted for it.
    @Test func anInwardProfileOffsetIsNotTakenOffAFaceSidesSilhouette() {
        var profiled = PipelineParameters()
        profiled.profile = SensorProfile(edgeOffsetPixels: -2)
        let sensors = SensorSplit.structuredLight.members
        var compared = 0
        for index in 0..<9 {
            let plain = AccuracyBenchmark.evaluate(index: index, seed: 8087, sensors: sensors, frames: 1)
            let calibrated = AccuracyBenchmark.evaluate(index: index, seed: 8087, parameters: profiled,
                                                        sensors: sensors, frames: 1)
            guard let before = plain.edges, let after = calibrated.edges else { continue }
            for (side, (a, b)) in zip(before, after).enumerated() where a.method == .sideFace && b.method == .sideFace {
                guard let da = a.disagreement, let db = b.disagreement else { continue }
                #expect(abs(db - da) < 0.0005, "scenario \(index), side \(side): \(da * 1000) mm, with the profile \(db * 1000) mm")
                compared += 1
            }
        }
        #expect(compared >= 4)
    }

    @Test func theSameBoxFromTenPosesAgreesWithinFiveMillimetres() throws {
        let report = try RepeatabilityBenchmark.run(poses: 10, seed: 7)
        for (d, name) in ["length", "width", "height"].enumerated() {
            #expect(report.spreadMM[d] <= 5, "\(name) max-min \(report.spreadMM[d]) mm over \(report.measured) poses")
        }
        #expect(report.measured == 10)
    }

    /// Parcels billed as the cuboid that encloses them (`--irregular-tops`, tuning seed 2026): a
    /// handle's top is the height, within ± U, and no parcel with a recess, a handle or a bowed
    /// lid is accepted beyond the tolerance.
    @Test func parcelsWithHandlesAndBowedLidsAreMeasuredAsTheirEnclosingCuboid() {
        let cases = AccuracyBenchmark.run(count: 14, seed: 2026, jobs: 2, irregularTops: true)
        var handles = 0
        for c in cases where c.isPositive {
            #expect(c.topFeature != nil, "\(c.name) has no feature")
            guard let m = c.measured, let u = c.uncertainty else { continue }
            if c.isAccepted(0.85) {
                for d in 0..<3 {
                    #expect(abs(m[d] - c.truth[d]) <= 0.010, "\(c.name) (\(c.topFeature?.summary ?? "")) dimension \(d) accepted \((m[d] - c.truth[d]) * 1000) mm off")
                }
            }
            if c.topFeature?.kind == "handle" {
                handles += 1
                #expect(abs(m[2] - c.truth[2]) <= 2 * u[2], "\(c.name): height \(m[2]) ± \(2 * u[2]) against \(c.truth[2])")
            }
        }
        #expect(handles >= 3)
        // The benchmark's table per kind of feature: the handles' heights all within ± U.
        let byFeature = CoverageSummary(cases: cases, tolerance: 0.010, minConfidence: 0.85, grouping: "feature",
                                        group: { $0.topFeature?.kind ?? "negatives" })
        #expect(Set(byFeature.rows.map(\.sensor)).isSuperset(of: ["handle", "bulge", "recess", "all"]))
        #expect(byFeature.rows.first { $0.sensor == "handle" }?.coverage[2] == 1)
        #expect(byFeature.rows.first { $0.sensor == "all" }?.acceptedBeyondTolerance == 0)
        #expect(byFeature.table.contains("| feature | class |"))
    }
}
