/// Pinhole intrinsics in pixels, for one image resolution.
///
/// A camera-frame point (x right, y down, z forward; metres) projects to pixel
/// `u = fx * x / z + cx`, `v = fy * y / z + cy`, with (0, 0) the centre of the top-left pixel.
public struct CameraIntrinsics: Sendable, Equatable, Codable {
    /// Focal lengths in pixels; must be finite and positive.
    public var fx: Double
    public var fy: Double
    /// Principal point in pixels.
    public var cx: Double
    public var cy: Double
    /// The image size these intrinsics belong to, in pixels.
    public var width: Int
    public var height: Int

    public init(fx: Double, fy: Double, cx: Double, cy: Double, width: Int, height: Int) {
        self.fx = fx; self.fy = fy; self.cx = cx; self.cy = cy
        self.width = width; self.height = height
    }

    /// The same camera at another resolution: fx, cx scale by `newWidth / width`, fy, cy by
    /// `newHeight / height` (Stray Scanner stores RGB intrinsics, 1920x1440, for 256x192 depth).
    public func scaled(toWidth newWidth: Int, height newHeight: Int) -> CameraIntrinsics {
        let sx = Double(newWidth) / Double(width)
        let sy = Double(newHeight) / Double(height)
        return CameraIntrinsics(fx: fx * sx, fy: fy * sy, cx: cx * sx, cy: cy * sy,
                                width: newWidth, height: newHeight)
    }

    /// True when every value is finite, focal lengths are positive and the size is positive.
    public var isValid: Bool {
        fx.isFinite && fy.isFinite && cx.isFinite && cy.isFinite && fx > 0 && fy > 0
            && width > 0 && height > 0
    }

    /// The camera-frame point (metres) seen at pixel (u, v) with z-depth `depth` (metres).
    @inline(__always)
    public func unproject(u: Double, v: Double, depth: Double) -> SIMD3<Double> {
        SIMD3((u - cx) / fx * depth, (v - cy) / fy * depth, depth)
    }

    /// `unproject`'s factors `(u - cx) / fx` for every column and `(v - cy) / fy` for every row
    /// of a `width` x `height` image, so that `columns[u] * depth` and `rows[v] * depth` are the
    /// very values `unproject` gives for whole pixels (the same operations).
    func unprojectionFactors(width: Int, height: Int) -> (columns: [Double], rows: [Double]) {
        ((0..<width).map { (Double($0) - cx) / fx }, (0..<height).map { (Double($0) - cy) / fy })
    }

    /// The pixel (u, v) where camera-frame point `p` projects; nil behind the camera.
    @inline(__always)
    public func project(_ p: SIMD3<Double>) -> SIMD2<Double>? {
        guard p.z > 1e-6 else { return nil }
        return SIMD2(fx * p.x / p.z + cx, fy * p.y / p.z + cy)
    }
}
