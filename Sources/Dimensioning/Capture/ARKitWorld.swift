/// The change of world axes between ARKit (as written by Stray Scanner) and the engine.
///
/// - **ARKit world**: right-handed, y up; gravity points along **-y**. Stray Scanner's
///   odometry gives `worldFromCamera` in this world, with the camera axes already turned to
///   OpenCV's (x right, y down, z forward) by the app's 180-degree rotation about x.
/// - **Engine world**: right-handed, z up; gravity points along **-z**.
///
/// A point (x_a, y_a, z_a) in ARKit's world is (x_a, -z_a, y_a) in the engine's world: a
/// rotation of +90 degrees about x, `engineFromARKit` with rows (1, 0, 0), (0, 0, -1), (0, 1, 0).
/// Camera axes are the same in both (OpenCV), so only the world side of a pose changes:
/// `worldFromCamera_engine = engineFromARKit ∘ worldFromCamera_arkit`.
public enum ARKitWorld {
    /// Maps ARKit world coordinates (y up) to engine world coordinates (z up). Metres.
    public static let engineFromARKit = RigidTransform(
        rows: [SIMD3(1, 0, 0), SIMD3(0, 0, -1), SIMD3(0, 1, 0)], translation: .zero)

    /// Gravity in the engine's world: straight down, (0, 0, -1).
    public static let gravityInEngineWorld = SIMD3<Double>(0, 0, -1)

    /// A camera pose in ARKit's world (OpenCV camera axes) as a pose in the engine's world.
    public static func engineWorldFromCamera(arkitWorldFromCamera pose: RigidTransform) -> RigidTransform {
        engineFromARKit.composed(with: pose)
    }

    /// The inverse of `engineWorldFromCamera(arkitWorldFromCamera:)`: an engine-world pose
    /// as a pose in ARKit's world (for writing Stray Scanner odometry).
    public static func arkitWorldFromCamera(engineWorldFromCamera pose: RigidTransform) -> RigidTransform {
        engineFromARKit.inverse.composed(with: pose)
    }
}
