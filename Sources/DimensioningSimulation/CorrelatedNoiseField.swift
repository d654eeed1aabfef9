import Dimensioning

/// Bilinear upsampling of a coarse grid of unit-variance random values to the depth image,
/// renormalised per pixel so every pixel's value again has unit variance.
///
/// Node (i, j) of the `gridWidth` x `gridHeight` grid sits at pixel
/// (i * (width - 1) / (gridWidth - 1), j * (height - 1) / (gridHeight - 1)).
struct CorrelatedNoiseField: Sendable {
    let width: Int, height: Int
    let gridWidth: Int, gridHeight: Int
    /// Per pixel: index of the top-left node of its cell.
    private let cell: [Int32]
    /// Per pixel: the four node weights (top-left, top-right, bottom-left, bottom-right),
    /// divided by the root of their sum of squares.
    private let weights: [SIMD4<Double>]

    init(width: Int, height: Int, gridWidth: Int, gridHeight: Int) {
        self.width = width
        self.height = height
        self.gridWidth = gridWidth
        self.gridHeight = gridHeight
        var cell = [Int32](repeating: 0, count: width * height)
        var weights = [SIMD4<Double>](repeating: .zero, count: width * height)
        let sx = Double(gridWidth - 1) / Double(max(width - 1, 1))
        let sy = Double(gridHeight - 1) / Double(max(height - 1, 1))
        for v in 0..<height {
            let gy = Double(v) * sy
            let j = min(Int(gy), gridHeight - 2)
            let fy = gy - Double(j)
            for u in 0..<width {
                let gx = Double(u) * sx
                let i = min(Int(gx), gridWidth - 2)
                let fx = gx - Double(i)
                var w = SIMD4((1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy)
                w /= (w * w).sum().squareRoot()
                cell[v * width + u] = Int32(j * gridWidth + i)
                weights[v * width + u] = w
            }
        }
        self.cell = cell
        self.weights = weights
    }

    /// Number of grid nodes.
    var nodeCount: Int { gridWidth * gridHeight }

    /// Fresh independent standard normal node values.
    func drawNodes(using g: inout SeededGenerator) -> [Double] {
        (0..<nodeCount).map { _ in g.gaussian() }
    }

    /// The upsampled value at pixel index `p` for node values `nodes`.
    @inline(__always)
    func value(at p: Int, nodes: UnsafeBufferPointer<Double>) -> Double {
        let c = Int(cell[p])
        let w = weights[p]
        return w.x * nodes[c] + w.y * nodes[c + 1] + w.z * nodes[c + gridWidth] + w.w * nodes[c + gridWidth + 1]
    }
}
