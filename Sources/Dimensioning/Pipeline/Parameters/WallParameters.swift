/// Walls joining the box's cluster or standing beside it (`wallsJoining`, `wallsBeside`).
public struct WallParameters: Sendable, Equatable, Codable {
    /// A vertical plane in the box's cluster is a wall when its points run farther along it
    /// than the longest parcel (`EnvelopeParameters.maximumParcelSide`) and rise at least this
    /// far, metres (2nd to 98th percentile of their heights). Default 0.3.
    public var minimumRise: Double = 0.3
    /// Points within twice this distance (metres) of a wall found in the box's cluster are the
    /// wall's (its noise, its flying pixels): the object is found again without them, and when
    /// its top stands within half `reach` of the wall (`objectGapToWalls`) the capture is
    /// refused (`againstWall`). Default 0.008.
    public var band: Double = 0.008
    /// Walls are looked for among the other objects with a point within this distance (metres)
    /// of the box's points' bounding rectangle, and a side whose line stands within it of a
    /// wall parallel to it is "beside a wall" (`EdgeEstimate.wallDistance`). Default 0.10.
    public var reach: Double = 0.10
    /// A box refused as several objects with a side within this distance (metres) of a wall
    /// (placed at the wall's foot) is refused as `againstWall` instead: the other object was
    /// the wall. A negative distance turns this off. Default 0.02.
    public var footDistance: Double = 0.02

    public init() {}
}
