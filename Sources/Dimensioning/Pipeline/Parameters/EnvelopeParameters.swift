/// What the engine measures at all: the mobile SDK's envelope of sizes and range, and how near
/// the image border a box may come before it is cut off.
public struct EnvelopeParameters: Sendable, Equatable, Codable {
    /// Smallest accepted footprint side (width), metres: the SDK's envelope, about 10 cm.
    public var minimumSide: Double = 0.10
    /// Smallest accepted height, metres. Lower than `minimumSide` because the height comes from
    /// two large fitted planes (top and floor), not from an edge: flat parcels are common.
    /// Default 0.06.
    public var minimumHeight: Double = 0.06
    /// Accepted camera-to-box distance, metres. Defaults 0.3 and 2.0.
    public var rangeMinimum: Double = 0.3
    public var rangeMaximum: Double = 2.0
    /// A box whose pixels come within this many pixels of the image border is cut off.
    /// Default 2.
    public var borderMarginPixels: Int = 2

    public init() {}
}
