/// Multi-frame depth fusion (`fuseFrames`). The sensor's depth range, sample confidence and
/// noise are its class's `SensorBehaviour`.
public struct FusionParameters: Sendable, Equatable, Codable {
    /// A fused pixel needs inlier samples from at least this share of the frames (0...1).
    /// Default 0.3.
    public var minimumSupport: Double = 0.3
    /// Upper bound on frames fused (the last ones are used); protects time and memory.
    /// Default 120.
    public var maximumFrames: Int = 120

    public init() {}
}
