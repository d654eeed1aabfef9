import Testing
@testable import Dimensioning

@Suite struct RigidTransformTests {
    @Test func quaternionRoundTrip() {
        let q = SIMD4<Double>(0.1, -0.3, 0.2, 0.9)
        let n = q / (q * q).sum().squareRoot()
        let t = RigidTransform(quaternion: n, translation: SIMD3(1, 2, 3))
        let back = t.quaternion
        #expect(abs((back - n).max()) < 1e-12 || abs((back + n).max()) < 1e-12)
    }

    @Test func inverseUndoes() {
        let t = RigidTransform(quaternion: SIMD4(0.2, 0.1, -0.4, 0.8), translation: SIMD3(0.5, -1, 2))
        let p = SIMD3<Double>(0.3, 0.7, -0.2)
        let q = t.inverse.apply(t.apply(p))
        #expect(((q - p) * (q - p)).sum().squareRoot() < 1e-12)
        let c = t.composed(with: t.inverse).apply(p)
        #expect(((c - p) * (c - p)).sum().squareRoot() < 1e-12)
    }
}
