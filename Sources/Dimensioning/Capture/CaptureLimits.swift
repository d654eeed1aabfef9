/// Upper bounds the capture readers enforce before they allocate anything, so that a damaged
/// or hostile file cannot make the engine reserve gigabytes of memory.
///
/// Every check happens on sizes a file *declares* (a PNG or NPY header, a PCD header, the
/// file size on disk, the number of depth files) before the corresponding buffer exists. A
/// capture that exceeds a limit is refused with `DimensioningError.unreadableCapture`, naming
/// the file and the limit.
public struct CaptureLimits: Sendable, Codable, Equatable {
    /// Largest accepted depth or confidence image width, in pixels (default 4096; ARKit depth
    /// is 256).
    public var maxImageWidth: Int
    /// Largest accepted depth or confidence image height, in pixels (default 4096; ARKit depth
    /// is 192).
    public var maxImageHeight: Int
    /// Most depth frames accepted in one Stray Scanner folder (default 3600: one minute at 60 Hz).
    public var maxFrameCount: Int
    /// Most points a .pcd/.ply file may declare (default 20 million).
    public var maxCloudPoints: Int
    /// Largest accepted PNG, NPY or CSV file, in bytes (default 256 MiB).
    public var maxFileBytes: Int
    /// Largest accepted .pcd/.ply file, in bytes (default 2 GiB: 20 million points of an ASCII
    /// cloud with colour fit comfortably).
    public var maxCloudFileBytes: Int
    /// Most depth pixels of all frames together (default 256 Mi pixels, 1 GiB of depth; a
    /// minute of ARKit's 256x192 depth is 177 M). The per-image and frame-count limits alone
    /// would allow 3600 frames of 4096x4096, which compress to little on disk but not in memory.
    public var maxTotalDepthPixels: Int

    /// Limits with the documented defaults; pass any argument to override it.
    public init(maxImageWidth: Int = 4096, maxImageHeight: Int = 4096, maxFrameCount: Int = 3600,
                maxCloudPoints: Int = 20_000_000, maxFileBytes: Int = 256 << 20,
                maxCloudFileBytes: Int = 2 << 30, maxTotalDepthPixels: Int = 256 << 20) {
        self.maxImageWidth = maxImageWidth
        self.maxImageHeight = maxImageHeight
        self.maxFrameCount = maxFrameCount
        self.maxCloudPoints = maxCloudPoints
        self.maxFileBytes = maxFileBytes
        self.maxCloudFileBytes = maxCloudFileBytes
        self.maxTotalDepthPixels = maxTotalDepthPixels
    }

    /// Decodes limits saved before `maxTotalDepthPixels` existed too (it takes its default).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = CaptureLimits()
        self.init(maxImageWidth: try c.decode(Int.self, forKey: .maxImageWidth),
                  maxImageHeight: try c.decode(Int.self, forKey: .maxImageHeight),
                  maxFrameCount: try c.decode(Int.self, forKey: .maxFrameCount),
                  maxCloudPoints: try c.decode(Int.self, forKey: .maxCloudPoints),
                  maxFileBytes: try c.decode(Int.self, forKey: .maxFileBytes),
                  maxCloudFileBytes: try c.decode(Int.self, forKey: .maxCloudFileBytes),
                  maxTotalDepthPixels: try c.decodeIfPresent(Int.self, forKey: .maxTotalDepthPixels) ?? defaults.maxTotalDepthPixels)
    }

    /// Nil when `frames` frames of `width` x `height` fit `maxTotalDepthPixels`; otherwise why not.
    package func totalPixelsProblem(frames: Int, width: Int, height: Int) -> String? {
        let (perFrame, o1) = width.multipliedReportingOverflow(by: height)
        let (total, o2) = perFrame.multipliedReportingOverflow(by: frames)
        guard o1 || o2 || total > maxTotalDepthPixels else { return nil }
        return "\(frames) frames of \(width)x\(height) are \(o1 || o2 ? "too many" : "\(total)") depth pixels, more than the limit of \(maxTotalDepthPixels)"
    }

    /// Nil when a `width` x `height` image fits the limits; otherwise the reason it does not.
    package func imageSizeProblem(width: Int, height: Int) -> String? {
        guard width > 0, height > 0 else { return "image is \(width)x\(height); both sides must be positive" }
        if width > maxImageWidth || height > maxImageHeight {
            return "image is \(width)x\(height), larger than the limit of \(maxImageWidth)x\(maxImageHeight)"
        }
        return nil
    }
}
