import Foundation
import Dimensioning

/// Which carton of a scene a ground-truth row names (`GroundTruthRow.positionMM`), and the
/// cartons no row names.
///
/// A row names the carton whose top's centre (`SceneRecord.Box.topCenterMeters`) lies nearest
/// its position across the floor, that is, ignoring the distance along the floor's normal
/// (`SceneRecord.upAxis`): a row may give the carton's centre or its top's centre, and a carton
/// whose height is wrong still stands where it stands. The carton must lie within half the row's
/// smaller footprint side (a neighbour's top is at least that far off); pairs are taken nearest
/// first, each carton and each row once. Refused cartons are matched too, so a row whose
/// carton was refused gets that carton's refusal.
public struct SceneCartonMatch: Sendable, Equatable {
    /// One row and what stands at its position.
    public struct Pair: Sendable, Equatable {
        public var row: GroundTruthRow
        /// The carton's `SceneRecord.Box.index`, nil when none stands within reach.
        public var index: Int?
        /// Distance across the floor from the row's position to the carton's top centre, mm.
        public var offsetMM: Double?
        /// How far a carton may lie from the row's position, mm: half its smaller footprint side.
        public var reachMM: Double
    }

    /// Every row, in the order given.
    public var pairs: [Pair]
    /// Indices of the cartons no row names, ascending.
    public var unnamed: [Int]

    /// Matches `rows` (all naming cartons of `scene`'s capture) to its cartons.
    public init(rows: [GroundTruthRow], scene: SceneRecord) {
        let up = scene.upAxis.flatMap { $0.count == 3 ? SIMD3($0[0], $0[1], $0[2]) : nil } ?? .zero
        var candidates: [(row: Int, box: Int, offset: Double)] = []
        for (r, row) in rows.enumerated() {
            guard let position = row.positionMM else { continue }
            let reach = Self.reachMM(row)
            for (b, box) in scene.boxes.enumerated() where box.topCenterMeters.count == 3 {
                let top = SIMD3(box.topCenterMeters[0], box.topCenterMeters[1], box.topCenterMeters[2]) * 1000
                let apart = position - top
                let across = apart - (apart * up).sum() * up
                let offset = (across * across).sum().squareRoot()
                if offset <= reach { candidates.append((r, b, offset)) }
            }
        }
        candidates.sort { ($0.offset, $0.row, $0.box) < ($1.offset, $1.row, $1.box) }
        var boxOfRow: [Int: (box: Int, offset: Double)] = [:]
        var taken = Set<Int>()
        for c in candidates where boxOfRow[c.row] == nil && !taken.contains(c.box) {
            boxOfRow[c.row] = (c.box, c.offset)
            taken.insert(c.box)
        }
        pairs = rows.enumerated().map { r, row in
            let found = boxOfRow[r]
            return Pair(row: row, index: found.map { scene.boxes[$0.box].index },
                        offsetMM: found.map { ($0.offset * 10).rounded() / 10 }, reachMM: Self.reachMM(row))
        }
        unnamed = scene.boxes.indices.filter { !taken.contains($0) }.map { scene.boxes[$0].index }
    }

    /// How far from a row's position its carton may stand, mm: half its smaller footprint side.
    public static func reachMM(_ row: GroundTruthRow) -> Double { min(row.lengthMM, row.widthMM) / 2 }
}
