import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The uncertainty model (`estimateUncertainty`): its arithmetic, and that what it states is true
/// on captures whose truth is known.
@Suite struct UncertaintyModelTests {
    private func side(_ terms: [UncertaintyTerm]) -> SideBudget {
        SideBudget(evidence: .sideFace(disagreement: nil), terms: terms)
    }

    @Test func sharedTermsAddLinearlyAndTheRestInQuadrature() {
        let shared = UncertaintyTerm(name: .edgeBias, standard: 0.001, kind: .typeB, sharedAcrossSides: true)
        let own = UncertaintyTerm(name: .strips, standard: 0.003, kind: .typeA)
        let parts = dimensionContributions(sides: [side([shared, own]), side([shared, own])],
                                           own: [UncertaintyTerm(name: .scale, standard: 0.002, kind: .typeB)])
        #expect(abs(parts[.edgeBias]! - 0.002) < 1e-12, "one sensor's bias moves both sides alike")
        #expect(abs(parts[.strips]! - 0.003 * 2.0.squareRoot()) < 1e-12, "independent sides add in quadrature")
        // sqrt(2^2 + 18 + 2^2) mm
        #expect(abs(combined(parts) - 26.0.squareRoot() / 1000) < 1e-12, "\(combined(parts))")
    }

    /// A dimension whose U is over the tolerance is explained by its two largest terms, each as
    /// its own U (k = 2) in millimetres; a dimension within it says nothing.
    @Test func aUOverTheToleranceNamesItsLargestTerms() {
        let contributions: [[UncertaintySource: Double]] = [[.band: 0.004, .strips: 0.0015, .scale: 0.0005], [.band: 0.001], [.topPlane: 0.001]]
        let u = MeasurementUncertainty(length: (0.004 * 0.004 + 0.0015 * 0.0015 + 0.0005 * 0.0005).squareRoot(), width: 0.001,
                                       height: 0.001, sensorClass: .lidar, sides: [], contributions: contributions)
        let reasons = u.reasons(tolerance: 0.005)
        #expect(reasons.count == 1, "\(reasons)")
        #expect(reasons.first?.hasPrefix("the length's U, 8.6 mm, is over the 5.0 mm tolerance") == true, "\(reasons)")
        #expect(reasons.first?.contains("band 8.0 mm (where in the band of mixed pixels") == true, "\(reasons)")
        #expect(reasons.first?.contains("strips 3.0 mm") == true && reasons.first?.contains("scale") == false, "\(reasons)")
        #expect(u.reasons(tolerance: 0.010).isEmpty)
    }

    @Test func theConfidenceIsTheProbabilityOfBeingWithinTheTolerance() {
        let u = MeasurementUncertainty(length: 0.005, width: 0, height: 0, sensorClass: .lidar, sides: [], contributions: [])
        // A normal error with sigma 5 mm lies within 10 mm (two sigma) 95.45 % of the time.
        #expect(abs(u.probabilityWithin(tolerance: 0.010) - 0.9545) < 1e-4)
        #expect(u.fits(tolerance: 0.010) && !u.fits(tolerance: 0.0099))
        let three = MeasurementUncertainty(length: 0.005, width: 0.005, height: 0.005, sensorClass: .lidar, sides: [],
                                           contributions: [])
        #expect(abs(three.probabilityWithin(tolerance: 0.010) - pow(0.9545, 3)) < 1e-3)
        #expect(three.probabilityWithin(tolerance: 0) == 0)
    }

    /// One gate for every caller: every U within the tolerance, and the probability, to the four
    /// decimals a record states, at least the minimum. A probability of 0.84996 is 0.85 as
    /// written, and passes a minimum of 0.85; 0.84994 does not.
    @Test func theGateJudgesTheProbabilityAsTheRecordStatesIt() {
        #expect(MeasurementUncertainty.passesGate(fitsTolerance: true, probability: 0.84996, minimumConfidence: 0.85))
        #expect(!MeasurementUncertainty.passesGate(fitsTolerance: true, probability: 0.84994, minimumConfidence: 0.85))
        #expect(!MeasurementUncertainty.passesGate(fitsTolerance: false, probability: 1, minimumConfidence: 0.85))
        let u = MeasurementUncertainty(length: 0.004, width: 0.004, height: 0.004, sensorClass: .lidar)
        #expect(u.accepts(tolerance: 0.010, minimumConfidence: 0.85) == (u.probabilityWithin(tolerance: 0.010) >= 0.85))
        #expect(!u.accepts(tolerance: 0.0079, minimumConfidence: 0), "U 8 mm over a 7.9 mm tolerance")
    }

    @Test func aLiDARCaptureStatesAnUncertaintyThatHoldsTheTruth() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let result = try runPipeline(PipelineTest.noisy(box).capture)
        #expect(result.uncertainty.sensorClass == .lidar, "a Stray Scanner-like capture with poses is LiDAR")
        let measured = [result.cuboid.length, result.cuboid.width, result.cuboid.height]
        for (d, U) in result.uncertainty.expanded.enumerated() {
            #expect(abs(measured[d] - [0.40, 0.30, 0.25][d]) <= U, "dimension \(d): \(measured[d]) ± \(U)")
            #expect(U > 0.0005 && U < 0.008, "dimension \(d): U = \(U) m")
        }
        #expect(result.fitsTolerance && result.probabilityWithinTolerance >= 0.85)
        var strict = PipelineParameters()
        strict.uncertainty.tolerance = 0.0005
        let tight = try runPipeline(PipelineTest.noisy(box).capture, parameters: strict)
        #expect(!tight.fitsTolerance && tight.probabilityWithinTolerance < 0.85, "half a millimetre is beyond this capture")
        #expect(tight.cuboid.length == result.cuboid.length, "the tolerance judges the measurement, it does not change it")
    }

    @Test func anUnknownSensorMayFattenSoItsEdgesAreKnownLessWell() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let capture = PipelineTest.noisy(box).capture
        var unknown = PipelineParameters()
        unknown.uncertainty.sensorClass = .unknown
        let lidar = try runPipeline(capture), wide = try runPipeline(capture, parameters: unknown)
        #expect(wide.uncertainty.sensorClass == .unknown)
        #expect(wide.cuboid.length == lidar.cuboid.length)
        #expect(wide.uncertainty.length > lidar.uncertainty.length + 0.001,
                "\(wide.uncertainty.length) vs \(lidar.uncertainty.length)")
        #expect(abs(wide.uncertainty.height - lidar.uncertainty.height) < 0.003, "the height has no edge")
    }

    /// The priors are read from `Resources/sensor-classes.json` (version 2 added each class's
    /// `lid_profile_m`, version 3 the sensors' `behaviour`, version 4 each class's
    /// `independent_plane_points` and the behaviour's depth and measuring ranges, version 6 the
    /// structured-light class's edge bias from real Orbbec captures, version 7 its edge offset): every class is in the file
    /// itself, with its source, and the unknown class is at least as wide as any other (its edge
    /// bias and fattening, two rectangles a dimension's sides share, taken together in quadrature
    /// as the budget sums them).
    @Test func everyClassStatesWhereItsPriorsCameFrom() {
        #expect(SensorClassPriors.version == "boxdim.sensor-classes/7")
        #expect(SensorClassPriors.table[.structuredLight]?.edgeBiasPixels == 1.25)
        #expect(SensorClass.allCases.allSatisfy { $0.priors.independentPlanePoints == 100 })
        #expect(SensorBehaviour.shared.minimumDepth == 0.1 && SensorBehaviour.shared.maximumDepth == 5)
        #expect(SensorBehaviour.shared.rangeMinimum == 0.3 && SensorBehaviour.shared.rangeMaximum == 2)
        #expect(SensorClassPriors.table.count == SensorClass.allCases.count)
        #expect(SensorClassPriors.table[.lidar]?.lidProfile == 0.0006)
        #expect(SensorClassPriors.table[.tof]?.lidProfile == 0.0009)
        let unknown = SensorClass.unknown.priors
        for sensorClass in SensorClass.allCases {
            #expect(SensorClassPriors.table[sensorClass] != nil, "\(sensorClass) is not in the file")
            let priors = sensorClass.priors
            #expect(priors.lidProfile > 0 && priors.lidProfile <= unknown.lidProfile)
            func edgeDoubt(_ p: SensorClassPriors) -> Double {
                (p.edgeBiasPixels * p.edgeBiasPixels + p.fatteningPixels * p.fatteningPixels).squareRoot()
            }
            #expect(edgeDoubt(priors) <= edgeDoubt(unknown) && priors.fatteningPixels <= unknown.fatteningPixels,
                    "\(sensorClass)")
            #expect(!priors.source.isEmpty)
            #expect(priors.edgeBiasPixels >= 0 && priors.fatteningPixels >= 0 && (0...1).contains(priors.bandAsymmetry))
            #expect(priors.depthScale > 0 && priors.depthScale < 0.05 && priors.heightBias > 0 && priors.heightBias < 0.01)
        }
        #expect(SensorClass.implied(byStrayScanner: true) == .lidar)
        #expect(SensorClass.implied(byStrayScanner: false) == .unknown)
        #expect(SensorClass(rawValue: "structured-light") == .structuredLight)
    }

    @Test func aGapOfNothingButMissingReturnsMayHideTheTopsOwnEdge() {
        var edge = EdgeEstimate(method: .silhouette, pixelFootprint: 0.003, bandPixels: 26, disagreement: nil, correction: 0, strips: 8)
        edge.bandFromOtherSides = true
        edge.backdrop = .missingReturns
        let evidence = SideEvidence(edge, captureBand: 1.3)
        #expect(evidence == .occlusionGap(gapPixels: 26, bandPixels: 1.3, scatter: nil, strips: 8, vouched: false))
        let priors = SensorClass.tof.priors
        let gap = evidence.terms(footprint: 0.003, spacing: 0.004, priors: priors).first { $0.name == .gap }
        // Anywhere across 26 pixels of 3 mm: a rectangle of 78 mm, 45 mm standard.
        #expect(abs((gap?.standard ?? 0) - 26 * 0.003 / 3.0.squareRoot()) < 1e-12)
        // A stereo profile whose spread stops at such a strip vouches for the top's last ray.
        let vouched = SideEvidence(edge, captureBand: 1.3, calibratedSpread: true)
        let terms = vouched.terms(footprint: 0.003, spacing: 0.004, priors: priors)
        #expect(!terms.contains { $0.name == .gap })
        #expect(terms.allSatisfy { $0.standard < 0.003 }, "\(terms)")
        // A borrowed band with a surface behind (not missing returns) keeps the band's doubt only.
        edge.backdrop = .surface
        #expect(SideEvidence(edge, captureBand: 1.3) == .borrowedBand(bandPixels: 1.3, gapPixels: 26, scatter: nil, strips: 8))
    }

    /// A side face is its points' median: known as well as their scatter over the root of the
    /// strips holding them (1.25 σ / sqrt(n)), beside the disagreement with its silhouette. A face
    /// of 2 mm scatter over 9 strips is known to 0.83 mm.
    @Test func aSideFaceCarriesItsPointsScatter() throws {
        var edge = EdgeEstimate(method: .sideFace, pixelFootprint: 0.003, bandPixels: nil, disagreement: 0, correction: 0, strips: 0)
        edge.face = SideFaceReading(scatter: 0.002, strips: 9, creaseAllowance: nil)
        let evidence = SideEvidence(edge, captureBand: nil)
        #expect(evidence == .sideFace(disagreement: 0, scatter: 0.002, strips: 9))
        let terms = evidence.terms(footprint: 0.003, spacing: 0.004, priors: SensorClass.lidar.priors)
        let face = try #require(terms.first { $0.name == .faceScatter })
        #expect(abs(face.standard - 1.25 * 0.002 / 3) < 1e-12 && face.kind == .typeA)
        #expect(terms.first { $0.name == .methods }?.standard == 0)
    }

    /// A side whose face spans too few pixels to be measured is placed as a silhouette moved
    /// inward for the face's samples in its gap; how far is known to about half the move, a
    /// doubt the band alone (the gap less the face's span, about nothing) does not carry.
    @Test func aGrazingFaceDoubtsHalfItsShift() {
        var edge = EdgeEstimate(method: .silhouette, pixelFootprint: 0.007, bandPixels: 0.1, disagreement: nil, correction: 0, strips: 10)
        edge.faceSpanPixels = 2
        edge.grazingShift = 2 * 0.007 / 3
        let evidence = SideEvidence(edge, captureBand: 0.8)
        #expect(evidence == .grazingFace(shift: 2 * 0.007 / 3, bandPixels: 0.1, scatter: nil, strips: 10))
        let terms = evidence.terms(footprint: 0.007, spacing: 0.005, priors: SensorClass.lidar.priors)
        let span = terms.first { $0.name == .faceSpan }
        // A rectangle of half the 4.7-mm shift either way: 1.35 mm standard.
        #expect(abs((span?.standard ?? 0) - 0.007 / 3 / 3.0.squareRoot()) < 1e-12, "\(terms)")
        // A face the camera sees spanning enough pixels is no grazing face.
        edge.facesCamera = true
        #expect(SideEvidence(edge, captureBand: 0.8) == .facingCamera(bandPixels: 0.8, reachPixels: 0))
    }

    @Test func aProfilesMeasuredScaleReplacesTheClasssDoubt() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let capture = PipelineTest.noisy(box).capture
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = .stereo
        let classOnly = try runPipeline(capture, parameters: parameters)
        var profile = SensorProfile(edgeOffsetPixels: 0)
        profile.depthScaleScatter = 0.001
        parameters.profile = profile
        let measured = try runPipeline(capture, parameters: parameters)
        let scale = { (r: PipelineResult) in r.uncertainty.contributions[0][.scale] ?? 0 }
        // 0.6 % of 0.4 m for the stereo class; 0.1 % measured on this camera's references.
        #expect(abs(scale(classOnly) - 0.40 * 0.006) < 0.0003, "\(scale(classOnly))")
        #expect(abs(scale(measured) - 0.40 * 0.001) < 0.0001, "\(scale(measured))")
    }

    /// Every class's behaviour is the file's shared block, with values in their valid ranges,
    /// except what a class overrides: the LiDAR's fattening thresholds (a LiDAR does not fatten,
    /// sensor-classes/5), each stricter than the shared one; a configuration's override starts
    /// from the class's.
    @Test func everyClassHasTheSharedBehaviourButItsOwnOverrides() {
        let shared = SensorBehaviour.shared
        #expect(shared.maximumBandPixels == 8 && shared.missingReturnsReachPixels == 40 && shared.minimumConfidence == 1)
        #expect(abs(shared.grazingFaceShiftShare - 1.0 / 3.0) < 1e-15)
        #expect((0...0.5).contains(shared.creaseBandShare) && (0.001...0.01).contains(shared.lipMeasurableRise))
        #expect((0.001...0.01).contains(shared.bandLipWindowBelow) && (0...0.5).contains(shared.lipRiseNoiseShare))
        for sensorClass in SensorClass.allCases where sensorClass != .lidar {
            #expect(sensorClass.behaviour == shared, "\(sensorClass)")
        }
        var lidar = SensorClass.lidar.behaviour
        #expect(lidar.lipCountFattening > shared.lipCountFattening)
        #expect(lidar.suspectedFatteningSignificance > shared.suspectedFatteningSignificance)
        #expect(lidar.blendingFatteningSignificance >= lidar.suspectedFatteningSignificance)
        lidar.lipCountFattening = shared.lipCountFattening
        lidar.suspectedFatteningSignificance = shared.suspectedFatteningSignificance
        lidar.blendingFatteningSignificance = shared.blendingFatteningSignificance
        #expect(lidar == shared, "the LiDAR overrides its fattening thresholds only")
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = .stereo
        #expect(parameters.sensorBehaviour == nil && parameters.behaviour == SensorClass.stereo.behaviour)
        parameters.adjustBehaviour { $0.maximumBandPixels = 5 }
        #expect(parameters.behaviour.maximumBandPixels == 5 && parameters.behaviour.surfaceSpread == shared.surfaceSpread)
    }
}
