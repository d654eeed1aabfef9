import Foundation

/// The scene seen from above: the highest point over each cell of a grid on the support
/// (floor coordinates of `frame`, metres). A vertical side face collapses onto the line where it
/// stands, so the map holds the tops, the support and little else; a top is a flat, connected
/// patch of cells (`findTopRegions`).
public struct HeightMap: Sendable {
    /// The floor frame the map lies in (heights along `frame.up`).
    public var frame: FloorFrame
    /// Cell side, metres.
    public var cellSize: Double
    /// Floor coordinates (metres) of cell (0, 0)'s lower corner.
    public var origin: SIMD2<Double>
    public var columns: Int
    public var rows: Int
    /// Highest height (metres above the floor plane) over each cell, `row * columns + column`;
    /// NaN where nothing was seen.
    public var top: [Float]
    /// Median height (metres above the floor plane) of the points over each cell within the
    /// surface band of its highest (`surfaceBand`: the points of the surface its top lies on, not
    /// the floor seen through a pallet's gap in the same cell); NaN where nothing was seen. Where
    /// a level is estimated from many cells of a flat surface (the surface a carton stands on,
    /// `supportBeside`), this is the cell's height: `top`, the highest of a few noisy samples,
    /// lies above the surface by a share of the noise (about 0.8 sigma for three samples), where
    /// a top's own level is its points' mean.
    public var middle: [Float]
    /// The highest of `top`, metres (0 when nothing was seen).
    public private(set) var highest: Double = 0
    /// The points mapped (indices into `FusedScene.pointsInWorld`), their heights (metres) and
    /// their cells (parallel arrays).
    public var pointIndices: [Int]
    public var pointHeights: [Double]
    public var pointCells: [Int32]

    /// At most this many cells a side (20 m at the default 5 mm): a hostile cloud's far points
    /// beyond it are left out, not allocated for.
    static let maximumCells = 4096

    /// Maps the points `indices` of `scene` (those above the floor, or any subset) into cells of
    /// `cellSize` metres on `frame`; each cell's `middle` is taken over its points within
    /// `surfaceBand` metres of its highest (`SceneParameters.stepTolerance`, 12 mm: a top's noise
    /// lies within it, a step to another surface does not).
    public init(_ scene: FusedScene, indices: [Int], frame: FloorFrame, cellSize: Double, surfaceBand: Double = 0.012) {
        self.frame = frame
        self.cellSize = cellSize
        var local: [SIMD3<Double>] = []
        local.reserveCapacity(indices.count)
        var lo = SIMD2(Double.infinity, .infinity), hi = -lo
        for i in indices {
            let q = frame.local(scene.pointsInWorld[i])
            local.append(q)
            guard q.x.isFinite, q.y.isFinite, q.z.isFinite else { continue }
            lo = pointwiseMin(lo, SIMD2(q.x, q.y))
            hi = pointwiseMax(hi, SIMD2(q.x, q.y))
        }
        // Centred on the points' median when they span more than the grid allows.
        if hi.x - lo.x > Double(Self.maximumCells) * cellSize || hi.y - lo.y > Double(Self.maximumCells) * cellSize {
            let xs = local.map(\.x).filter(\.isFinite), ys = local.map(\.y).filter(\.isFinite)
            let centre = SIMD2(Statistics.median(xs) ?? 0, Statistics.median(ys) ?? 0)
            let half = Double(Self.maximumCells / 2) * cellSize
            lo = pointwiseMax(lo, centre - half)
            hi = pointwiseMin(hi, centre + half)
        }
        if !(lo.x <= hi.x && lo.y <= hi.y) { lo = .zero; hi = .zero }
        origin = lo
        columns = min(Self.maximumCells, Int(((hi.x - lo.x) / cellSize).rounded(.down)) + 1)
        rows = min(Self.maximumCells, Int(((hi.y - lo.y) / cellSize).rounded(.down)) + 1)
        top = [Float](repeating: .nan, count: columns * rows)
        middle = top
        pointIndices = []
        pointHeights = []
        pointCells = []
        pointIndices.reserveCapacity(indices.count)
        for (i, q) in zip(indices, local) {
            guard let cell = cellIndex(SIMD2(q.x, q.y)), q.z.isFinite else { continue }
            pointIndices.append(i)
            pointHeights.append(q.z)
            pointCells.append(Int32(cell))
            let h = Float(q.z)
            if !(top[cell] >= h) { top[cell] = h }
        }
        highest = Double(top.lazy.filter { !$0.isNaN }.max() ?? 0)
        // Each cell's median: the points sorted by cell, then by height.
        let order = pointCells.indices.sorted {
            pointCells[$0] != pointCells[$1] ? pointCells[$0] < pointCells[$1] : pointHeights[$0] < pointHeights[$1]
        }
        var start = 0
        while start < order.count {
            let cell = pointCells[order[start]]
            var end = start + 1
            while end < order.count, pointCells[order[end]] == cell { end += 1 }
            // The points within the band under the highest: the surface the cell's top lies on.
            let highestHere = pointHeights[order[end - 1]]
            var first = start
            while pointHeights[order[first]] < highestHere - surfaceBand { first += 1 }
            let n = end - first
            let m = n % 2 == 1 ? pointHeights[order[first + n / 2]]
                : (pointHeights[order[first + n / 2 - 1]] + pointHeights[order[first + n / 2]]) / 2
            middle[Int(cell)] = Float(m)
            start = end
        }
    }

    /// The cell holding floor point `p` (metres), nil outside the map.
    public func cellIndex(_ p: SIMD2<Double>) -> Int? {
        let c = (p - origin) / cellSize
        guard c.x >= 0, c.y >= 0, c.x < Double(columns), c.y < Double(rows) else { return nil }
        return Int(c.y) * columns + Int(c.x)
    }

    /// Calls `body` with each cell overlapping the floor box `lo`...`hi` (metres), clipped to the
    /// map; with none when the box lies outside it or is not finite.
    public func forEachCell(from lo: SIMD2<Double>, to hi: SIMD2<Double>, _ body: (Int) -> Void) {
        let first = ((lo - origin) / cellSize).rounded(.down), last = ((hi - origin) / cellSize).rounded(.up)
        guard first.x.isFinite, first.y.isFinite, last.x.isFinite, last.y.isFinite else { return }
        let c0 = Int(max(0, first.x)), r0 = Int(max(0, first.y))
        let c1 = Int(min(Double(columns - 1), last.x)), r1 = Int(min(Double(rows - 1), last.y))
        guard c0 <= c1, r0 <= r1 else { return }
        for r in r0...r1 {
            for c in c0...c1 { body(r * columns + c) }
        }
    }

    /// Centre of cell `cell` in floor coordinates, metres.
    public func centre(ofCell cell: Int) -> SIMD2<Double> {
        origin + (SIMD2(Double(cell % columns), Double(cell / columns)) + 0.5) * cellSize
    }

    /// Whether cell `cell`'s surface is flat enough to be part of a top: along each axis, the
    /// height difference to the nearest seen cell within `reach` cells, on the flatter of its two
    /// sides, over their distance is at most `maximumSlope`. Taking the flatter side keeps a
    /// top's rim cells (flat inward, a drop outward); a ramp rises on both sides.
    public func isFlat(_ cell: Int, maximumSlope: Double, reach: Int = 3) -> Bool {
        let h = top[cell]
        guard !h.isNaN else { return false }
        let column = cell % columns, row = cell / columns
        for (dx, dy) in [(1, 0), (0, 1)] {
            var flattest = Double.infinity
            for sign in [1, -1] {
                for k in 1...reach {
                    let c = column + sign * dx * k, r = row + sign * dy * k
                    guard c >= 0, r >= 0, c < columns, r < rows else { break }
                    let other = top[r * columns + c]
                    if other.isNaN { continue }
                    flattest = min(flattest, abs(Double(other - h)) / (Double(k) * cellSize))
                    break
                }
            }
            if flattest > maximumSlope { return false }
        }
        return true
    }
}
