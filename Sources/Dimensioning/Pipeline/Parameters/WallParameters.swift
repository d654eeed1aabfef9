/// Walls joining the box's cluster or standing beside it (`wallsJoining`, `wallsBeside`). The
/// band of a wall's own points is the sensor's (`PipelineParameters.wallBand`), and how near a
/// side stands to a wall's foot to touch it is the engine's separation
/// (`PipelineParameters.wallFootDistance`).
public struct WallParameters: Sendable, Equatable, Codable {
    /// A vertical plane in the box's cluster is a wall when its points run farther along it
    /// than the longest parcel (`EnvelopeParameters.maximumParcelSide`) and rise at least this
    /// far, metres (2nd to 98th percentile of their heights). Default 0.3.
    public var minimumRise: Double = 0.3
    /// Walls are looked for among the other objects with a point within this distance (metres)
    /// of the box's points' bounding rectangle, and a side whose line stands within it of a
    /// wall parallel to it is "beside a wall" (`EdgeEstimate.wallDistance`). Default 0.10.
    public var reach: Double = 0.10

    public init() {}
}
