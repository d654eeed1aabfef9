/// The top face's plane (`fitTopFace`): RANSAC through PCL in the band below the box's highest
/// points.
public struct TopParameters: Sendable, Equatable, Codable {
    /// Depth of the band below the box's highest points searched for the top face, metres.
    /// Default 0.03.
    public var band: Double = 0.03
    /// RANSAC inlier distance for the top face, metres; also what counts as "on the plane" for
    /// the top's flatness. Default 0.006.
    public var distanceThreshold: Double = 0.006
    /// The top's normal must be within this angle of the floor's, degrees. Default 5.
    public var maximumTiltDegrees: Double = 5

    public init() {}
}
