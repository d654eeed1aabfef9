import CPointCloud
import Foundation
import Testing
@testable import Dimensioning

/// The C kernels of the binning passes (`cpc_bin_frame`, `cpc_scatter_frame_rows`) work on four
/// pixels at a time in SSE2 lanes; each lane must give, bit for bit, the scalar `Double` values
/// they replace (`FusionExactnessTests` checks the whole fusion against the plain algorithm).
@Suite struct BinningKernelTests {
    /// Values where rounding half away from zero is delicate: exact halves, their neighbours one
    /// ulp away, integers, the open lower end (-0.5, 0), and large pixel coordinates.
    private static let delicate: [Double] = {
        var values: [Double] = [-0.49999999999999994, -0.25, -0.0, 0, 0.49999999999999994, 0.5, 1,
                                65_535.5, 65_535.49999999999, 4_000_000.5]
        for k in [0.0, 1, 2, 3, 127, 191, 255, 1023, 65_534] {
            for x in [k, k + 0.5, (k + 0.5).nextUp, (k + 0.5).nextDown, k.nextUp, (k + 1).nextDown] where x > -0.5 {
                values.append(x)
            }
        }
        return values
    }()

    private func kernelRounding(_ values: [Double]) -> [Int64] {
        var out = [Int64](repeating: -1, count: values.count)
        cpc_round_half_away(values, &out, values.count)
        return out
    }

    @Test func roundingEqualsRoundedOnDelicateValues() {
        let values = Self.delicate
        // Odd and even counts: the last value alone in a register, or paired.
        for count in [values.count, values.count - 1] {
            let rounded = kernelRounding(Array(values.prefix(count)))
            for (x, r) in zip(values, rounded) { #expect(Int(r) == Int(x.rounded()), "\(x)") }
        }
    }

    @Test func roundingEqualsRoundedOnRandomCoordinates() {
        var generator = SystemRandomNumberGenerator()
        let values = (0..<20_000).map { i -> Double in
            switch i % 4 {
            case 0: Double.random(in: -0.4999...300, using: &generator)
            case 1: Double.random(in: 0...1, using: &generator)
            case 2: Double(Int.random(in: 0...4000, using: &generator)) + 0.5
            default: Double.random(in: 0...70_000, using: &generator)
            }
        }
        for (x, r) in zip(values, kernelRounding(values)) { #expect(Int(r) == Int(x.rounded()), "\(x)") }
    }

    /// A 7x2 frame (a full quad and a partial one per row): the scattered points equal
    /// `RowTransform.apply` of the scalar camera-frame points rounded to `Float`, bit for bit, the
    /// confidence rides in z's sign, and pass 1 bins exactly the pixels the scalar checks accept,
    /// into the scalar projection's nearest pixel.
    @Test func kernelsEqualScalarExpressions() throws {
        // A small turn, so that most pixels land in the 7x2 reference image.
        let q = SIMD4<Double>(0.013, -0.021, 0.007, 0.99)
        let rigid = RigidTransform(quaternion: q / (q * q).sum().squareRoot(), translation: SIMD3(0.011, -0.024, 0.0031))
        let transform = RowTransform(rigid)
        let k = CameraIntrinsics(fx: 5.3, fy: 4.9, cx: 3.4, cy: 0.6, width: 7, height: 2)
        let (columns, rows) = k.unprojectionFactors(width: 7, height: 2)
        let depths: [Float] = [0.8123, 1.5, 2.25, 0.3333, 3.0001, 0.0, .nan, 1.1, 1.2, .infinity, 1.4, 9.5, 1.6, 1.7]
        let confidence: [UInt8] = [2, 1, 2, 0, 2, 2, 2, 1, 2, 2, 2, 2, 1, 2]
        var parameters = FusionParameters()
        parameters.minimumConfidence = 1
        let frame = DepthFrame(width: 7, height: 2, depth: depths, confidence: confidence, intrinsics: k,
                               worldFromCamera: nil, timestamp: 0)
        let sampler = FrameSampler(frames: [frame], parameters: parameters)
        var targets = [Int32](repeating: -1, count: 14), counts = [Int32](repeating: 0, count: 14)
        sampler.binFrame(0, transform: transform, reference: k, targets: &targets, counts: &counts)
        let slotsOfAll = (0..<14).map(Int32.init)
        let samples = SharedPointer<BinnedSample>.allocate(14)
        defer { samples.deallocate() }
        slotsOfAll.withUnsafeBufferPointer { slots in
            sampler.scatterFrame(0, rows: 0..<2, transform: transform, targets: slots.baseAddress!, samples: samples,
                                 id: 0, frame: nil, source: nil)
        }
        var binned = 0
        for v in 0..<2 {
            for u in 0..<7 {
                let i = v * 7 + u, d = Double(depths[i])
                let p = transform.apply(SIMD3(columns[u] * d, rows[v] * d, d))
                if d.isFinite {
                    #expect(samples[i].x.bitPattern == Float(p.x).bitPattern, "\(u), \(v)")
                    #expect(samples[i].y.bitPattern == Float(p.y).bitPattern, "\(u), \(v)")
                    #expect(samples[i].depth.bitPattern == abs(Float(p.z)).bitPattern, "\(u), \(v)")
                    if p.z > 0 { #expect(samples[i].isHigh == (confidence[i] >= 2), "\(u), \(v)") }
                }
                var expected: Int32 = -1
                if d.isFinite, d >= parameters.minimumDepth, d <= parameters.maximumDepth, confidence[i] >= 1,
                   let pixel = k.project(p), pixel.x > -0.5, pixel.x < 6.5, pixel.y > -0.5, pixel.y < 1.5 {
                    expected = Int32(Int(pixel.y.rounded()) * 7 + Int(pixel.x.rounded()))
                    binned += 1
                }
                #expect(targets[i] == expected, "\(u), \(v)")
            }
        }
        #expect(binned >= 5)
        #expect(Int(counts.reduce(0, +)) == binned)
    }
}
