/// A uniform grid over 2-D positions for neighbour look-ups (deterministic: cells are looked
/// up, never iterated in hash order).
package struct LatticeGrid {
    package let cell: Double
    package let origin: SIMD2<Double>
    private var start: [Int64: Range<Int>] = [:]
    private var members: [Int] = []

    package init(_ q: [SIMD2<Double>], _ indices: [Int], cell: Double, origin: SIMD2<Double>) {
        self.cell = cell
        self.origin = origin
        let keyed = indices.map { (key: Self.key(Self.cellOf(q[$0], cell, origin)), index: $0) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
        members = keyed.map(\.index)
        var i = 0
        while i < keyed.count {
            var j = i
            while j < keyed.count && keyed[j].key == keyed[i].key { j += 1 }
            start[keyed[i].key] = i..<j
            i = j
        }
    }

    package static func cellOf(_ p: SIMD2<Double>, _ cell: Double, _ origin: SIMD2<Double>) -> SIMD2<Int64> {
        let c = (p - origin) / cell
        return SIMD2(Int64(max(-1e9, min(1e9, c.x.rounded(.down)))), Int64(max(-1e9, min(1e9, c.y.rounded(.down)))))
    }

    package static func key(_ c: SIMD2<Int64>) -> Int64 { c.x &* 2_000_000_003 &+ c.y }

    /// Calls `body` with every index in the cells within `reach` cells of `p`'s.
    package func forEach(near p: SIMD2<Double>, reach: Int64, _ body: (Int) -> Void) {
        let c = Self.cellOf(p, cell, origin)
        for dy in -reach...reach {
            for dx in -reach...reach {
                guard let range = start[Self.key(SIMD2(c.x + dx, c.y + dy))] else { continue }
                for k in range { body(members[k]) }
            }
        }
    }
}
