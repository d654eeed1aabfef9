/// A rectangle in normalized image coordinates: (0, 0) is the top-left corner of the depth
/// image, (1, 1) the bottom-right; x to the right, y down. All values in 0...1.
public struct NormalizedRect: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Share of the image the rectangle covers (0...1).
    public var area: Double { width * height }

    /// The largest change of any edge between two rectangles, in image shares.
    public func distance(to other: NormalizedRect) -> Double {
        max(abs(x - other.x), abs(y - other.y),
            abs(x + width - other.x - other.width), abs(y + height - other.y - other.height))
    }
}

/// One box-like object tracked across frames, for drawing an overlay and enabling capture.
public struct BoxTrack: Sendable, Equatable, Identifiable {
    /// Stable while the object stays tracked; a new object gets a new id (1, 2, ...; never
    /// reused within a session until `reset()`).
    public var id: Int
    /// True once the track has been steady for `DimensioningConfiguration.stabilityFrames`
    /// consecutive frames.
    public var isStable: Bool
    /// Consecutive steady frames so far.
    public var steadyFrames: Int
    /// The object's pixel bounds in the depth image, normalized to 0...1.
    public var normalizedScreenRect: NormalizedRect
    /// Centroid of the object's analysed points, world frame, metres.
    public var centroidInWorld: SIMD3<Double>
    /// Distance from the camera to the centroid, metres.
    public var distance: Double
    /// Highest point above the floor, metres (a rough height; the measurement is exact).
    public var roughHeight: Double
    /// How far the centroid moved since the previous frame, metres (0 in its first frame).
    public var lastMovement: Double
    /// Texts of the barcodes read while this track was the primary one, in the order first
    /// read (only when the session is given colour frames).
    public var barcodes: [String] = []
}
