import Foundation

/// A recorded capture of one box: either a sequence of depth frames (Stray Scanner, a folder
/// of depth PNGs, a folder of organized .pcd/.ply frames) or one point cloud (a .pcd/.ply, or a
/// folder of unorganized frames stacked).
///
/// **World frame.** The engine's world is right-handed with z up: gravity points along -z.
/// The Stray Scanner reader converts ARKit's world (y up, gravity along -y) to it. Point clouds
/// and depth folders carry no gravity: their points are mapped into an OpenCV camera frame
/// (the sensor at the origin; for a world-frame cloud a virtual camera, see `CloudOrientation`)
/// and the pipeline takes "up" from the floor plane's normal that faces the camera. `input`
/// says which convention and unit the file was read in.
public struct DepthCapture: Sendable {
    /// Where the capture was read from (a folder or a file).
    public var source: URL
    /// Depth frames in time order; empty for a point-cloud capture. When the capture was read
    /// with a `FrameWindow`, only the window's frames: `frames[0]` is frame `firstFrameIndex`
    /// of the `recordedFrameCount` recorded.
    public var frames: [DepthFrame]
    /// Frames in the recording (`frames.count` unless read with a `FrameWindow`).
    public var recordedFrameCount: Int
    /// Index in the recording of `frames[0]` (0 unless read with a `FrameWindow`).
    public var firstFrameIndex: Int = 0
    /// The point cloud of a .pcd/.ply capture; nil for depth-frame captures.
    public var cloud: CapturedCloud?
    /// Unit vector along gravity (pointing down) in the world frame, when the capture knows it
    /// (Stray Scanner with odometry: (0, 0, -1)); nil otherwise.
    public var gravityInWorld: SIMD3<Double>?
    /// For point clouds and depth-image folders: the axis convention and unit the input was
    /// read in, and any frames left out; nil for Stray Scanner folders (ARKit, metres).
    public var input: InputDescription?
    /// The colour images recorded with the frames (Stray Scanner's `rgb.mp4`, an aligned colour
    /// PNG), not yet read; nil when the capture has none. Only barcode reading uses them.
    public var colour: ColourStream?

    public init(source: URL, frames: [DepthFrame], cloud: CapturedCloud? = nil,
                gravityInWorld: SIMD3<Double>?, input: InputDescription? = nil, colour: ColourStream? = nil) {
        self.source = source
        self.frames = frames
        self.recordedFrameCount = frames.count
        self.cloud = cloud
        self.gravityInWorld = gravityInWorld
        self.input = input
        self.colour = colour
    }

    /// A short name for reports: the folder or file name.
    public var name: String { source.lastPathComponent }

    /// The depth images' size (width, height, pixels): the first frame's, or an organised
    /// cloud's grid; nil for an unorganised cloud.
    public var imageSizePixels: [Int]? {
        if let first = frames.first { return [first.width, first.height] }
        if let cloud, cloud.isOrganized { return [cloud.gridWidth, cloud.gridHeight] }
        return nil
    }
}

/// A point cloud read from a file, in the engine's camera frame (x right, y down, z forward,
/// metres; the sensor, or a virtual camera for a world-frame file, at the origin), whatever
/// convention and unit the file used (`CloudOrientation`). No gravity is known.
public struct CapturedCloud: Sendable, Equatable {
    /// The finite points, in metres.
    public var pointsInCamera: PointCloud
    /// For an organized cloud, the sensor grid size and each point's `row * width + column`.
    public var gridWidth: Int
    public var gridHeight: Int
    public var pixelIndex: [Int32]?

    public init(pointsInCamera: PointCloud, gridWidth: Int, gridHeight: Int, pixelIndex: [Int32]?) {
        self.pointsInCamera = pointsInCamera
        self.gridWidth = gridWidth
        self.gridHeight = gridHeight
        self.pixelIndex = pixelIndex
    }

    /// True when the points came from an organized (image-shaped) cloud.
    public var isOrganized: Bool { pixelIndex != nil && gridHeight > 1 }
}
