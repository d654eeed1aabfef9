/// Multi-frame depth fusion (`fuseFrames`). The sensor's sample confidence and noise are its
/// class's `SensorBehaviour`.
public struct FusionParameters: Sendable, Equatable, Codable {
    /// Depth range kept, metres along the optical axis. Defaults 0.1 and 5.0.
    public var minimumDepth: Double = 0.1
    public var maximumDepth: Double = 5.0
    /// A fused pixel needs inlier samples from at least this share of the frames (0...1).
    /// Default 0.3.
    public var minimumSupport: Double = 0.3
    /// Upper bound on frames fused (the last ones are used); protects time and memory.
    /// Default 120.
    public var maximumFrames: Int = 120

    public init() {}
}
