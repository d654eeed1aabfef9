/// The output of frame fusion: one cloud in the world frame, still tied to the reference
/// camera's pixel grid when the capture has one.
///
/// World frame: for Stray Scanner captures with poses, the engine's world (z up, gravity along
/// -z); without poses, the reference camera's frame (x right, y down, z forward), and gravity is
/// unknown.
public struct FusedScene: Sendable {
    /// Fused points, metres, in the world frame.
    public var pointsInWorld: PointCloud
    /// For each point, `row * gridWidth + column` in the reference image; nil for an
    /// unorganized cloud.
    public var pixelIndex: [Int32]?
    /// For each point, the share of its samples that were high confidence (0...1).
    public var highConfidenceShare: [Float]
    /// Reference image size in pixels (0 when unorganized).
    public var gridWidth: Int
    public var gridHeight: Int
    /// Intrinsics of the reference camera at `gridWidth x gridHeight`, when known.
    public var intrinsics: CameraIntrinsics?
    /// Pose of the reference camera in the world frame.
    public var worldFromReferenceCamera: RigidTransform
    /// Unit gravity direction in the world frame when known.
    public var gravityInWorld: SIMD3<Double>?
    /// Number of frames that contributed.
    public var frameCount: Int
    /// The per-frame points in the world frame (metres), kept for frame-to-frame agreement.
    /// Empty for single-cloud captures.
    public var framePointsInWorld: [PointCloud]
    /// For each frame's point, the reference pixel it was binned into (parallel to
    /// `framePointsInWorld`).
    public var framePixelIndex: [[Int32]]

    /// Position of the reference camera in the world frame, metres.
    public var cameraPosition: SIMD3<Double> { worldFromReferenceCamera.translation }

    /// Unit optical axis of the reference camera in the world frame.
    public var viewDirection: SIMD3<Double> { worldFromReferenceCamera.rotate(SIMD3(0, 0, 1)) }
}
