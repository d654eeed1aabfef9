import Dispatch
import Foundation
import Dimensioning

/// Renders the colour stream of a simulated scene: 8-bit RGB images (Stray Scanner's RGB camera
/// is 1920x1440) by ray casting the same objects as `SceneRenderer`, Lambert-shaded under a
/// light from above, with barcode labels painted on the target box.
///
/// Pixels whose ray meets a label are supersampled (`labelSamples` x `labelSamples` rays over
/// the pixel, a box filter), so module edges are anti-aliased as a lens would; then the image
/// is blurred by a [1 2 1] / 4 kernel (optics) and gets Gaussian sensor noise (seeded). The
/// depth stream is not touched: existing simulated depth is bit-identical with or without colour.
public struct ColourRenderer: Sendable {
    public let scene: SimulatedScene
    /// Intrinsics of the colour images.
    public let intrinsics: CameraIntrinsics
    let painters: [BarcodePainter]
    /// Rays per pixel side on labels.
    public var labelSamples = 4
    /// Standard deviation of the sensor noise, grey levels.
    public var noiseSigma = 2.0
    /// Width of the dark rim along the edges of every box's lid, metres (0: none, the default).
    /// A carton's lid ends in a rounded crease that turns away from the light, so two lids of one
    /// height pressed together show a dark seam where they meet; 0.002-0.004 looks like the
    /// NEURA pallet's seams (2-3 pixels at 1.7 m).
    public var lidRimWidth = 0.0

    /// - Throws: `unsupported` when zxing-cpp cannot encode a label's text in its symbology.
    public init(scene: SimulatedScene, labels: [BarcodeLabel], intrinsics: CameraIntrinsics) throws(DimensioningError) {
        self.scene = scene
        self.intrinsics = intrinsics
        var painters: [BarcodePainter] = []
        for label in labels {
            do { painters.append(try BarcodePainter(label)) } catch {
                throw .unsupported(feature: "a \(label.symbology.rawValue) label with this text (\(error.message))")
            }
        }
        self.painters = painters
    }

    /// Albedo (RGB, 0...1) of each surface.
    static let floorColour = SIMD3<Double>(0.42, 0.42, 0.46)
    static let cardboard = SIMD3<Double>(0.74, 0.58, 0.40)
    static let darkMaterial = SIMD3<Double>(0.08, 0.08, 0.09)
    static let glossyMaterial = SIMD3<Double>(0.80, 0.80, 0.84)
    static let otherColour = SIMD3<Double>(0.55, 0.45, 0.40)
    static let wallColour = SIMD3<Double>(0.70, 0.70, 0.66)
    /// Unit direction towards the light.
    static let light: SIMD3<Double> = { let v = SIMD3<Double>(0.3, 0.2, 1.0); return v / (v * v).sum().squareRoot() }()

    /// One RGB image (packed, `width * height * 3` bytes) seen from `worldFromCamera`;
    /// `seed` fixes the noise.
    public func render(worldFromCamera pose: RigidTransform, seed: UInt64) -> [UInt8] {
        let w = intrinsics.width, h = intrinsics.height
        var rgb = [Float](repeating: 0, count: w * h * 3)
        let origin = pose.translation
        let c0 = pose.column(0), c1 = pose.column(1), c2 = pose.column(2)
        let target = scene.target.map { ParcelTracer($0, origin: origin) }
        let others = scene.otherBoxes.map { ParcelTracer($0, origin: origin) }
        let cylinders = scene.cylinders.map { CylinderTracer($0, origin: origin) }
        let walls = scene.walls.map { WallTracer($0, origin: origin) }
        let floor = FloorTracer(radius: scene.floorRadius, below: scene.floorBelow, deck: scene.floorDeck, origin: origin)
        let k = intrinsics
        let labelFaces = painters.compactMap { p in scene.target.map { (p, p.label.faceFrame(on: $0)) } }

        /// Colour of the ray with camera-frame direction (x, y, 1).
        @Sendable func shade(_ x: Double, _ y: Double) -> (SIMD3<Double>, Bool) {
            let d = c0 * x + c1 * y + c2
            var t = Double.infinity, normal = SIMD3<Double>.zero, albedo = SIMD3<Double>.zero, onTarget = false
            var box: SimulatedBox?
            if let hit = floor.intersect(d) { t = hit.t; normal = hit.normal; albedo = Self.floorColour }
            if let target, let (tt, n) = target.intersect(d), tt < t {
                t = tt; normal = n; onTarget = true
                albedo = scene.target.map { Self.albedo($0.surface) } ?? Self.cardboard
                box = scene.target
            }
            for (k, b) in others.enumerated() {
                if let (tt, n) = b.intersect(d), tt < t {
                    t = tt; normal = n; albedo = Self.otherColour; onTarget = false; box = scene.otherBoxes[k]
                }
            }
            for c in cylinders { if let (tt, n) = c.intersect(d), tt < t { t = tt; normal = n; albedo = Self.otherColour; onTarget = false; box = nil } }
            for wall in walls { if let (tt, n) = wall.intersect(d), tt < t { t = tt; normal = n; albedo = Self.wallColour; onTarget = false; box = nil } }
            guard t.isFinite else { return (.zero, false) }
            if let box, lidRimWidth > 0, normal.z > 0.99 {
                let q = origin + d * t - box.topCenter
                let inside = min(box.length / 2 - abs(simDot(q, box.lengthAxis)), box.width / 2 - abs(simDot(q, box.widthAxis)))
                if inside < lidRimWidth { albedo *= 0.3 }
            }
            var nearLabel = false
            if onTarget {
                let p = origin + d * t
                for (painter, face) in labelFaces where simDot(normal, face.normal) > 0.99 {
                    let q = p - face.center
                    let uv = SIMD2(simDot(q, face.u), simDot(q, face.v))
                    if painter.covers(uv, margin: 0.004) { nearLabel = true }
                    if let r = painter.reflectance(at: uv) { albedo = SIMD3(repeating: r) }
                }
            }
            let lambert = 0.35 + 0.65 * max(0, simDot(normal, Self.light))
            return (albedo * lambert, nearLabel)
        }

        let chunk = 16
        rgb.withUnsafeMutableBufferPointer { buffer in
            let out = UnsafeMutableSendable(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: (h + chunk - 1) / chunk) { block in
                let s = labelSamples
                for v in (block * chunk)..<min(h, (block + 1) * chunk) {
                    let y = (Double(v) - k.cy) / k.fy
                    for u in 0..<w {
                        let x = (Double(u) - k.cx) / k.fx
                        var (colour, nearLabel) = shade(x, y)
                        if nearLabel && s > 1 {
                            var sum = SIMD3<Double>.zero
                            for sy in 0..<s {
                                for sx in 0..<s {
                                    let du = (Double(sx) + 0.5) / Double(s) - 0.5, dv = (Double(sy) + 0.5) / Double(s) - 0.5
                                    sum += shade(x + du / k.fx, y + dv / k.fy).0
                                }
                            }
                            colour = sum / Double(s * s)
                        }
                        let i = (v * w + u) * 3
                        out.pointer[i] = Float(colour.x); out.pointer[i + 1] = Float(colour.y); out.pointer[i + 2] = Float(colour.z)
                    }
                }
            }
        }
        return Self.finish(rgb, width: w, height: h, noiseSigma: noiseSigma, seed: seed)
    }

    static func albedo(_ surface: SurfaceKind) -> SIMD3<Double> {
        switch surface {
        case .matte: return cardboard
        case .dark: return darkMaterial
        case .glossy: return glossyMaterial
        }
    }

    /// [1 2 1] / 4 blur in both directions, noise, 8 bits (255 = albedo 1 fully lit).
    static func finish(_ linear: [Float], width w: Int, height h: Int, noiseSigma: Double, seed: UInt64) -> [UInt8] {
        var a = linear, b = linear
        for v in 0..<h {
            for u in 0..<w {
                for c in 0..<3 {
                    let l = max(0, u - 1), r = min(w - 1, u + 1)
                    b[(v * w + u) * 3 + c] = 0.25 * a[(v * w + l) * 3 + c] + 0.5 * a[(v * w + u) * 3 + c] + 0.25 * a[(v * w + r) * 3 + c]
                }
            }
        }
        for v in 0..<h {
            let t = max(0, v - 1), d = min(h - 1, v + 1)
            for i in 0..<(w * 3) { a[v * w * 3 + i] = 0.25 * b[t * w * 3 + i] + 0.5 * b[v * w * 3 + i] + 0.25 * b[d * w * 3 + i] }
        }
        var g = SeededGenerator(seed: seed, stream: 0xC010_0000)
        return a.map { value in
            let level = Double(value) * 255 + (noiseSigma > 0 ? g.gaussian() * noiseSigma : 0)
            return UInt8(max(0, min(255, level.rounded())))
        }
    }
}

/// A raw pointer handed to concurrent workers that write disjoint ranges.
struct UnsafeMutableSendable<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
