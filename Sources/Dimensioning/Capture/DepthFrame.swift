/// One depth image from a capture, with what is needed to place its pixels in the world.
///
/// Camera axes follow OpenCV and PCL: x right, y down, z forward (the optical axis). Depth is
/// z-depth along the optical axis in metres, not range along the ray.
public struct DepthFrame: Sendable, Equatable {
    /// Image width and height in pixels.
    public var width: Int
    public var height: Int
    /// Row-major z-depth in metres, `width * height` values; 0 means "no return".
    public var depth: [Float]
    /// Row-major per-pixel confidence, `width * height` values: 0 low, 1 medium, 2 high
    /// (ARKit's `ARConfidenceLevel`). Nil when the source records none; then every pixel with a
    /// depth counts as high.
    public var confidence: [UInt8]?
    /// Intrinsics at the depth resolution (`intrinsics.width == width`).
    public var intrinsics: CameraIntrinsics
    /// Maps camera coordinates to the engine's world frame (z up, gravity along -z); nil when
    /// the source recorded no pose.
    public var worldFromCamera: RigidTransform?
    /// Seconds since the start of the capture.
    public var timestamp: Double

    public init(width: Int, height: Int, depth: [Float], confidence: [UInt8]?,
                intrinsics: CameraIntrinsics, worldFromCamera: RigidTransform?, timestamp: Double) {
        self.width = width
        self.height = height
        self.depth = depth
        self.confidence = confidence
        self.intrinsics = intrinsics
        self.worldFromCamera = worldFromCamera
        self.timestamp = timestamp
    }

    /// Depth in metres at column `x`, row `y` (0 when there is no return).
    @inline(__always)
    public func depth(x: Int, y: Int) -> Float { depth[y * width + x] }

    /// Confidence at column `x`, row `y` (2 when the source records none).
    @inline(__always)
    public func confidence(x: Int, y: Int) -> UInt8 { confidence?[y * width + x] ?? 2 }
}
