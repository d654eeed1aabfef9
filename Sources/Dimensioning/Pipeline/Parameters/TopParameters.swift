/// The top face's plane (`fitTopFace`): RANSAC through PCL in the band below the box's highest
/// points.
public struct TopParameters: Sendable, Equatable, Codable {
    /// Depth of the band below the box's highest points searched for the top face, metres.
    /// Default 0.03.
    public var band: Double = 0.03
    /// The top's normal must be within this angle of the floor's, degrees. Default 5.
    public var maximumTiltDegrees: Double = 5

    public init() {}
}
