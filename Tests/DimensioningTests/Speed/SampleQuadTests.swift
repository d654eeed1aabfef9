import Foundation
import Testing
@testable import Dimensioning

/// The four-lane kernels of the binning passes must give, lane by lane, the scalar values they
/// replace (`FusionExactnessTests` checks the whole fusion against the plain algorithm).
@Suite struct SampleQuadTests {
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

    @Test func vectorRoundingEqualsScalarOnDelicateValues() {
        let values = Self.delicate
        for start in stride(from: 0, to: values.count, by: 4) {
            var lanes = SIMD4<Double>(repeating: 0)
            for k in 0..<4 { lanes[k] = values[min(start + k, values.count - 1)] }
            let rounded = roundHalfAway(lanes)
            for k in 0..<4 {
                #expect(Int(rounded[k]) == roundHalfAway(lanes[k]), "\(lanes[k])")
                #expect(Int(rounded[k]) == Int(lanes[k].rounded()), "\(lanes[k])")
            }
        }
    }

    @Test func vectorRoundingEqualsScalarOnRandomCoordinates() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let lanes = SIMD4<Double>(Double.random(in: -0.4999...300, using: &generator),
                                      Double.random(in: 0...1, using: &generator),
                                      Double(Int.random(in: 0...4000, using: &generator)) + 0.5,
                                      Double.random(in: 0...70_000, using: &generator))
            let rounded = roundHalfAway(lanes)
            for k in 0..<4 { #expect(Int(rounded[k]) == roundHalfAway(lanes[k]), "\(lanes[k])") }
        }
    }

    /// A quad's reference-camera points equal `RowTransform.apply` of the scalar camera-frame
    /// points, bit for bit, for a full quad and for a partial one (NaN depth past the row end).
    @Test func quadPointsEqualScalarTransform() throws {
        let q = SIMD4<Double>(0.13, -0.31, 0.07, 0.94)
        let transform = RowTransform(RigidTransform(quaternion: q / (q * q).sum().squareRoot(),
                                                    translation: SIMD3(0.011, -0.024, 0.0031)))
        let k = CameraIntrinsics(fx: 211.3, fy: 212.9, cx: 127.4, cy: 95.1, width: 7, height: 2)
        let (columns, rows) = k.unprojectionFactors(width: 7, height: 2)
        let depths: [Float] = [0.8123, 1.5, 2.25, 0.3333, 3.0001, 0.0, .nan, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7]
        for (v, u) in [(0, 0), (0, 4), (1, 0), (1, 4)] {
            let quad = depths.withUnsafeBufferPointer { d in
                columns.withUnsafeBufferPointer { c in
                    SampleQuad(depths: d.baseAddress!, columnFactor: c.baseAddress!, rowStart: v * 7, u: u, width: 7,
                               rowFactor: rows[v], transform: transform)
                }
            }
            for lane in 0..<4 {
                guard u + lane < 7 else {
                    #expect(quad.depth[lane].isNaN)
                    continue
                }
                let d = Double(depths[v * 7 + u + lane])
                guard d.isFinite else { continue }
                let p = transform.apply(SIMD3(columns[u + lane] * d, rows[v] * d, d))
                #expect(quad.x[lane].bitPattern == p.x.bitPattern)
                #expect(quad.y[lane].bitPattern == p.y.bitPattern)
                #expect(quad.z[lane].bitPattern == p.z.bitPattern)
                let (pu, pv) = quad.projected(k)
                if let projected = k.project(p) {
                    #expect(pu[lane].bitPattern == projected.x.bitPattern)
                    #expect(pv[lane].bitPattern == projected.y.bitPattern)
                }
            }
        }
    }
}
