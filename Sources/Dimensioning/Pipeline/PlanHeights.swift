import Foundation

/// The heights seen around an object, seen from above: floor-frame points from 3 cm to `reach`
/// metres past its top's extent and lower than its top, binned into `cell`-metre squares.
struct PlanHeights {
    let extent: Rectangle2D
    let top: Double
    let reach: Double
    let cell: Double
    private var heights: [SIMD2<Int32>: [Float]] = [:]

    init(_ scene: FusedScene, frame: FloorFrame, extent: Rectangle2D, top: Double, reach: Double = 0.3, cell: Double = 0.02) {
        self.extent = extent
        self.top = top
        self.reach = reach
        self.cell = cell
        for i in 0..<scene.pointsInWorld.count {
            let q = frame.local(scene.pointsInWorld[i])
            guard q.z < top - 0.03, let key = key(q, margin: 0.03) else { continue }
            heights[key, default: []].append(Float(q.z))
        }
    }

    /// The cell of floor-frame point `q` when it lies from `margin` to `reach` metres past the
    /// extent.
    func key(_ q: SIMD3<Double>, margin: Double) -> SIMD2<Int32>? {
        let xy = SIMD2(q.x, q.y)
        guard !extent.contains(xy, margin: margin), extent.distance(to: xy) <= reach else { return nil }
        return SIMD2(gridCell(q.x, size: cell), gridCell(q.y, size: cell))
    }

    /// Whether `point`, seen from `camera` (floor frame, metres), was seen beneath a surface:
    /// its line of sight, followed back toward the camera over the cells around the object,
    /// passes `clearance` metres or more under `minimumPoints` points of one cell (the room's
    /// floor seen under a table's top past the table's near edge).
    func seenBeneath(_ point: SIMD3<Double>, from camera: SIMD3<Double>, clearance: Double = 0.03,
                     minimumPoints: Int = 3) -> Bool {
        let plan = SIMD2(camera.x - point.x, camera.y - point.y)
        let planLength = length(plan)
        guard planLength > 1e-6, camera.z > point.z else { return false }
        let direction = plan / planLength, rise = (camera.z - point.z) / planLength
        // Half-cell steps back toward the camera, until the line rises over the object's top or
        // leaves the cells around it; over the object itself (no cell), on.
        var s = cell
        while s < planLength {
            let q = SIMD3(point.x + s * direction.x, point.y + s * direction.y, point.z + s * rise)
            guard q.z < top, extent.distance(to: SIMD2(q.x, q.y)) <= reach else { return false }
            if let key = key(q, margin: 0.03), let hs = heights[key],
               hs.lazy.filter({ Double($0) > q.z + clearance }).count >= minimumPoints { return true }
            s += cell / 2
        }
        return false
    }
}
