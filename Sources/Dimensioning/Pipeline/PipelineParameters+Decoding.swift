import Foundation

// Decoding of the pipeline's tunables that keeps the default of every missing key, so that a
// configuration file may name only what it changes: `{"pipeline": {"floor": {"voxelSize": 0.02}}}`.
// Keys are the property names (as the synthesized encoder writes them).

extension KeyedDecodingContainer {
    /// The value at `key`, or `fallback` when the key is absent. A present key with a value of
    /// the wrong type still throws.
    func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}

/// A coding key made from any string: lets the decoders below name keys without an enum
/// per struct (the synthesized `CodingKeys` stay private to the declaring file).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension PipelineParameters {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: AnyKey.self)
        fusion = try c.value(AnyKey("fusion"), or: fusion)
        floor = try c.value(AnyKey("floor"), or: floor)
        box = try c.value(AnyKey("box"), or: box)
        uncertainty = try c.value(AnyKey("uncertainty"), or: uncertainty)
        raisedPart = try c.value(AnyKey("raisedPart"), or: raisedPart)
        profile = try c.decodeIfPresent(SensorProfile.self, forKey: AnyKey("profile"))
    }
}

extension RaisedPartParameters {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: AnyKey.self)
        significance = try c.value(AnyKey("significance"), or: significance)
        minimumArea = try c.value(AnyKey("minimumArea"), or: minimumArea)
    }
}

extension FusionParameters {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: AnyKey.self)
        minimumConfidence = try c.value(AnyKey("minimumConfidence"), or: minimumConfidence)
        mediumConfidenceWeight = try c.value(AnyKey("mediumConfidenceWeight"), or: mediumConfidenceWeight)
        minimumDepth = try c.value(AnyKey("minimumDepth"), or: minimumDepth)
        maximumDepth = try c.value(AnyKey("maximumDepth"), or: maximumDepth)
        inlierBand = try c.value(AnyKey("inlierBand"), or: inlierBand)
        inlierBandPerMetre = try c.value(AnyKey("inlierBandPerMetre"), or: inlierBandPerMetre)
        minimumSupport = try c.value(AnyKey("minimumSupport"), or: minimumSupport)
        jumpPerMetre = try c.value(AnyKey("jumpPerMetre"), or: jumpPerMetre)
        maximumFrames = try c.value(AnyKey("maximumFrames"), or: maximumFrames)
    }
}

extension FloorParameters {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: AnyKey.self)
        voxelSize = try c.value(AnyKey("voxelSize"), or: voxelSize)
        distanceThreshold = try c.value(AnyKey("distanceThreshold"), or: distanceThreshold)
        maxIterations = try c.value(AnyKey("maxIterations"), or: maxIterations)
        maximumTiltDegrees = try c.value(AnyKey("maximumTiltDegrees"), or: maximumTiltDegrees)
        maximumPlanes = try c.value(AnyKey("maximumPlanes"), or: maximumPlanes)
        minimumInlierShare = try c.value(AnyKey("minimumInlierShare"), or: minimumInlierShare)
        maximumShareBelow = try c.value(AnyKey("maximumShareBelow"), or: maximumShareBelow)
        belowTolerance = try c.value(AnyKey("belowTolerance"), or: belowTolerance)
        belowTolerancePerSquareMetre = try c.value(AnyKey("belowTolerancePerSquareMetre"), or: belowTolerancePerSquareMetre)
        lidSuspicionHeight = try c.value(AnyKey("lidSuspicionHeight"), or: lidSuspicionHeight)
        refineBand = try c.value(AnyKey("refineBand"), or: refineBand)
        wallMinimumWidth = try c.value(AnyKey("wallMinimumWidth"), or: wallMinimumWidth)
        wallMinimumRise = try c.value(AnyKey("wallMinimumRise"), or: wallMinimumRise)
        wallBand = try c.value(AnyKey("wallBand"), or: wallBand)
    }
}

extension BoxParameters {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: AnyKey.self)
        minimumHeightAboveFloor = try c.value(AnyKey("minimumHeightAboveFloor"), or: minimumHeightAboveFloor)
        maximumHeightAboveFloor = try c.value(AnyKey("maximumHeightAboveFloor"), or: maximumHeightAboveFloor)
        maximumCandidates = try c.value(AnyKey("maximumCandidates"), or: maximumCandidates)
        clusterTolerance = try c.value(AnyKey("clusterTolerance"), or: clusterTolerance)
        minimumClusterPoints = try c.value(AnyKey("minimumClusterPoints"), or: minimumClusterPoints)
        topBand = try c.value(AnyKey("topBand"), or: topBand)
        topDistanceThreshold = try c.value(AnyKey("topDistanceThreshold"), or: topDistanceThreshold)
        topMaximumTiltDegrees = try c.value(AnyKey("topMaximumTiltDegrees"), or: topMaximumTiltDegrees)
        outlierNeighbours = try c.value(AnyKey("outlierNeighbours"), or: outlierNeighbours)
        outlierStdMultiplier = try c.value(AnyKey("outlierStdMultiplier"), or: outlierStdMultiplier)
        sideBand = try c.value(AnyKey("sideBand"), or: sideBand)
        silhouetteBackgroundDrop = try c.value(AnyKey("silhouetteBackgroundDrop"), or: silhouetteBackgroundDrop)
        silhouetteMaximumGapSamples = try c.value(AnyKey("silhouetteMaximumGapSamples"), or: silhouetteMaximumGapSamples)
        minimumSidePoints = try c.value(AnyKey("minimumSidePoints"), or: minimumSidePoints)
        minimumSideFaceStrips = try c.value(AnyKey("minimumSideFaceStrips"), or: minimumSideFaceStrips)
        minimumFaceSpanPixels = try c.value(AnyKey("minimumFaceSpanPixels"), or: minimumFaceSpanPixels)
        grazingFaceShiftShare = try c.value(AnyKey("grazingFaceShiftShare"), or: grazingFaceShiftShare)
        wallReach = try c.value(AnyKey("wallReach"), or: wallReach)
        wallFootDistance = try c.value(AnyKey("wallFootDistance"), or: wallFootDistance)
        surfaceSpread = try c.value(AnyKey("surfaceSpread"), or: surfaceSpread)
        baseLineAgreement = try c.value(AnyKey("baseLineAgreement"), or: baseLineAgreement)
        maximumBandPixels = try c.value(AnyKey("maximumBandPixels"), or: maximumBandPixels)
        missingReturnsReachPixels = try c.value(AnyKey("missingReturnsReachPixels"), or: missingReturnsReachPixels)
        bandConsistencyPixels = try c.value(AnyKey("bandConsistencyPixels"), or: bandConsistencyPixels)
        creaseBandFreePixels = try c.value(AnyKey("creaseBandFreePixels"), or: creaseBandFreePixels)
        creaseBandShare = try c.value(AnyKey("creaseBandShare"), or: creaseBandShare)
        lipMeasurableRise = try c.value(AnyKey("lipMeasurableRise"), or: lipMeasurableRise)
        lipCountError = try c.value(AnyKey("lipCountError"), or: lipCountError)
        fatteningPixels = try c.value(AnyKey("fatteningPixels"), or: fatteningPixels)
        lipShareLimit = try c.value(AnyKey("lipShareLimit"), or: lipShareLimit)
        suspectedFatteningPixels = try c.value(AnyKey("suspectedFatteningPixels"), or: suspectedFatteningPixels)
        suspectedFatteningSignificance = try c.value(AnyKey("suspectedFatteningSignificance"),
                                                     or: suspectedFatteningSignificance)
        blendingBandPixels = try c.value(AnyKey("blendingBandPixels"), or: blendingBandPixels)
        blendingFatteningSignificance = try c.value(AnyKey("blendingFatteningSignificance"), or: blendingFatteningSignificance)
        lipRiseErrorFloor = try c.value(AnyKey("lipRiseErrorFloor"), or: lipRiseErrorFloor)
        lipRiseNoiseShare = try c.value(AnyKey("lipRiseNoiseShare"), or: lipRiseNoiseShare)
        bandLipWindowBelow = try c.value(AnyKey("bandLipWindowBelow"), or: bandLipWindowBelow)
        bandLipMinimumSamples = try c.value(AnyKey("bandLipMinimumSamples"), or: bandLipMinimumSamples)
        bandLipMinimumFrames = try c.value(AnyKey("bandLipMinimumFrames"), or: bandLipMinimumFrames)
        bandLipSuspectedPixels = try c.value(AnyKey("bandLipSuspectedPixels"), or: bandLipSuspectedPixels)
        bandLipSignificance = try c.value(AnyKey("bandLipSignificance"), or: bandLipSignificance)
        outsideMargin = try c.value(AnyKey("outsideMargin"), or: outsideMargin)
        maximumShareOutside = try c.value(AnyKey("maximumShareOutside"), or: maximumShareOutside)
        occludedNeighbourReach = try c.value(AnyKey("occludedNeighbourReach"), or: occludedNeighbourReach)
        minimumHiddenNeighbourPoints = try c.value(AnyKey("minimumHiddenNeighbourPoints"), or: minimumHiddenNeighbourPoints)
        maximumNeighbourHeight = try c.value(AnyKey("maximumNeighbourHeight"), or: maximumNeighbourHeight)
        maximumNeighbourExtent = try c.value(AnyKey("maximumNeighbourExtent"), or: maximumNeighbourExtent)
        neighbourFaceDrop = try c.value(AnyKey("neighbourFaceDrop"), or: neighbourFaceDrop)
        neighbourFaceClearance = try c.value(AnyKey("neighbourFaceClearance"), or: neighbourFaceClearance)
        outlineStripWidth = try c.value(AnyKey("outlineStripWidth"), or: outlineStripWidth)
        outlineCornerMargin = try c.value(AnyKey("outlineCornerMargin"), or: outlineCornerMargin)
        outlineStepMinimum = try c.value(AnyKey("outlineStepMinimum"), or: outlineStepMinimum)
        outlineStepPixels = try c.value(AnyKey("outlineStepPixels"), or: outlineStepPixels)
        outlineStepMinimumShare = try c.value(AnyKey("outlineStepMinimumShare"), or: outlineStepMinimumShare)
        heightStepMinimum = try c.value(AnyKey("heightStepMinimum"), or: heightStepMinimum)
        heightStepWindow = try c.value(AnyKey("heightStepWindow"), or: heightStepWindow)
        heightStepSlice = try c.value(AnyKey("heightStepSlice"), or: heightStepSlice)
        heightStepMinimumSide = try c.value(AnyKey("heightStepMinimumSide"), or: heightStepMinimumSide)
        heightStepMinimumSamples = try c.value(AnyKey("heightStepMinimumSamples"), or: heightStepMinimumSamples)
        outlineSeenRays = try c.value(AnyKey("outlineSeenRays"), or: outlineSeenRays)
        outlineSeenDrop = try c.value(AnyKey("outlineSeenDrop"), or: outlineSeenDrop)
        outlineSupportBand = try c.value(AnyKey("outlineSupportBand"), or: outlineSupportBand)
        minimumFill = try c.value(AnyKey("minimumFill"), or: minimumFill)
        minimumSide = try c.value(AnyKey("minimumSide"), or: minimumSide)
        minimumHeight = try c.value(AnyKey("minimumHeight"), or: minimumHeight)
        rangeMinimum = try c.value(AnyKey("rangeMinimum"), or: rangeMinimum)
        rangeMaximum = try c.value(AnyKey("rangeMaximum"), or: rangeMaximum)
        borderMarginPixels = try c.value(AnyKey("borderMarginPixels"), or: borderMarginPixels)
    }
}

extension LiveAnalysisParameters {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: AnyKey.self)
        stride = try c.value(AnyKey("stride"), or: stride)
        floorBin = try c.value(AnyKey("floorBin"), or: floorBin)
        minimumFloorShare = try c.value(AnyKey("minimumFloorShare"), or: minimumFloorShare)
        maximumShareBelow = try c.value(AnyKey("maximumShareBelow"), or: maximumShareBelow)
        belowTolerance = try c.value(AnyKey("belowTolerance"), or: belowTolerance)
        minimumHeightAboveFloor = try c.value(AnyKey("minimumHeightAboveFloor"), or: minimumHeightAboveFloor)
        minimumBoxHeight = try c.value(AnyKey("minimumBoxHeight"), or: minimumBoxHeight)
        clusterTolerance = try c.value(AnyKey("clusterTolerance"), or: clusterTolerance)
        minimumBoxPixels = try c.value(AnyKey("minimumBoxPixels"), or: minimumBoxPixels)
        trackMatchDistance = try c.value(AnyKey("trackMatchDistance"), or: trackMatchDistance)
        steadyCentroidTolerance = try c.value(AnyKey("steadyCentroidTolerance"), or: steadyCentroidTolerance)
        steadyRectTolerance = try c.value(AnyKey("steadyRectTolerance"), or: steadyRectTolerance)
        minimumViewFill = try c.value(AnyKey("minimumViewFill"), or: minimumViewFill)
        maximumViewFill = try c.value(AnyKey("maximumViewFill"), or: maximumViewFill)
        minimumDistance = try c.value(AnyKey("minimumDistance"), or: minimumDistance)
        maximumDistance = try c.value(AnyKey("maximumDistance"), or: maximumDistance)
    }
}

extension UncertaintyParameters {
    public init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: AnyKey.self)
        sensorClass = try c.decodeIfPresent(SensorClass.self, forKey: AnyKey("sensorClass"))
        tolerance = try c.value(AnyKey("tolerance"), or: tolerance)
        independentPlanePoints = try c.value(AnyKey("independentPlanePoints"), or: independentPlanePoints)
    }
}
