import Foundation
import Dimensioning

/// Where the simulated phone is and how it moves during a capture.
///
/// The nominal camera sits on a sphere around the look-at point: `distance` metres away,
/// raised `elevation` radians above the horizontal, at compass angle `azimuth` (radians,
/// counter-clockwise from world +x) seen from the look-at point. It looks at the look-at
/// point with a level horizon (plus `roll`). Hand tremor and recorded-pose error come on top.
/// World frame: z up; camera axes OpenCV (x right, y down, z forward).
public struct CameraRig: Sendable, Codable, Equatable {
    /// Distance in metres from the camera to the look-at point (the box centre by default).
    public var distance: Double
    /// Angle in radians of the line of sight below the horizontal (30-75 degrees for hand-held
    /// captures; pi/2 looks straight down).
    public var elevation: Double
    /// Compass angle in radians of the camera around the look-at point, counter-clockwise
    /// from world +x: the camera's horizontal position is lookAt + (cos, sin) * distance * cos(elevation).
    public var azimuth: Double
    /// The world point (metres) the optical axis passes through; nil means the centre of the
    /// scene's target box (its volume centre, z = height / 2), or the world origin without one.
    public var lookAt: SIMD3<Double>?
    /// Rotation about the optical axis in radians (0: level horizon).
    public var roll: Double
    /// Number of frames, 1-60.
    public var frameCount: Int
    /// Frame rate in hertz; frame k has timestamp k / frameRate seconds. Default 60 Hz (ARKit).
    public var frameRate: Double
    /// Total change of azimuth over the capture, radians (0: the phone is held in place).
    public var azimuthSweep: Double
    /// Frame-to-frame wobble of the real (rendering) pose.
    public var tremor: HandTremor
    /// How far the recorded pose is from the real one.
    public var poseError: PoseRecordingError
    /// Intrinsics of the depth image (default: an iPhone/iPad LiDAR depth map, 256x192).
    public var intrinsics: CameraIntrinsics

    public init(distance: Double, elevation: Double, azimuth: Double = 0, lookAt: SIMD3<Double>? = nil,
                roll: Double = 0, frameCount: Int = 30, frameRate: Double = 60, azimuthSweep: Double = 0,
                tremor: HandTremor = HandTremor(), poseError: PoseRecordingError = PoseRecordingError(),
                intrinsics: CameraIntrinsics = .iPhoneLiDARDepth) {
        precondition(distance > 0, "camera distance must be positive (metres)")
        precondition((1...60).contains(frameCount), "frameCount must be 1...60")
        precondition(frameRate > 0, "frame rate must be positive")
        self.distance = distance
        self.elevation = elevation
        self.azimuth = azimuth
        self.lookAt = lookAt
        self.roll = roll
        self.frameCount = frameCount
        self.frameRate = frameRate
        self.azimuthSweep = azimuthSweep
        self.tremor = tremor
        self.poseError = poseError
        self.intrinsics = intrinsics
    }

    /// A steady rig for exact tests: no tremor, no pose error.
    public func steady() -> CameraRig {
        var r = self
        r.tremor = .none
        r.poseError = .none
        return r
    }

    /// The look-at point in the world frame (metres) for `scene`.
    public func resolvedLookAt(in scene: SimulatedScene) -> SIMD3<Double> {
        lookAt ?? scene.target?.centroid ?? .zero
    }

    /// The azimuth in radians at frame `index` (the sweep spread evenly over the frames).
    func azimuth(atFrame index: Int) -> Double {
        frameCount > 1 ? azimuth + azimuthSweep * Double(index) / Double(frameCount - 1) : azimuth
    }

    /// The tremor-free `worldFromCamera` pose of frame `index` looking at `target` (world, metres).
    public func nominalPose(frame index: Int, lookingAt target: SIMD3<Double>) -> RigidTransform {
        let az = azimuth(atFrame: index)
        let horizontal = SIMD3(cos(az), sin(az), 0.0)
        let offset = horizontal * (distance * cos(elevation)) + SIMD3(0, 0, distance * sin(elevation))
        // For a camera at azimuth `az` looking back at the target, image-right is (-sin, cos, 0).
        let right = SIMD3(-sin(az), cos(az), 0.0)
        return RigidTransform.lookAt(eye: target + offset, target: target, right: right, roll: roll)
    }

    /// The camera's world position (metres) at frame `index` without tremor.
    public func nominalPosition(frame index: Int, lookingAt target: SIMD3<Double>) -> SIMD3<Double> {
        nominalPose(frame: index, lookingAt: target).translation
    }
}

extension CameraIntrinsics {
    /// An iPhone/iPad LiDAR depth map's intrinsics: the 1920x1440 RGB camera (fx = fy = 1450 px,
    /// principal point at the image centre, 960, 720) scaled to the 256x192 depth resolution,
    /// as the Stray Scanner format prescribes (fx = fy = 193.33, cx = 128, cy = 96).
    public static let iPhoneLiDARDepth = CameraIntrinsics(
        fx: 1450, fy: 1450, cx: 960, cy: 720, width: 1920, height: 1440
    ).scaled(toWidth: 256, height: 192)
}
