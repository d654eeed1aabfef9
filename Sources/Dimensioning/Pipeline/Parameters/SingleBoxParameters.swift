/// "Is this one box?" (`measureCandidate`): other objects touching the measured one, in plain
/// view or hidden behind it. Refused as `severalBoxes` (or `againstWall`).
public struct SingleBoxParameters: Sendable, Equatable, Codable {
    /// Refused when more than `maximumShareOutside` of the object's points lie more than
    /// `outsideMargin` metres outside the fitted footprint (another box touches it). Defaults
    /// 0.025 m and 0.05.
    public var outsideMargin: Double = 0.025
    public var maximumShareOutside: Double = 0.05
    /// An object partly hidden behind the box (bordering it in the image, farther from the
    /// camera) within `occludedNeighbourReach` metres of its footprint may touch it out of
    /// sight: refused when it shows `minimumHiddenNeighbourPoints` points. An object beside the
    /// box in plain view (a laptop next to a carton) is not a reason to refuse, nor is one taller
    /// than the longest parcel (`EnvelopeParameters.maximumParcelSide`) or wider, seen from
    /// above, than `maximumNeighbourExtent` metres: a wall or furniture. Defaults 0.25 m, 20
    /// and 1.5 m. The extent is measured corner to corner over what of the object is seen, with
    /// the floor under it, so it stays wider than the longest parcel: at 1.0 m two touching
    /// boxes of the tuning split (seed 2026, scenario 24) were measured as one.
    public var occludedNeighbourReach: Double = 0.25
    public var minimumHiddenNeighbourPoints: Int = 20
    public var maximumNeighbourExtent: Double = 1.5
    /// A hidden object whose samples bordering the box show `neighbourFaceClearance` metres or
    /// more of seen space between it and the box stands apart (`showsFaceApart`): a sample on
    /// its near face (more than `neighbourFaceDrop` metres below its top) lies that far outside
    /// the box's footprint, where the face stands where the box hides it too; a sample on its
    /// top has its line of sight cross the box's top level that far outside the footprint (past
    /// the box's shadow). Valid: drop 0.005-0.05, clearance ≥ 0.01. Defaults 0.015, 0.03.
    public var neighbourFaceDrop: Double = 0.015
    public var neighbourFaceClearance: Double = 0.03

    public init() {}
}
