import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The fusion stage is written for speed (binned records, parallel chunks, the median skipped
/// when every sample is an inlier). It must give the very numbers of the plain algorithm its
/// documentation describes, whatever the number of chunks.
@Suite struct FusionExactnessTests {
    /// A handheld capture (tremor, so frames do not line up pixel for pixel) of a box.
    private static let capture = PipelineTest.noisy(SimulatedBox(center: SIMD2(0.02, -0.01), length: 0.36, width: 0.24,
                                                                 height: 0.2, yaw: 0.4), frames: 12, seed: 21).capture

    @Test func fusionEqualsThePlainAlgorithm() throws {
        let parameters = FusionParameters()
        let scene = try fuseFrames(Self.capture, parameters: parameters)
        let expected = plainFusion(Self.capture, parameters: parameters)
        #expect(scene.pointsInWorld.count == expected.count)
        #expect(scene.pointsInWorld.count > 10_000)
        #expect(scene.pointsInWorld == expected)
    }

    /// The binning passes take four pixels at a time (`SampleQuad`); rows whose width is not a
    /// multiple of four end in a partial quad, which must bin exactly what the plain loop bins.
    @Test(arguments: [253, 254, 255])
    func partialQuadsEqualThePlainAlgorithm(width: Int) throws {
        var capture = Self.capture
        capture.frames = capture.frames.map { frame in
            var cropped = frame
            cropped.width = width
            cropped.intrinsics.width = width
            cropped.depth = (0..<frame.height).flatMap { v in frame.depth[(v * frame.width)..<(v * frame.width + width)] }
            cropped.confidence = frame.confidence.map { c in
                (0..<frame.height).flatMap { v in c[(v * frame.width)..<(v * frame.width + width)] }
            }
            return cropped
        }
        let parameters = FusionParameters()
        let scene = try fuseFrames(capture, parameters: parameters)
        let expected = plainFusion(capture, parameters: parameters)
        #expect(scene.pointsInWorld.count > 10_000)
        #expect(scene.pointsInWorld == expected)
    }

    @Test func chunkCountDoesNotChangeAnything() throws {
        let one = try fuseFrames(Self.capture, parameters: FusionParameters(), sensor: .shared, parallelism: 1)
        for chunks in [2, 3, 7] {
            let many = try fuseFrames(Self.capture, parameters: FusionParameters(), sensor: .shared, parallelism: chunks)
            #expect(many.pointsInWorld == one.pointsInWorld, "\(chunks) chunks")
            #expect(many.highConfidenceShare == one.highConfidenceShare, "\(chunks) chunks")
            #expect(many.pixelIndex == one.pixelIndex, "\(chunks) chunks")
            #expect(many.frameSamples?.index.sampleStart == one.frameSamples?.index.sampleStart, "\(chunks) chunks")
            #expect(many.frameSamples?.index.frame == one.frameSamples?.index.frame, "\(chunks) chunks")
            #expect(many.frameSamples?.index.sourcePixel == one.frameSamples?.index.sourcePixel, "\(chunks) chunks")
        }
    }

    /// `fuseFrames` as its documentation states it, written plainly: per-pixel sample lists in
    /// frame then scan order, the median by sorting, the inlier band, the weighted mean, then
    /// flying pixels removed.
    private func plainFusion(_ capture: DepthCapture, parameters: FusionParameters,
                             sensor: SensorBehaviour = .shared) -> PointCloud {
        let frames = Array(capture.frames.suffix(parameters.maximumFrames))
        let reference = frames[frames.count / 2], k = reference.intrinsics
        let worldFromReference = reference.worldFromCamera!
        let width = reference.width, height = reference.height
        var lists = [[(p: SIMD3<Float>, c: UInt8)]](repeating: [], count: width * height)
        for frame in frames {
            let toReference = worldFromReference.inverse.composed(with: frame.worldFromCamera!)
            let fk = frame.intrinsics
            for v in 0..<frame.height {
                for u in 0..<frame.width {
                    let depth = frame.depth[v * frame.width + u], c = frame.confidence?[v * frame.width + u] ?? 2
                    let d = Double(depth)
                    guard depth.isFinite, d >= sensor.minimumDepth, d <= sensor.maximumDepth,
                          c >= sensor.minimumConfidence else { continue }
                    let q = SIMD3((Double(u) - fk.cx) / fk.fx * d, (Double(v) - fk.cy) / fk.fy * d, d)
                    let p = toReference.apply(q)
                    guard p.z > 1e-6 else { continue }
                    let pu = k.fx * p.x / p.z + k.cx, pv = k.fy * p.y / p.z + k.cy
                    guard pu > -0.5, pu < Double(width) - 0.5, pv > -0.5, pv < Double(height) - 0.5 else { continue }
                    let pixel = Int(pv.rounded()) * width + Int(pu.rounded())
                    lists[pixel].append((SIMD3(Float(p.x), Float(p.y), Float(p.z)), c))
                }
            }
        }
        let support = max(1, Int((parameters.minimumSupport * Double(frames.count)).rounded(.up)))
        let mediumWeight = Double(Float(sensor.mediumConfidenceWeight))
        var fused = [SIMD3<Double>?](repeating: nil, count: width * height)
        for pixel in lists.indices where lists[pixel].count >= support {
            let samples = lists[pixel]
            let median = Double(samples.map(\.p.z).sorted()[samples.count / 2])
            let band = sensor.inlierBand + sensor.inlierBandPerMetre * median
            var sum = SIMD3<Double>.zero, weight = 0.0, inliers = 0
            for s in samples where abs(Double(s.p.z) - median) <= band {
                let w = s.c >= 2 ? 1 : mediumWeight
                sum += w * SIMD3(Double(s.p.x), Double(s.p.y), Double(s.p.z))
                weight += w
                inliers += 1
            }
            if inliers >= support, weight > 0 { fused[pixel] = sum / weight }
        }
        // Flying pixels: strictly between two neighbours (left/right or up/down) jumping away in
        // opposite directions by more than jumpPerMetre * z.
        var flying = Set<Int>()
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                guard let z = fused[i]?.z else { continue }
                let t = sensor.jumpPerMetre * z
                for (a, b) in [(i - 1, i + 1, x > 0 && x < width - 1), (i - width, i + width, y > 0 && y < height - 1)]
                    .filter(\.2).map({ ($0.0, $0.1) }) {
                    guard let za = fused[a]?.z, let zb = fused[b]?.z else { continue }
                    let da = za - z, db = zb - z
                    if (da > t && db < -t) || (da < -t && db > t) { flying.insert(i) }
                }
            }
        }
        var cloud = PointCloud()
        for i in fused.indices where !flying.contains(i) {
            if let p = fused[i] { cloud.append(worldFromReference.apply(p)) }
        }
        return cloud
    }
}
