/// The axis convention a point cloud's coordinates are written in, and which way gravity
/// points in each (what `CloudOrientation` assumes or finds).
///
/// Camera conventions put the sensor at the origin:
/// - `opencv`: x right, y down, z forward (PCL, OpenCV, Kinect/RealSense SDK clouds). Gravity is
///   not fixed by the convention; for a camera held level it is along +y.
/// - `opengl`: x right, y up, z backward, the camera looks along -z (Open3D, OAK-D/DepthAI
///   viewers, three.js). Level camera: gravity along -y.
/// - `rosBody`: ROS `camera_link` body axes, x forward, y left, z up. Level camera: gravity
///   along -z.
///
/// World conventions have no sensor at the origin; the floor's normal is "up":
/// - `zUp`: z up, gravity along -z (ROS `map`/`odom`, CloudCompare, PCL tools, `boxdim convert`).
/// - `yUp`: y up, gravity along -y (ARKit, Record3D, Polycam, glTF exports).
/// - `world`: any other rigid placement of the scene (found from the floor plane only).
public enum AxesConvention: String, Sendable, Equatable, Codable, CaseIterable {
    case opencv
    case opengl
    case rosBody = "ros-body"
    case zUp = "z-up"
    case yUp = "y-up"
    case world

    /// True for the camera conventions (sensor at the origin).
    public var isCameraFrame: Bool { self == .opencv || self == .opengl || self == .rosBody }

    /// Maps a point written in this camera convention to OpenCV camera axes (x right, y down,
    /// z forward); nil for world conventions.
    package func toOpenCV(_ p: SIMD3<Double>) -> SIMD3<Double>? {
        switch self {
        case .opencv: p
        case .opengl: SIMD3(p.x, -p.y, -p.z)
        case .rosBody: SIMD3(-p.y, -p.z, p.x)
        case .zUp, .yUp, .world: nil
        }
    }

    /// The rotation (rows) taking this camera convention's axes to OpenCV's; nil for worlds.
    package var openCVFromConvention: RigidTransform? {
        switch self {
        case .opencv: .identity
        case .opengl: RigidTransform(rows: [SIMD3(1, 0, 0), SIMD3(0, -1, 0), SIMD3(0, 0, -1)], translation: .zero)
        case .rosBody: RigidTransform(rows: [SIMD3(0, -1, 0), SIMD3(0, 0, -1), SIMD3(1, 0, 0)], translation: .zero)
        case .zUp, .yUp, .world: nil
        }
    }
}

/// The length unit a point cloud's coordinates are written in (neither PCD nor PLY says).
public enum InputUnits: String, Sendable, Equatable, Codable, CaseIterable {
    case metres = "m"
    case millimetres = "mm"

    /// Metres per file unit.
    public var metresPerUnit: Double { self == .metres ? 1 : 0.001 }
}

/// How to interpret a point cloud's coordinates: nil fields are found from the data
/// (`--axes auto`, `--input-units auto`).
public struct InputOptions: Sendable, Equatable, Codable {
    public var axes: AxesConvention?
    public var units: InputUnits?

    public init(axes: AxesConvention? = nil, units: InputUnits? = nil) {
        self.axes = axes
        self.units = units
    }
}

/// What the reader assumed about an input point cloud or depth folder, for reports
/// (`measure --json`: `input`).
public struct InputDescription: Sendable, Equatable, Codable {
    /// The convention the coordinates were read in.
    public var convention: AxesConvention
    /// The unit the coordinates were read in.
    public var units: InputUnits
    /// True when the convention was found from the data, false when given (`--axes`) or fixed
    /// by the format (depth images are OpenCV camera frames).
    public var conventionDetected: Bool
    /// True when the unit was found from the data, false when given or fixed by the format.
    public var unitsDetected: Bool
    /// Frames of a multi-frame folder that were not used, with the reason (file name: reason).
    public var droppedFrames: [String]
    /// Maps the engine's (possibly virtual) camera frame back to the input's axes, metres (not
    /// written to JSON): reports give the box's pose in the frame the user's file is in.
    public var inputFromCamera: RigidTransform = .identity

    enum CodingKeys: String, CodingKey {
        case convention, units
        case conventionDetected = "convention_detected"
        case unitsDetected = "units_detected"
        case droppedFrames = "dropped_frames"
    }

    /// "opengl camera, mm (found from the data)" for reports.
    public var summary: String {
        let kind = convention.isCameraFrame ? "\(convention.rawValue) camera" : "\(convention.rawValue) world, seen from a virtual camera"
        let how = conventionDetected || unitsDetected ? " (\(conventionDetected && unitsDetected ? "both" : conventionDetected ? "axes" : "unit") found from the data)" : ""
        return "\(kind), \(units.rawValue)\(how)"
    }

    public init(convention: AxesConvention, units: InputUnits, conventionDetected: Bool,
                unitsDetected: Bool, droppedFrames: [String] = []) {
        self.convention = convention
        self.units = units
        self.conventionDetected = conventionDetected
        self.unitsDetected = unitsDetected
        self.droppedFrames = droppedFrames
    }
}
