import CPointCloud
import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

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

    private func kernelRounding(_ values: [Double], isa: cpc_fusion_isa = CPC_FUSION_ISA_BEST) -> [Int64] {
        var out = [Int64](repeating: -1, count: values.count)
        cpc_round_half_away(values, &out, values.count, isa.rawValue)
        return out
    }

    @Test func roundingEqualsRoundedOnDelicateValues() {
        let values = Self.delicate
        // Odd and even counts: the last value alone in a register, or paired.
        for count in [values.count, values.count - 1, values.count - 2, values.count - 3] {
            for isa in [CPC_FUSION_ISA_BEST, CPC_FUSION_ISA_SSE2] {
                let rounded = kernelRounding(Array(values.prefix(count)), isa: isa)
                for (x, r) in zip(values, rounded) { #expect(Int(r) == Int(x.rounded()), "\(x)") }
            }
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
        for isa in [CPC_FUSION_ISA_BEST, CPC_FUSION_ISA_SSE2] {
            for (x, r) in zip(values, kernelRounding(values, isa: isa)) { #expect(Int(r) == Int(x.rounded()), "\(x)") }
        }
    }

    /// A 7x2 frame (a full quad and a partial one per row): the scattered points equal
    /// `RowTransform.apply` of the scalar camera-frame points rounded to `Float`, bit for bit, the
    /// confidence rides in z's sign, and pass 1 bins exactly the pixels the scalar checks accept,
    /// into the scalar projection's nearest pixel.
    @Test(arguments: [CPC_FUSION_ISA_BEST.rawValue, CPC_FUSION_ISA_SSE2.rawValue])
    func kernelsEqualScalarExpressions(isa: UInt32) throws {
        // A small turn, so that most pixels land in the 7x2 reference image.
        let q = SIMD4<Double>(0.013, -0.021, 0.007, 0.99)
        let rigid = RigidTransform(quaternion: q / (q * q).sum().squareRoot(), translation: SIMD3(0.011, -0.024, 0.0031))
        let transform = RowTransform(rigid)
        let k = CameraIntrinsics(fx: 5.3, fy: 4.9, cx: 3.4, cy: 0.6, width: 7, height: 2)
        let (columns, rows) = k.unprojectionFactors(width: 7, height: 2)
        let depths: [Float] = [0.8123, 1.5, 2.25, 0.3333, 3.0001, 0.0, .nan, 1.1, 1.2, .infinity, 1.4, 9.5, 1.6, 1.7]
        let confidence: [UInt8] = [2, 1, 2, 0, 2, 2, 2, 1, 2, 2, 2, 2, 1, 2]
        var sensor = SensorBehaviour.shared
        sensor.minimumConfidence = 1
        let frame = DepthFrame(width: 7, height: 2, depth: depths, confidence: confidence, intrinsics: k,
                               worldFromCamera: nil, timestamp: 0)
        let sampler = FrameSampler(frames: [frame], sensor: sensor, isa: cpc_fusion_isa(isa))
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
                if d.isFinite, d >= sensor.minimumDepth, d <= sensor.maximumDepth, confidence[i] >= 1,
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

    /// The AVX and SSE2 kernels bin every frame of a handheld capture identically: the same
    /// targets and counts (pass 1) and the same sample bits (pass 3). On a CPU without AVX both
    /// runs take SSE2 and the test is trivially true.
    @Test func avxAndSSE2KernelsAgree() throws {
        let capture = PipelineTest.noisy(SimulatedBox(center: SIMD2(0.02, -0.01), length: 0.36, width: 0.24,
                                                      height: 0.2, yaw: 0.4), frames: 4, seed: 5).capture
        let frames = capture.frames, reference = frames[frames.count / 2]
        let referenceFromWorld = reference.worldFromCamera!.inverse
        for (f, frame) in frames.enumerated() {
            let transform = RowTransform(referenceFromWorld.composed(with: frame.worldFromCamera!))
            let n = frame.width * frame.height
            var results: [([Int32], [Int32], [UInt32])] = []
            for isa in [CPC_FUSION_ISA_BEST, CPC_FUSION_ISA_SSE2] {
                let sampler = FrameSampler(frames: frames, sensor: .shared, isa: isa)
                var targets = [Int32](repeating: -1, count: n), counts = [Int32](repeating: 0, count: n)
                sampler.binFrame(f, transform: transform, reference: reference.intrinsics, targets: &targets,
                                 counts: &counts)
                let samples = SharedPointer<BinnedSample>.allocate(n, value: BinnedSample(x: 0, y: 0, z: 0, high: true))
                defer { samples.deallocate() }
                let slots = (0..<n).map { targets[$0] >= 0 ? Int32($0) : -1 }
                slots.withUnsafeBufferPointer { slots in
                    sampler.scatterFrame(f, rows: 0..<frame.height, transform: transform, targets: slots.baseAddress!,
                                         samples: samples, id: 0, frame: nil, source: nil)
                }
                // The samples' bits: x, y and z with the confidence in its sign (12 bytes each).
                let bits = Array(UnsafeBufferPointer(
                    start: UnsafeRawPointer(samples.base).assumingMemoryBound(to: UInt32.self), count: 3 * n))
                results.append((targets, counts, bits))
            }
            #expect(results[0].0.filter { $0 >= 0 }.count > n / 4, "frame \(f)")
            #expect(results[0].0 == results[1].0, "frame \(f)")
            #expect(results[0].1 == results[1].1, "frame \(f)")
            #expect(results[0].2 == results[1].2, "frame \(f)")
        }
    }
}
