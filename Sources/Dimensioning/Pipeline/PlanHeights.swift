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
        let xy = extent.local(SIMD2(q.x, q.y))
        let beyond = SIMD2(Swift.abs(xy.x) - extent.halfA, Swift.abs(xy.y) - extent.halfB)
        guard max(beyond.x, beyond.y) > margin, length(pointwiseMax(beyond, SIMD2<Double>(repeating: 0))) <= reach else { return nil }
        return SIMD2(Int32((q.x / cell).rounded(.down)), Int32((q.y / cell).rounded(.down)))
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
        var s = cell
        while s < planLength {
            let z = point.z + s * rise
            guard z < top else { return false }
            let q = SIMD3(point.x + s * direction.x, point.y + s * direction.y, z)
            guard let key = key(q, margin: 0.03) else {
                // Back over the object, or out past the cells around it.
                if isPastReach(q) { return false }
                s += cell / 2
                continue
            }
            if let hs = heights[key], hs.lazy.filter({ Double($0) > z + clearance }).count >= minimumPoints { return true }
            s += cell / 2
        }
        return false
    }

    private func isPastReach(_ q: SIMD3<Double>) -> Bool {
        let xy = extent.local(SIMD2(q.x, q.y))
        let beyond = SIMD2(Swift.abs(xy.x) - extent.halfA, Swift.abs(xy.y) - extent.halfB)
        return length(pointwiseMax(beyond, SIMD2<Double>(repeating: 0))) > reach
    }
}
