import Foundation

/// What `calibrateProfile` found: the profile and the measurement it came from.
public struct CalibrationResult: Sendable {
    public var profile: SensorProfile
    /// The uncalibrated measurement of the reference box (length, width, height), metres.
    public var measured: [Double]
    /// The same box measured again with the new profile, metres.
    public var calibrated: [Double]
    /// Silhouette sides that carried the edge offset (0...4); 0 means the offset could not be
    /// seen and was left at 0.
    public var silhouetteSides: Int
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
    guard known.count == 3, known.allSatisfy({ $0.isFinite && $0 > 0 }) else {
        throw .unsupported(feature: "a reference box size that is not three positive lengths")
    }
    let size = [max(known[0], known[1]), min(known[0], known[1]), known[2]]
    var uncalibrated = parameters
    uncalibrated.profile = nil
    let first = try runPipeline(capture, parameters: uncalibrated)
    let measured = [first.cuboid.length, first.cuboid.width, first.cuboid.height]
    let scale = size[2] / measured[2]
    guard (0.9...1.1).contains(scale) else {
        throw .unsupported(feature: String(format: "a depth scale of %.3f (the reference box's height is measured %.1f mm against %.1f mm: is it the right box?)",
                                           scale, measured[2] * 1000, size[2] * 1000))
    }
    var scaled = uncalibrated
    scaled.profile = SensorProfile(edgeOffsetPixels: 0, depthScale: scale)
    let second = try runPipeline(capture, parameters: scaled)
    let edges = second.cuboid.edges
    func footprintSum(_ sides: Range<Int>) -> Double {
        sides.reduce(0) { $0 + (edges[$1].method == .silhouette ? edges[$1].pixelFootprint : 0) }
    }
    let a = footprintSum(0..<2), b = footprintSum(2..<4)
    let residualLength = second.cuboid.length - size[0], residualWidth = second.cuboid.width - size[1]
    let denominator = a * a + b * b
    let offset = denominator > 0 ? (a * residualLength + b * residualWidth) / denominator : 0
    guard offset.isFinite, (-5...5).contains(offset) else {
        throw .unsupported(feature: String(format: "an edge offset of %.1f pixels (the reference box measures %.1f x %.1f mm against %.1f x %.1f mm: is it the right box?)",
                                           offset, measured[0] * 1000, measured[1] * 1000, size[0] * 1000, size[1] * 1000))
    }
    let profile = SensorProfile(edgeOffsetPixels: (offset * 100).rounded() / 100, depthScale: scale,
                                reference: reference, knownSizeMM: size.map { ($0 * 10000).rounded() / 10 })
    var final = uncalibrated
    final.profile = profile
    let third = try runPipeline(capture, parameters: final)
    return CalibrationResult(profile: profile, measured: measured,
                             calibrated: [third.cuboid.length, third.cuboid.width, third.cuboid.height],
                             silhouetteSides: edges.filter { $0.method == .silhouette }.count)
}
