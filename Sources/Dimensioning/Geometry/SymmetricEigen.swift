/// Eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations (Golub & Van
/// Loan, *Matrix Computations*, §8.5): for the 12x12 normal matrix of a camera resection, where
/// no linear-algebra library is at hand on the Swift side.
package enum SymmetricEigen {
    /// The unit eigenvector of the smallest eigenvalue of the symmetric `n` x `n` matrix `a`
    /// (row-major), and that eigenvalue. Deterministic: a fixed sweep order, at most 60 sweeps.
    package static func smallest(_ a: [Double], n: Int) -> (vector: [Double], value: Double) {
        precondition(a.count == n * n, "an n x n matrix")
        var m = a
        var v = [Double](repeating: 0, count: n * n)
        for i in 0..<n { v[i * n + i] = 1 }
        for _ in 0..<60 {
            var off = 0.0, scale = 0.0
            for i in 0..<n {
                scale += m[i * n + i] * m[i * n + i]
                for j in (i + 1)..<n { off += m[i * n + j] * m[i * n + j] }
            }
            if off <= 1e-30 * max(scale, 1e-300) { break }
            for p in 0..<n {
                for q in (p + 1)..<n {
                    let apq = m[p * n + q]
                    guard abs(apq) > 1e-300 else { continue }
                    // The rotation that zeroes m[p][q].
                    let theta = (m[q * n + q] - m[p * n + p]) / (2 * apq)
                    let t = (theta >= 0 ? 1 : -1) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<n {
                        let mkp = m[k * n + p], mkq = m[k * n + q]
                        m[k * n + p] = c * mkp - s * mkq
                        m[k * n + q] = s * mkp + c * mkq
                    }
                    for k in 0..<n {
                        let mpk = m[p * n + k], mqk = m[q * n + k]
                        m[p * n + k] = c * mpk - s * mqk
                        m[q * n + k] = s * mpk + c * mqk
                    }
                    for k in 0..<n {
                        let vkp = v[k * n + p], vkq = v[k * n + q]
                        v[k * n + p] = c * vkp - s * vkq
                        v[k * n + q] = s * vkp + c * vkq
                    }
                }
            }
        }
        var best = 0
        for i in 1..<n where m[i * n + i] < m[best * n + best] { best = i }
        return ((0..<n).map { v[$0 * n + best] }, m[best * n + best])
    }
}
