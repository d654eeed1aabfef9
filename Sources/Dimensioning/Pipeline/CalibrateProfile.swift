import Foundation

/// What `calibrateProfile` found: the profile and the measurements it came from.
public struct CalibrationResult: Sendable {
    public var profile: SensorProfile
    /// The uncalibrated measurement of the (first) reference box (length, width, height), metres.
    public var measured: [Double]
    /// The same box measured again with the new profile, metres.
    public var calibrated: [Double]
    /// Silhouette sides that carried the edge offset (0...4 per reference, summed over the
    /// references); 0 means the offset could not be seen and was left at 0.
    public var silhouetteSides: Int
    /// Every reference's uncalibrated and calibrated measurement (length, width, height),
    /// metres, in the order given.
    public var references: [(measured: [Double], calibrated: [Double])] = []
    /// Three standard errors of the depth scale over the references (nil under three): a
    /// scale closer to 1 than this was left at 1.
    public var scaleUncertainty: Double?
    /// Three standard errors of the edge offset, pixels, from the fit's residuals over the
    /// references (nil under three references, or too few silhouette sides to tell): an offset
    /// closer to 0 than this was left at 0.
    public var offsetUncertainty: Double?
    /// Scenes only (`calibrateProfile(scenes:known:)`): the cartons whose length and width are
    /// the known size's but whose height is more than 12 % off it (measured against another
    /// surface than the one they stand on, or another carton), metres (length, width, height),
    /// in the order found. They are not references.
    public var leftOut: [[Double]] = []
}

/// The depth image size every reference shares (`SensorProfile.imageSizePixels`); nil when
/// one is an unorganised cloud or they differ.
func commonImageSize(_ references: [CalibrationReference]) -> [Int]? {
    let sizes = references.map(\.capture.imageSizePixels)
    guard let first = sizes.first ?? nil, sizes.allSatisfy({ $0 == first }) else { return nil }
    return first
}

/// One capture of a reference box of known size for `calibrateProfile`.
public struct CalibrationReference: Sendable {
    public var capture: DepthCapture
    /// The box's true (length, width, height), metres; length and width in either order.
    public var known: [Double]
    /// What to call it in an error (its path), when there are several.
    public var name: String?

    public init(capture: DepthCapture, known: [Double], name: String? = nil) {
        self.capture = capture
        self.known = known
        self.name = name
    }
}

/// Measures one of several references; a refusal names the reference (which placement to
/// retake), one reference's refusal is passed on as it is.
private func measureReference(_ index: Int, of references: [CalibrationReference], parameters: PipelineParameters,
                              stage: String) throws(DimensioningError) -> PipelineResult {
    do { return try runPipeline(references[index].capture, parameters: parameters) } catch {
        guard references.count > 1, !error.isUnreadable else { throw error }
        let name = references[index].name ?? "reference \(index + 1)"
        throw .unsupported(feature: "a calibration with \(name) \(stage): it is refused (\(error.description)); retake or leave out that placement")
    }
}

/// Calibrates a sensor against a box of known size, as industrial dimensioners are verified.
///
/// 1. Measures the capture without a profile.
/// 2. **Depth scale** from the height, the one dimension no edge touches: a depth scale error
///    scales the scene about the camera, so `scale = knownHeight / measuredHeight`.
/// 3. **Edge offset** from the footprint, after scaling: the residual of length and width is
///    the sum, over each dimension's silhouette sides, of offset × pixel footprint (side faces
///    carry no sensor edge). The offset (pixels) is the least-squares solution of the two
///    residuals; with no silhouette side it cannot be seen and stays 0.
///
/// `known` is (length, width, height) in metres, length >= width.
///
/// - Throws: the pipeline's refusal for the reference capture, or `unsupported` when the known
///   size is not a plausible box or the result is outside a profile's valid range.
public func calibrateProfile(_ capture: DepthCapture, known: [Double], parameters: PipelineParameters = .init(),
                             reference: String? = nil) throws(DimensioningError) -> CalibrationResult {
    try calibrateProfile([CalibrationReference(capture: capture, known: known)], parameters: parameters, reference: reference)
}

/// Calibrates a sensor from several captures of reference boxes (the same box placed and
/// turned a few times, or several boxes): one capture's edge offset is good to a few tenths of
/// a pixel and its depth scale carries that capture's own noise, so placements are pooled.
/// From three references on, a scale or offset within three standard errors of neutral (1, 0)
/// over the references is their scatter, not the sensor's, and is left neutral
/// (`CalibrationResult.scaleUncertainty`, `offsetUncertainty`).
/// The depth scale is the median of the references' known-to-measured height ratios, the edge
/// offset the least-squares solution of every
/// reference's length and width residuals after scaling (see the single-capture form); from
/// three references on, sides facing the camera get their own offset when the references
/// show it differs from the others' (`EdgeOffsetFit`).
///
/// - Throws: `unsupported` without a reference, for an implausible known size
///   or a result outside a profile's valid range, or naming the reference the pipeline refuses
///   (`CalibrationReference.name`); with one reference, the pipeline's refusal itself.
public func calibrateProfile(_ references: [CalibrationReference], parameters: PipelineParameters = .init(),
                             reference: String? = nil) throws(DimensioningError) -> CalibrationResult {
    guard !references.isEmpty else { throw .unsupported(feature: "a calibration without a reference capture") }
    var sizes: [[Double]] = []
    for item in references {
        let known = item.known
        guard known.count == 3, known.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw .unsupported(feature: "a reference box size that is not three positive lengths")
        }
        sizes.append([max(known[0], known[1]), min(known[0], known[1]), known[2]])
    }
    var uncalibrated = parameters
    uncalibrated.profile = nil
    var measured: [[Double]] = []
    for index in references.indices {
        let first = try measureReference(index, of: references, parameters: uncalibrated, stage: "without a profile")
        measured.append([first.cuboid.length, first.cuboid.width, first.cuboid.height])
    }
    let ratios = zip(sizes, measured).map { $0[2] / $1[2] }
    let (scale, scaleUncertainty) = try fittedDepthScale(ratios, measuredHeight: measured[0][2], knownHeight: sizes[0][2])
    var scaled = uncalibrated
    scaled.profile = SensorProfile(edgeOffsetPixels: 0, depthScale: scale)
    // One row per reference and dimension: the residual after scaling, and the footprints of
    // the sides carrying the offset in it, those facing away and those facing the camera.
    var rows: [EdgeOffsetFit.Row] = []
    var silhouetteSides = 0
    for (index, size) in sizes.enumerated() {
        let second = try measureReference(index, of: references, parameters: scaled, stage: "with the depth scale")
        let edges = second.cuboid.edges
        rows += EdgeOffsetFit.Row.pair(residuals: [second.cuboid.length - size[0], second.cuboid.width - size[1]],
                                       sides: edges.map { ($0.carriesProfileOffset, $0.facesCamera, $0.pixelFootprint) })
        silhouetteSides += edges.filter(\.carriesProfileOffset).count
    }
    let fit = EdgeOffsetFit(rows, pooledOnly: references.count < 3)
    let profile = try fittedProfile(fit, scale: scale, ratios: ratios, known: sizes[0], measured: measured[0],
                                    reference: reference, imageSize: commonImageSize(references))
    let offsetUncertainty = fit.offsetUncertainty
    var final = uncalibrated
    final.profile = profile
    var pairs: [(measured: [Double], calibrated: [Double])] = []
    for (index, m) in measured.enumerated() {
        let third = try measureReference(index, of: references, parameters: final, stage: "with the fitted profile")
        pairs.append((m, [third.cuboid.length, third.cuboid.width, third.cuboid.height]))
    }
    return CalibrationResult(profile: profile, measured: pairs[0].measured, calibrated: pairs[0].calibrated,
                             silhouetteSides: silhouetteSides, references: pairs,
                             scaleUncertainty: scaleUncertainty, offsetUncertainty: offsetUncertainty)
}

/// The depth scale from references' known-to-measured height ratios (their median: one odd
/// placement, a tall box seen at a grazing angle or a bent floor, does not set the scale for the
/// others), and, from three references on, three standard errors of it: a scale the references'
/// own scatter explains (within `EdgeOffsetFit.significance` standard errors of 1: the median's,
/// 1.2533 σ / √n) is no property of the sensor, and correcting it would add that scatter to
/// every later measurement, so it stays 1.
///
/// - Throws: `unsupported` for a scale outside 0.9...1.1 (the first reference's heights named).
func fittedDepthScale(_ ratios: [Double], measuredHeight: Double,
                      knownHeight: Double) throws(DimensioningError) -> (scale: Double, uncertainty: Double?) {
    var scale = Statistics.median(ratios) ?? 1
    guard (0.9...1.1).contains(scale) else {
        throw .unsupported(feature: String(format: "a depth scale of %.3f (the reference box's height is measured %.1f mm against %.1f mm: is it the right box?)",
                                           scale, measuredHeight * 1000, knownHeight * 1000))
    }
    let uncertainty = ratios.count >= 3
        ? EdgeOffsetFit.significance * 1.2533 * (Statistics.standardDeviation(ratios) ?? 0) / Double(ratios.count - 1).squareRoot()
        : nil
    if let uncertainty, abs(scale - 1) < uncertainty { scale = 1 }
    return (scale, uncertainty)
}

/// The profile of a fitted edge offset and depth scale, rounded as profiles are written (0.01
/// px; the scatter at most 5 px), with the references' depth-scale scatter from three on (rounded
/// to 0.01 %, at most 10 %) when `recordsScaleScatter`. `known` and `measured` are the first
/// reference's (metres).
///
/// - Throws: `unsupported` for an offset outside ±5 px (the first reference's sizes named).
func fittedProfile(_ fit: EdgeOffsetFit, scale: Double, ratios: [Double], known: [Double], measured: [Double],
                   reference: String?, imageSize: [Int]?, recordsScaleScatter: Bool = true) throws(DimensioningError) -> SensorProfile {
    guard fit.offset.isFinite, (-5...5).contains(fit.offset), (fit.facingOffset ?? 0).isFinite,
          (-5...5).contains(fit.facingOffset ?? 0) else {
        throw .unsupported(feature: String(format: "an edge offset of %.1f pixels (the reference box measures %.1f x %.1f mm against %.1f x %.1f mm: is it the right box?)",
                                           fit.offset, measured[0] * 1000, measured[1] * 1000, known[0] * 1000, known[1] * 1000))
    }
    var profile = SensorProfile(edgeOffsetPixels: (fit.offset * 100).rounded() / 100, depthScale: scale,
                                reference: reference, knownSizeMM: known.map { ($0 * 10000).rounded() / 10 },
                                facingEdgeOffsetPixels: fit.facingOffset.map { ($0 * 100).rounded() / 100 },
                                edgeScatterPixels: fit.scatterPixels.map { min(5, ($0 * 100).rounded() / 100) },
                                imageSizePixels: imageSize)
    if recordsScaleScatter, ratios.count >= 3, let spread = Statistics.standardDeviation(ratios) {
        profile.depthScaleScatter = min(0.1, (spread * 10000).rounded() / 10000)
    }
    return profile
}
