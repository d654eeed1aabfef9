import Foundation

/// A pallet's top deck as the floor of a scene (`SimulatedScene.floorDeck`): boards along world
/// x with gaps between them along y, the room's floor `SimulatedScene.floorBelow` metres under
/// the deck (z = 0) past its edges and through its gaps.
///
/// A EUR pallet (EN 13698-1) is 1200 x 800 x 144 mm with five top boards 100-145 mm wide, about
/// 40 mm apart; the deck here has boards of one width (`boardWidth`) and gaps of one width
/// (`gapWidth`), the outer boards at its long edges. Metres, world frame (z up).
public struct PalletDeck: Sendable, Codable, Equatable {
    /// Centre of the deck, world x and y.
    public var center: SIMD2<Double>
    /// Half the deck's extent along world x (its boards' length) and along world y.
    public var halfLength: Double
    public var halfWidth: Double
    /// Each board's width, and the gap between two boards, along y.
    public var boardWidth: Double
    public var gapWidth: Double

    public init(center: SIMD2<Double>, halfLength: Double, halfWidth: Double, boardWidth: Double, gapWidth: Double) {
        self.center = center
        self.halfLength = halfLength
        self.halfWidth = halfWidth
        self.boardWidth = boardWidth
        self.gapWidth = gapWidth
    }

    /// The height of a EUR pallet's deck above the room's floor, metres.
    public static let euroHeight = 0.144

    /// A deck of 120-mm boards 40 mm apart under `boxes`: at least 1200 x 760 mm (five boards),
    /// longer and with more boards where the boxes reach further, each box at least 5 cm inside
    /// its edges; centred on the boxes' footprints.
    public static func under(_ boxes: [SimulatedBox]) -> PalletDeck {
        let board = 0.12, gap = 0.04
        var low = SIMD2(Double.infinity, Double.infinity), high = -low
        for box in boxes {
            for corner in box.corners.prefix(4) {
                low = SIMD2(min(low.x, corner.x), min(low.y, corner.y))
                high = SIMD2(max(high.x, corner.x), max(high.y, corner.y))
            }
        }
        if boxes.isEmpty { (low, high) = (.zero, .zero) }
        let centre = (low + high) / 2
        let halfLength = max(0.6, (high.x - low.x) / 2 + 0.05)
        // Boards enough to reach 5 cm past the boxes either side: n boards span n * board + (n - 1) * gap.
        let needed = high.y - low.y + 0.1
        let boards = max(5, Int(((needed + gap) / (board + gap)).rounded(.up)))
        let span = Double(boards) * board + Double(boards - 1) * gap
        return PalletDeck(center: centre, halfLength: halfLength, halfWidth: span / 2, boardWidth: board, gapWidth: gap)
    }

    /// Whether the point (x, y) of the plane z = 0 lies on a board.
    @inline(__always)
    func holds(x: Double, y: Double) -> Bool {
        let u = x - center.x, v = y - center.y + halfWidth
        guard abs(u) <= halfLength, v >= 0, v <= 2 * halfWidth else { return false }
        return v.truncatingRemainder(dividingBy: boardWidth + gapWidth) <= boardWidth
    }
}
