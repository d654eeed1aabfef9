import Foundation

/// An 8-bit RGB picture of a scene (internal): depth colour-mapped, segmentation tinted,
/// cuboid edges drawn. Pixel (x, y) of the reference grid covers `scale x scale` pixels.
package struct OverlayImage: Sendable {
    package var width: Int
    package var height: Int
    var scale: Int
    package var rgb: [UInt8]

    /// The overlay of a measured scene.
    package init(_ result: PipelineResult, scale: Int?) throws(DimensioningError) {
        let scene = result.scene
        let depth = try Self.referenceDepth(scene)
        let cameraFromWorld = scene.worldFromReferenceCamera.inverse
        let w = scene.gridWidth, h = scene.gridHeight
        var label = [SceneSegmentation.Label](repeating: .other, count: w * h)
        let segmentation = SceneSegmentation(result)
        for (i, pixel) in (scene.pixelIndex ?? []).enumerated() where pixel >= 0 && Int(pixel) < w * h {
            label[Int(pixel)] = segmentation.labels[i]
        }
        self.init(depth: depth, width: w, height: h, scale: scale)
        tint(label)
        // The fusion stage gives the reference camera's intrinsics at the grid size; for an
        // organized cloud it has already fitted them to the points (`estimateIntrinsics`).
        if let k = scene.intrinsics {
            let edges = CuboidEdges(result.cuboid)
            let projected = edges.corners.map { k.project(cameraFromWorld.apply($0)) }
            // A dark outline under a bright core, so the edges read on any colour.
            let radius = max(1, self.scale / 2)
            for (width, colour) in [(radius + 1, SIMD3<UInt8>(15, 15, 20)), (radius, SIMD3<UInt8>(255, 56, 196))] {
                for (a, b) in CuboidEdges.edges {
                    if let p = projected[a], let q = projected[b] { drawLine(p, q, radius: width, colour: colour) }
                }
            }
        }
    }

    /// The reference camera's depth (metres along its axis) at each pixel of the fused scene's
    /// grid, 0 where no point lies.
    ///
    /// - Throws: `unsupported` for a cloud with no organized pixel grid.
    static func referenceDepth(_ scene: FusedScene) throws(DimensioningError) -> [Float] {
        guard let pixelIndex = scene.pixelIndex, scene.gridWidth > 1, scene.gridHeight > 1 else {
            throw .unsupported(feature: "an overlay picture of a point cloud with no organized pixel grid (use --ply instead)")
        }
        let cameraFromWorld = scene.worldFromReferenceCamera.inverse
        let count = scene.gridWidth * scene.gridHeight
        var depth = [Float](repeating: 0, count: count)
        for i in 0..<scene.pointsInWorld.count {
            let p = Int(pixelIndex[i])
            guard p >= 0, p < count else { continue }
            depth[p] = Float(cameraFromWorld.apply(scene.pointsInWorld[i]).z)
        }
        return depth
    }

    /// A depth-only picture of a capture's first frame or organized cloud; nil when it has none.
    package init?(depthOnly capture: DepthCapture) {
        if let frame = capture.frames.first {
            self.init(depth: frame.depth, width: frame.width, height: frame.height, scale: nil)
        } else if let cloud = capture.cloud, cloud.isOrganized, let index = cloud.pixelIndex {
            var depth = [Float](repeating: 0, count: cloud.gridWidth * cloud.gridHeight)
            for i in 0..<cloud.pointsInCamera.count where Int(index[i]) < depth.count && index[i] >= 0 {
                depth[Int(index[i])] = cloud.pointsInCamera.xyz[3 * i + 2]
            }
            self.init(depth: depth, width: cloud.gridWidth, height: cloud.gridHeight, scale: nil)
        } else {
            return nil
        }
    }

    /// Colour-maps depth (metres; 0 or non-finite = no return, drawn dark) between its 2nd and
    /// 98th percentiles (the values of those ranks, found by selection rather than a sort).
    init(depth: [Float], width: Int, height: Int, scale: Int?) {
        let s = scale ?? max(1, min(4, (640 + width - 1) / max(1, width)))
        self.scale = s
        self.width = width * s
        self.height = height * s
        rgb = [UInt8](repeating: 0, count: self.width * self.height * 3)
        var valid = depth.filter { $0.isFinite && $0 > 0 }
        var near = 0.0, far = 1.0
        if !valid.isEmpty {
            let nearRank = valid.count * 2 / 100, farRank = min(valid.count - 1, valid.count * 98 / 100)
            valid.withUnsafeMutableBufferPointer { values in
                // Selecting the far rank leaves everything below it in front, so the near rank
                // is selected in that prefix.
                far = Double(Statistics.select(values, farRank))
                near = Double(Statistics.select(UnsafeMutableBufferPointer(rebasing: values[...farRank]), nearRank))
            }
        }
        let dark = Self.cellBytes(SIMD3(18, 18, 24))
        let w = self.width
        rgb.withUnsafeMutableBufferPointer { rgb in
            guard let base = rgb.baseAddress else { return }
            for y in 0..<height {
                for x in 0..<width {
                    let d = depth[y * width + x]
                    let bytes: SIMD3<UInt8>
                    if d.isFinite && d > 0 {
                        let t = far > near ? min(1, max(0, (Double(d) - near) / (far - near))) : 0.5
                        bytes = Self.cellBytes(Self.colourMap(t))
                    } else {
                        bytes = dark
                    }
                    Self.fill(base, width: w, scale: s, x, y, bytes)
                }
            }
        }
    }

    /// The ramp's stops, near to far.
    private static let stops: [SIMD3<Double>] = [SIMD3(253, 231, 37), SIMD3(94, 201, 98), SIMD3(33, 145, 140),
                                                 SIMD3(59, 82, 139), SIMD3(68, 1, 84)]

    /// A perceptual ramp: near = warm yellow, far = deep blue.
    static func colourMap(_ t: Double) -> SIMD3<Double> {
        let stops = Self.stops
        let x = t * Double(stops.count - 1)
        let i = min(stops.count - 2, Int(x))
        let f = x - Double(i)
        return stops[i] * (1 - f) + stops[i + 1] * f
    }

    /// A colour's bytes (each channel rounded to nearest, halves away from zero, clamped to 0-255).
    @inline(__always)
    static func cellBytes(_ colour: SIMD3<Double>) -> SIMD3<UInt8> {
        SIMD3(channelByte(colour.x), channelByte(colour.y), channelByte(colour.z))
    }

    /// `UInt8(clamping: Int(x.rounded()))` for a channel value, without a libm call in the usual
    /// range: for 0 <= x < 256 the truncation and the exact fraction x - t give the rounding
    /// (halves away from zero); anything else (negative, large, NaN) takes `rounded()`.
    @inline(__always)
    static func channelByte(_ x: Double) -> UInt8 {
        guard x >= 0, x < 256 else { return UInt8(clamping: Int(x.rounded())) }
        let t = Int(x)
        return UInt8(clamping: x - Double(t) >= 0.5 ? t + 1 : t)
    }

    /// Sets grid cell (x, y)'s `scale x scale` pixels of an image `width` pixels wide to `bytes`.
    @inline(__always)
    private static func fill(_ rgb: UnsafeMutablePointer<UInt8>, width: Int, scale: Int, _ x: Int, _ y: Int,
                             _ bytes: SIMD3<UInt8>) {
        for dy in 0..<scale {
            var o = ((y * scale + dy) * width + x * scale) * 3
            for _ in 0..<scale {
                rgb[o] = bytes.x; rgb[o + 1] = bytes.y; rgb[o + 2] = bytes.z
                o += 3
            }
        }
    }

    mutating func fillCell(_ x: Int, _ y: Int, _ colour: SIMD3<Double>) {
        // The cell's bytes once, then copied into its scale x scale pixels.
        let bytes = Self.cellBytes(colour), width = width, scale = scale
        rgb.withUnsafeMutableBufferPointer { rgb in
            guard let base = rgb.baseAddress else { return }
            Self.fill(base, width: width, scale: scale, x, y, bytes)
        }
    }

    /// Blends each labelled cell with its label's colour.
    mutating func tint(_ labels: [SceneSegmentation.Label]) {
        let gridWidth = width / scale
        for (p, label) in labels.enumerated() where label != .other {
            let c = label.rgb
            let tintColour = SIMD3(Double((c >> 16) & 0xFF), Double((c >> 8) & 0xFF), Double(c & 0xFF))
            let alpha = label == .floor ? 0.35 : 0.55
            let x = p % gridWidth, y = p / gridWidth
            let o = ((y * scale) * width + x * scale) * 3
            let base = SIMD3(Double(rgb[o]), Double(rgb[o + 1]), Double(rgb[o + 2]))
            fillCell(x, y, base * (1 - alpha) + tintColour * alpha)
        }
    }

    /// Draws a segment between grid coordinates (pixel centres), `radius` pixels thick, clipped.
    mutating func drawLine(_ p: SIMD2<Double>, _ q: SIMD2<Double>, radius: Int, colour: SIMD3<UInt8>) {
        let a = (p + 0.5) * Double(scale), b = (q + 0.5) * Double(scale)
        let length = max(abs(b.x - a.x), abs(b.y - a.y))
        guard length.isFinite, length < 100_000 else { return }
        let steps = max(1, Int(length.rounded(.up)))
        for k in 0...steps {
            let t = Double(k) / Double(steps)
            let x = Int((a.x + (b.x - a.x) * t).rounded()), y = Int((a.y + (b.y - a.y) * t).rounded())
            for dy in (1 - radius)..<radius {
                for dx in (1 - radius)..<radius {
                    let xx = x + dx, yy = y + dy
                    guard xx >= 0, yy >= 0, xx < width, yy < height else { continue }
                    let o = (yy * width + xx) * 3
                    rgb[o] = colour.x; rgb[o + 1] = colour.y; rgb[o + 2] = colour.z
                }
            }
        }
    }
}
