import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Edges located from evidence that does not depend on the sensor's edge band, and a
/// confidence that says when the evidence cannot rule a bias out.
@Suite struct EdgeEvidenceTests {
    /// A single frame of the fixed split's scenario `index` (time-of-flight and stereo cameras
    /// alternate), as `boxdim accuracy --split fixed --frames 1 --seed SEED [--on-table]`
    /// rendered it when these regression cases were found: with the simulator's confidence map,
    /// which the benchmark has dropped since 5 December 2026 (no camera file has one), kept so
    /// that each case keeps its input.
    static func fixedFrame(_ index: Int, seed: UInt64, onTable: Bool = false) -> (SimulatedCapture, ScenarioKind) {
        ScenarioCatalog.render(index: index, seed: seed, frameCount: 1,
                               sensors: [SensorFamily.timeOfFlight, SensorFamily.stereo], onTable: onTable,
                               keepsConfidence: true)
    }

    /// The pipeline as it was before `CuboidParameters.minimumSideFaceStrips`: any dozen points in a
    /// side's window were its face. The tests of the side-face disagreement use it on frames
    /// whose "faces" were the neighbouring face's corner: a true disagreement between two
    /// placements of a side, which the confidence must still doubt.
    static var anyPointsAFace: PipelineParameters {
        var parameters = PipelineParameters()
        parameters.cuboid.minimumSideFaceStrips = 0
        return parameters
    }

    /// Expects length and width within `footprint` metres of the truth, height within 5 mm.
    static func expectMeasured(_ result: PipelineResult, _ truth: BoxGroundTruth, footprint: Double,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(result.cuboid.length - truth.length) <= footprint, "length \(result.cuboid.length) vs \(truth.length)",
                sourceLocation: sourceLocation)
        #expect(abs(result.cuboid.width - truth.width) <= footprint, "width \(result.cuboid.width) vs \(truth.width)",
                sourceLocation: sourceLocation)
        #expect(abs(result.cuboid.height - truth.height) <= 0.005, "height \(result.cuboid.height) vs \(truth.height)",
                sourceLocation: sourceLocation)
    }

    static let deg = Double.pi / 180
    static let box = SimulatedBox(center: .zero, length: 0.42, width: 0.31, height: 0.24, yaw: 25 * EdgeEvidenceTests.deg)

    static func capture(_ member: SensorFamilyMember, elevation: Double, azimuth: Double = 0.6,
                        seed: UInt64 = 11, frames: Int = 12) -> DepthCapture {
        let rig = CameraRig(distance: 0.9, elevation: elevation * EdgeEvidenceTests.deg, azimuth: azimuth, lookAt: .zero,
                            frameCount: frames)
        return SceneSimulator.render(scene: SimulatedScene(target: box), rig: rig, noise: member.noise, seed: seed).capture
    }

    static func member(_ name: String) -> SensorFamilyMember {
        (SensorFamily.tuning + SensorFamily.retiredHoldout + SensorFamily.secondRetiredHoldout + SensorFamily.holdout).first { $0.name == name }!
    }

    /// A 2-pixel blur band: the old estimator put such edges at the band's inner side (about
    /// 10 mm short per dimension); the band's middle is the edge.
    @Test func aWideBlurBandIsCentredNotEroded() throws {
        let result = try runPipeline(Self.capture(Self.member("band2-blur-unflagged"), elevation: 50))
        #expect(abs(result.cuboid.length - Self.box.length) <= 0.004, "length \(result.cuboid.length)")
        #expect(abs(result.cuboid.width - Self.box.width) <= 0.004, "width \(result.cuboid.width)")
        let bands = result.cuboid.edges.compactMap(\.bandPixels)
        #expect(!bands.isEmpty && bands.allSatisfy { $0 >= 2 }, "bands \(bands)")
    }

    /// Invalidated edges (a ToF vendor filter) leave a gap whose middle is the edge.
    @Test func anInvalidatedBandIsCentred() throws {
        let result = try runPipeline(Self.capture(Self.member("invalid2"), elevation: 45, azimuth: 2.0))
        #expect(abs(result.cuboid.length - Self.box.length) <= 0.004, "length \(result.cuboid.length)")
        #expect(abs(result.cuboid.width - Self.box.width) <= 0.004, "width \(result.cuboid.width)")
    }

    /// Stereo fattening seen almost straight down cannot be told from a sharp edge: the
    /// footprint comes out about 23 mm too large and it must not pass the gate: the sensor's
    /// possible fattening holds the length's U over the tolerance, and covers the error.
    @Test func unverifiableFatteningStaysBelowTheGate() throws {
        let result = try runPipeline(Self.capture(Self.member("fatten3"), elevation: 80))
        #expect(result.cuboid.length - Self.box.length > 0.005, "fattening should show as an outward bias")
        #expect(!result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
        #expect(result.confidenceReasons.contains { $0.hasPrefix("the length's U") && $0.contains("fattening") },
                "\(result.confidenceReasons)")
        // The class (LiDAR) allows no fattening, but the capture suspects some it cannot count:
        // the sides carry as much as any class allows, and the U holds the truth.
        #expect(result.cuboid.lips.fatteningSuspected && result.uncertainty.sensorClass == .lidar)
        for (k, truth) in [Self.box.length, Self.box.width].enumerated() {
            let measured = k == 0 ? result.cuboid.length : result.cuboid.width
            #expect(abs(measured - truth) <= result.uncertainty.expanded[k], "dimension \(k): \(measured) ± \(result.uncertainty.expanded[k]) m")
        }
    }

    /// The same sensor calibrated on another box and pose: measured within a centimetre
    /// (without the profile: 15-20 mm too large).
    @Test func aCalibratedProfileRemovesTheFattening() throws {
        let reference = SimulatedBox(center: .zero, length: 0.5, width: 0.36, height: 0.2, yaw: 70 * EdgeEvidenceTests.deg)
        let rig = CameraRig(distance: 1.0, elevation: 80 * EdgeEvidenceTests.deg, azimuth: 1.9, lookAt: .zero, frameCount: 12)
        let referenceCapture = SceneSimulator.render(scene: SimulatedScene(target: reference), rig: rig,
                                                     noise: Self.member("fatten3").noise, seed: 5).capture
        let calibration = try calibrateProfile(referenceCapture, known: [0.5, 0.36, 0.2])
        #expect((1.5...4.5).contains(calibration.profile.edgeOffsetPixels), "offset \(calibration.profile.edgeOffsetPixels)")
        #expect(abs(calibration.profile.depthScale - 1) <= 0.006)
        var parameters = PipelineParameters()
        parameters.profile = calibration.profile
        let result = try runPipeline(Self.capture(Self.member("fatten3"), elevation: 80), parameters: parameters)
        #expect(abs(result.cuboid.length - Self.box.length) <= 0.010, "length \(result.cuboid.length)")
        #expect(abs(result.cuboid.width - Self.box.width) <= 0.010, "width \(result.cuboid.width)")
    }

    /// Placements pooled: the offset is the least-squares fit over every reference, the depth
    /// scale the median of their height ratios; one reference gives the single-capture result.
    @Test func calibrationPoolsSeveralPlacements() throws {
        let noise = Self.member("fatten3").noise
        func reference(_ yaw: Double, _ azimuth: Double, seed: UInt64) -> CalibrationReference {
            let box = SimulatedBox(center: .zero, length: 0.5, width: 0.36, height: 0.2, yaw: yaw * EdgeEvidenceTests.deg)
            let rig = CameraRig(distance: 1.0, elevation: 80 * EdgeEvidenceTests.deg, azimuth: azimuth, lookAt: .zero, frameCount: 12)
            return CalibrationReference(capture: SceneSimulator.render(scene: SimulatedScene(target: box), rig: rig, noise: noise,
                                                                       seed: seed).capture, known: [0.5, 0.36, 0.2])
        }
        let a = reference(70, 1.9, seed: 5), b = reference(20, 0.4, seed: 6)
        let pooled = try calibrateProfile([a, b])
        #expect(pooled.references.count == 2)
        #expect((1.5...4.5).contains(pooled.profile.edgeOffsetPixels), "offset \(pooled.profile.edgeOffsetPixels)")
        let first = try calibrateProfile(a.capture, known: a.known), second = try calibrateProfile(b.capture, known: b.known)
        let low = min(first.profile.edgeOffsetPixels, second.profile.edgeOffsetPixels)
        let high = max(first.profile.edgeOffsetPixels, second.profile.edgeOffsetPixels)
        #expect(pooled.profile.edgeOffsetPixels >= low - 0.01 && pooled.profile.edgeOffsetPixels <= high + 0.01,
                "a weighted mean of \(low) and \(high): \(pooled.profile.edgeOffsetPixels)")
        let scales = [first.profile.depthScale, second.profile.depthScale]
        #expect(abs(pooled.profile.depthScale - (scales[0] + scales[1]) / 2) < 1e-12, "median of two")
        let alone = try calibrateProfile([a])
        #expect(alone.profile == first.profile && alone.calibrated == first.calibrated)
        #expect(throws: DimensioningError.self) { try calibrateProfile([CalibrationReference]()) }
    }

    /// A fixed camera's single frame states its uncertainty from the frame alone: a clean one
    /// (flat, well-supported top, every side from a face or a clean silhouette) passes the gate;
    /// an unverifiable one (fattening seen straight down) does not, and says which terms hold
    /// its U over the tolerance.
    @Test func aCleanSingleFrameCanPassTheGate() throws {
        let clean = try runPipeline(Self.capture(Self.member("invalid1"), elevation: 45, azimuth: 2.0, frames: 1))
        #expect(clean.agreement == nil)
        #expect(clean.isAccepted(), "\(clean.confidenceReasons)")
        #expect(clean.confidenceReasons.isEmpty, "\(clean.confidenceReasons)")
        #expect(abs(clean.cuboid.length - Self.box.length) <= 0.006 && abs(clean.cuboid.width - Self.box.width) <= 0.006)
        let doubtful = try runPipeline(Self.capture(Self.member("fatten3"), elevation: 80, frames: 1))
        #expect(!doubtful.isAccepted())
        #expect(doubtful.confidenceReasons.contains { $0.contains("U,") && $0.contains("is over the 10.0 mm tolerance") },
                "\(doubtful.confidenceReasons)")
    }

    /// Fixed split, seed 4243 (tuning), scenario 58: a Kinect-like frame of a box before a wall,
    /// whose side face's 9.6 mm from the silhouette is all crease, and one side's band 6.6 px
    /// wide. Measured within 2 mm and accepted.
    @Test func aSingleFrameBeforeAWallWithAWideBandIsAccepted() throws {
        let (simulated, kind) = Self.fixedFrame(58, seed: 4243)
        #expect(kind != .touchingBoxes)
        let result = try runPipeline(simulated.capture)
        #expect(result.isAccepted(), "\(result.confidenceReasons)")
        Self.expectMeasured(result, simulated.truth, footprint: 0.005)
    }

    /// Fixed split, seed 101 (tuning), scenario 42: a Kinect-like frame whose side faces and
    /// silhouettes lie 8.5 and 12.4 mm apart, a little beyond the crease's allowance. By
    /// default it passes within 3 mm. With `anyPointsAFace` (the neighbouring face's corner taken
    /// for a face) it is measured about 6 mm short, and either refused or within the 10 mm the
    /// gate stands for. Seed 303, scenario 110, with `anyPointsAFace`, is 7.3 mm beyond the
    /// allowance on one side and comes out short in width: refused, or within 10 mm.
    @Test func aSideFacesDoubtKeepsAWrongFaceFromPassingBeyondTheTolerance() throws {
        let (simulated, _) = Self.fixedFrame(42, seed: 101)
        let measured = try runPipeline(simulated.capture)
        Self.expectMeasured(measured, simulated.truth, footprint: 0.003)
        #expect(measured.isAccepted(), "\(measured.confidenceReasons)")
        let result = try runPipeline(simulated.capture, parameters: Self.anyPointsAFace)
        #expect(result.uncertainty.sides.contains { $0.terms.contains { $0.name == .methods && $0.standard > 0.001 } },
                "a face and its silhouette that disagree widen that side")
        Self.expectMeasured(result, simulated.truth, footprint: 0.010)

        let (wrongFace, _) = Self.fixedFrame(110, seed: 303)
        Self.expectMeasured(try runPipeline(wrongFace.capture), wrongFace.truth, footprint: 0.005)
        let refused = try runPipeline(wrongFace.capture, parameters: Self.anyPointsAFace)
        let widthError = refused.cuboid.width - wrongFace.truth.width
        #expect(widthError < -0.004, "width \(refused.cuboid.width) m")
        #expect(!refused.isAccepted() || abs(widthError) < 0.010,
                "accepted at \(refused.probabilityWithinTolerance), U \(refused.uncertainty.expanded) with width \(widthError) m off")
    }

    /// Fixed split, seed 4243 (tuning), scenario 52: a single Kinect-like frame of a box before
    /// a wall whose side face and silhouette lie 12.3 mm apart on one side. The frame's 3-5 mm
    /// of noise make the top's foreground band wide, and the face's first centimetre passes for
    /// top: its rays cut the top plane 10.6 mm past the crease (`creaseAllowance`). That leaves
    /// 1.7 mm of disagreement, which is no doubt. The box is accepted and measured within 5 mm,
    /// with its camera's sensor class (a time-of-flight camera's, as `boxdim accuracy` takes it).
    @Test func aNoisyFramesCreaseIsNoDisagreement() throws {
        let (simulated, _) = Self.fixedFrame(52, seed: 4243)
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = .tof
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let faces = result.cuboid.edges.filter { $0.method == .sideFace && ($0.disagreement ?? 0) > 0.01 }
        #expect(!faces.isEmpty, "a side face 10 mm or more inside its silhouette")
        for face in faces {
            let allowance = try #require(face.face?.creaseAllowance)
            #expect(allowance > 0.008, "allowance \(allowance)")
            #expect((face.disagreementBeyondCrease ?? 1) < 0.003, "\(face.disagreement ?? 0) - \(allowance)")
        }
        #expect(result.isAccepted(), "\(result.confidenceReasons)")
        Self.expectMeasured(result, simulated.truth, footprint: 0.005)
    }

    /// Fixed split, seed 202 (tuning), scenario 10: a single Kinect-like frame whose side face
    /// lies 11.7 mm inside its silhouette, seen from nearly above the face. Its crease explains
    /// only 1 mm of that, and the face is the one that is wrong: the length comes out 15-18 mm
    /// short. With an 8 mm tolerance it was accepted at 0.92. Now the disagreement left beyond
    /// the crease, either side of the face, holds its length's U over the tolerance (at half
    /// that width it was accepted 18 mm short at U 8.4 mm). (The "face" is the neighbouring
    /// face's corner, taken for one with `anyPointsAFace`; by default it is no face and the box
    /// passes within 5 mm.)
    @Test func aFaceFarInsideItsSilhouetteBeyondTheCreaseIsDoubted() throws {
        let (simulated, _) = Self.fixedFrame(10, seed: 202)
        let measured = try runPipeline(simulated.capture)
        Self.expectMeasured(measured, simulated.truth, footprint: 0.005)
        #expect(measured.isAccepted(), "\(measured.confidenceReasons)")
        let result = try runPipeline(simulated.capture, parameters: Self.anyPointsAFace)
        let beyond = result.cuboid.edges.compactMap(\.disagreementBeyondCrease).max() ?? 0
        #expect(beyond > 0.009, "beyond the crease \(beyond)")
        #expect(!result.isAccepted(), "U \(result.uncertainty.expanded)")
    }

    @Test func aSideWithAMuchWiderBandTakesTheOtherSidesBand() {
        func silhouette(_ band: Double, lastTop: Double) -> EdgeEstimate {
            var e = EdgeEstimate(method: .silhouette, pixelFootprint: 0.005, bandPixels: band, disagreement: nil, correction: 0, strips: 10)
            e.lastTopRay = lastTop
            return e
        }
        var estimates = [silhouette(1, lastTop: 0.2), silhouette(7, lastTop: 0.19), silhouette(1.2, lastTop: 0.1),
                         EdgeEstimate(method: .sideFace, pixelFootprint: 0.004, bandPixels: nil, disagreement: 0.001, correction: 0, strips: 0)]
        var positions = [0.2025, 0.21, 0.103, 0.1]
        reconcileBands(&positions, &estimates, tolerancePixels: 2.5)
        #expect(estimates[1].bandFromOtherSides)
        #expect(!estimates[0].bandFromOtherSides && !estimates[2].bandFromOtherSides)
        // The other sides' median band is 1.1 px: 0.19 + (1.1 + 1) / 2 * 0.005.
        #expect(abs(positions[1] - 0.19525) < 1e-9)
        #expect(positions[0] == 0.2025)
        // Its budget: the other sides' band, and its own gap, which ended on the support (no
        // backdrop set: a gap to the support), bounding the band there.
        let evidence = SideEvidence(estimates[1], captureBand: captureBandPixels(estimates))
        #expect(evidence == .borrowedBand(bandPixels: 1.1, gapPixels: 7, scatter: nil, strips: 10, gapEndsOnSupport: true),
                "\(evidence)")
    }

    /// A profile's edge offset applies to every silhouette side, those facing the camera too:
    /// a fattening sensor spreads the top over its own steep face as over the floor, and
    /// `calibrateProfile` fits the offset over all silhouette sides alike. (A tall box seen
    /// steeply, the tuning split's scenario 16: both sides facing the camera are silhouettes.)
    @Test func aProfileCorrectsSidesFacingTheCameraToo() throws {
        let (simulated, _) = ScenarioCatalog.render(index: 16, seed: 101, sensors: [Self.member("fatten2")])
        var parameters = PipelineParameters()
        parameters.profile = SensorProfile(edgeOffsetPixels: 2, depthScale: 1)
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let facing = result.cuboid.edges.filter { $0.method == .silhouette && $0.facesCamera }
        #expect(!facing.isEmpty)
        for edge in facing {
            #expect(abs(edge.correction + 2 * edge.pixelFootprint) < 1e-12, "correction \(edge.correction)")
        }
        #expect(abs(result.cuboid.length - simulated.truth.length) <= 0.005, "length \(result.cuboid.length)")
        #expect(abs(result.cuboid.width - simulated.truth.width) <= 0.005, "width \(result.cuboid.width)")
    }

    /// A silhouette outward of its side face by what the top's noise band explains at the
    /// crease (`creaseAllowance`: face points within the band pass for top and their rays cut
    /// the top plane that far out) is no disagreement; what is left beyond it is, and so is any
    /// silhouette inward of the face. The side carries what is left either side of the face
    /// (`SideEvidence.sideFace`: a rectangle of that half-width).
    @Test func theCreaseExplainsAnOutwardSilhouetteOnlyAsFarAsTheBandReaches() {
        func methods(_ side: EdgeEstimate) -> Double {
            SideEvidence(side, captureBand: nil).terms(footprint: 0.004, spacing: 0.003, priors: SensorClass.tof.priors)
                .first { $0.name == .methods }?.standard ?? -1
        }
        var side = EdgeEstimate(method: .sideFace, pixelFootprint: 0.004, bandPixels: nil, disagreement: 0.012, correction: 0, strips: 0)
        #expect(abs(methods(side) - 0.012 / 3.0.squareRoot()) < 1e-12, "12 mm without an allowance")
        side.face = SideFaceReading(scatter: nil, strips: 0, creaseAllowance: 0.0106)
        #expect(abs(side.disagreementBeyondCrease! - 0.0014) < 1e-12)
        #expect(abs(methods(side) - 0.0014 / 3.0.squareRoot()) < 1e-12)
        side.face?.creaseAllowance = 0.001 // a face seen from nearly above: its band reaches 1 mm out
        #expect(abs(side.disagreementBeyondCrease! - 0.011) < 1e-12)
        #expect(abs(methods(side) - 0.011 / 3.0.squareRoot()) < 1e-12)
        side.disagreement = -0.012 // the silhouette inward of the face: the crease cannot explain it
        side.face?.creaseAllowance = 0.0106
        #expect(side.disagreementBeyondCrease == 0.012)
        #expect(abs(methods(side) - 0.012 / 3.0.squareRoot()) < 1e-12)
    }
}
