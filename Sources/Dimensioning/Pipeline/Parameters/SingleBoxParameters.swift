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
    /// box in plain view (a laptop next to a carton) is not a reason to refuse. Defaults 0.25 m
    /// and 20.
    public var occludedNeighbourReach: Double = 0.25
    public var minimumHiddenNeighbourPoints: Int = 20
    /// Hidden objects taller (metres above the floor) or wider (metres across, seen from above)
    /// than this are walls or furniture, not parcels. Defaults 1.2 and 1.5.
    public var maximumNeighbourHeight: Double = 1.2
    public var maximumNeighbourExtent: Double = 1.5
    /// A hidden object whose samples bordering the box lie on its near face (more than
    /// `neighbourFaceDrop` metres below its top), `neighbourFaceClearance` metres or more
    /// outside the box's footprint, stands apart: its face is vertical where the box hides it
    /// too (`showsFaceApart`). Valid: drop 0.005-0.05, clearance ≥ 0.01. Defaults 0.015, 0.03.
    public var neighbourFaceDrop: Double = 0.015
    public var neighbourFaceClearance: Double = 0.03

    public init() {}
}
