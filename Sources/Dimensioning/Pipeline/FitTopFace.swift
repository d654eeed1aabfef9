import CPointCloud
import Foundation

/// The box's top face, a plane parallel to the floor.
public struct TopFaceFit: Sendable {
    /// Height of the top plane above the floor plane, metres.
    public var height: Double
    /// Indices into `FusedScene.pointsInWorld` of the top face's inlier points.
    public var inlierIndices: [Int]
    /// Inliers over the points searched (the band below the box's highest points), 0...1.
    public var inlierShare: Double
    /// Indices into `FusedScene.pointsInWorld` of all points searched (the band).
    public var bandIndices: [Int]
    /// RMS distance of the inliers from the top plane, metres.
    public var rms: Double
}

/// Fits the top face: among the box points within `topBand` below the 98th-percentile height,
/// a RANSAC plane (PCL `SACMODEL_PERPENDICULAR_PLANE`, inlier distance `planeBand` metres, the
/// sensor's `SensorBehaviour.inlierBand`; normal within `topMaximumTiltDegrees` of the floor's), then the top height as the 10 %-trimmed mean of the inliers' heights: the
/// least-squares offset of a plane whose normal is fixed to the floor's. The box height is thus
/// the distance between two fitted parallel planes, not an extreme point.
///
/// - Throws: `notCuboid` when no flat top is found.
public func fitTopFace(_ scene: FusedScene, box: BoxSegment, parameters: TopParameters = .init(),
                       planeBand: Double = SensorBehaviour.shared.inlierBand) throws(DimensioningError) -> TopFaceFit {
    guard let high = Statistics.quantile(box.heights, 0.98) else { throw .noBox() }
    var band: [Int] = []
    for (j, h) in box.heights.enumerated() where h >= high - parameters.band { band.append(j) }
    guard band.count >= 10 else { throw .notCuboid(reason: "too few points on the top (\(band.count))") }
    let bandPoints = scene.pointsInWorld.subset(band.map { box.pointIndices[$0] })
    let params = cpc_plane_params.ransac(threshold: planeBand, iterations: 200,
                                         axis: box.floorFrame.up, epsilonDegrees: parameters.maximumTiltDegrees,
                                         optimize: false)
    let fit: (coefficients: SIMD4<Double>, inliers: [Bool], inlierCount: Int)
    do { fit = try NativeCloud.fitPlane(bandPoints, parameters: params) } catch {
        throw .notCuboid(reason: "the top is not flat")
    }
    var inlierIndices: [Int] = [], inlierHeights: [Double] = []
    for (k, j) in band.enumerated() where fit.inliers[k] {
        inlierIndices.append(box.pointIndices[j])
        inlierHeights.append(box.heights[j])
    }
    guard let height = Statistics.trimmedMean(inlierHeights, trim: 0.1) else {
        throw .notCuboid(reason: "the top is not flat")
    }
    let rms = (inlierHeights.reduce(0) { $0 + ($1 - height) * ($1 - height) } / Double(inlierHeights.count)).squareRoot()
    return TopFaceFit(height: height, inlierIndices: inlierIndices,
                      inlierShare: Double(inlierIndices.count) / Double(band.count),
                      bandIndices: band.map { box.pointIndices[$0] }, rms: rms)
}
