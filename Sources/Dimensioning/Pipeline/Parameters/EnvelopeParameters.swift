/// What the engine measures at all: the mobile SDK's envelope of sizes and range, and how near
/// the image border a box may come before it is cut off.
public struct EnvelopeParameters: Sendable, Equatable, Codable {
    /// Smallest accepted footprint side (width), metres: the SDK's envelope, about 10 cm.
    public var minimumSide: Double = 0.10
    /// Smallest accepted height, metres. Lower than `minimumSide` because the height comes from
    /// two large fitted planes (top and floor), not from an edge: flat parcels are common.
    /// Default 0.06.
    public var minimumHeight: Double = 0.06
    /// The longest side of a parcel the engine measures, metres. What is longer is not a parcel:
    /// a vertical plane joining the box's cluster that runs farther is a wall (`wallsJoining`),
    /// and a hidden object taller than this is a wall or furniture, never a second parcel
    /// touching the box (`occludedNeighbourPoints`). A box longer than this is not refused, but
    /// its long side face may be taken for a wall. Default 1.0: the walls' old 1.0 m; hidden
    /// neighbours were allowed 1.2 m up, and 1.0 changed nothing on the tuning split, 60 tuning
    /// scenes or the real captures.
    public var maximumParcelSide: Double = 1.0
    /// A box whose pixels come within this many pixels of the image border is cut off.
    /// Default 2.
    public var borderMarginPixels: Int = 2

    public init() {}
}
