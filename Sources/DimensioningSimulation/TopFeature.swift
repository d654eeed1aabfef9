import Dimensioning
import Foundation

/// Something in or on a parcel's top that keeps it from being a plain cuboid.
///
/// The parcel's `length × width × height` stay those of the cuboid that encloses it, which is
/// what a carrier bills, so the ground truth does not change with the feature. A feature only
/// takes material away from that cuboid. All lengths are in metres, in the box's own frame:
/// x along its length, y along its width, z up from the floor.
public enum TopFeature: Sendable, Codable, Equatable {
    /// A notch cut down into the top at the middle of one side, like a toolbox's handle well
    /// or a crushed edge.
    /// - `side`: 0 is the +x end, 1 the +y side, 2 the −x end, 3 the −y side.
    /// - `span`: how long the notch runs along that side.
    /// - `depth`: how far it reaches inward from the side.
    /// - `drop`: how far its floor lies below the top.
    case recess(side: Int, span: Double, depth: Double, drop: Double)
    /// A bar standing on the top along the length axis, through its middle: a carry handle,
    /// a strap or a tape bump. The body's own top lies `rise` below the enclosing top.
    /// `span` is the bar's length and `thickness` its width.
    case handle(span: Double, thickness: Double, rise: Double)
    /// A lid that bows up by `rise` in the middle and meets the body at its four top edges:
    /// the height above the body is `rise · (1 − (2x/length)²) · (1 − (2y/width)²)`.
    case bulge(rise: Double)
    /// A lid that dips by `depth` in the middle and meets the enclosing top at its four top
    /// edges, a bulge upside down: the height below the enclosing top is
    /// `depth · (1 − (2x/length)²) · (1 − (2y/width)²)`. A sagging lid, or a toolbox's dished
    /// one: the real Orbbec toolbox of GeraltRivskiy/measurmentify (`toolbox.npz`) dips 5-9 mm
    /// between its rims. Not drawn by `random` (the irregular-top figures keep their draws).
    case sag(depth: Double)
    /// A lid that leans along the length axis: flat, `rise` lower at the −x end than at the +x
    /// end, where it reaches the enclosing top. A carton crushed at one end, or a sagging lid; the
    /// OAK-D captures (`Tests/Fixtures/real/luxonis-oak`) show one carton's lid with its high
    /// corner 22 mm above the lid's level against the floor around it (`example_4.ply`).
    case lean(rise: Double)

    /// The feature's kind: "recess", "handle", "bulge", "sag" or "lean".
    public var kind: String {
        switch self {
        case .recess: return "recess"
        case .handle: return "handle"
        case .bulge: return "bulge"
        case .sag: return "sag"
        case .lean: return "lean"
        }
    }

    /// A short description, in millimetres.
    public var summary: String {
        func mm(_ m: Double) -> Int { Int((m * 1000).rounded()) }
        switch self {
        case let .recess(side, span, depth, drop):
            return "a recess \(mm(span)) mm along side \(side), \(mm(depth)) mm deep and \(mm(drop)) mm down"
        case let .handle(span, thickness, rise):
            return "a handle \(mm(span)) × \(mm(thickness)) mm, \(mm(rise)) mm high"
        case let .bulge(rise):
            return "a bulge \(mm(rise)) mm high"
        case let .sag(depth):
            return "a lid dipping \(mm(depth)) mm in its middle"
        case let .lean(rise):
            return "a lid leaning \(mm(rise)) mm down along its length"
        }
    }

    /// Draws a feature for a parcel of `length × width × height` metres: a recess, a handle or
    /// a bulge with equal odds. Recesses are 25-60 % of their side long, reach 10-25 % of the
    /// box inward (at least 2 cm) and drop 2-6 cm (at most half the height); handles and
    /// bulges rise 5-15 mm, the range a carrier's bulging or strapped parcel shows.
    public static func random(length: Double, width: Double, height: Double,
                              using g: inout SeededGenerator) -> TopFeature {
        let pick = g.unit()
        if pick < 1.0 / 3 {
            let side = g.integer(in: 0...3)
            let along = side % 2 == 0 ? width : length, inward = side % 2 == 0 ? length : width
            return .recess(side: side, span: g.uniform(0.25, 0.6) * along,
                           depth: max(0.02, g.uniform(0.10, 0.25) * inward),
                           drop: min(g.uniform(0.02, 0.06), 0.5 * height))
        } else if pick < 2.0 / 3 {
            return .handle(span: g.uniform(0.3, 0.6) * length, thickness: g.uniform(0.02, 0.03),
                           rise: g.uniform(0.005, 0.015))
        }
        return .bulge(rise: g.uniform(0.005, 0.015))
    }

    /// Draws a leaning lid for a parcel of `length × height` metres: 1-4° from level (what the
    /// OAK-D captures show), at most half the height down.
    public static func randomLean(length: Double, height: Double, using g: inout SeededGenerator) -> TopFeature {
        let degrees = g.uniform(1, 4)
        return .lean(rise: min(0.5 * height, length * tan(degrees * Double.pi / 180)))
    }
}

/// An axis-aligned block in a box's own frame (x along its length, y along its width, z up
/// from the floor), metres: one piece of a parcel whose top is not flat.
struct BoxPart: Equatable {
    var lower: SIMD3<Double>
    var upper: SIMD3<Double>
}

extension SimulatedBox {
    /// The blocks whose union is this parcel, in its own frame: the whole cuboid when it has
    /// no `topFeature`; for a bulge or a sag, the body under the bowed lid.
    var parts: [BoxPart] {
        let hx = length / 2, hy = width / 2, h = height
        switch topFeature {
        case nil:
            return [BoxPart(lower: SIMD3(-hx, -hy, 0), upper: SIMD3(hx, hy, h))]
        case let .recess(side, span, depth, drop):
            let base = h - drop
            // Work in (a, o): a runs inward from the notched side, o along it; then map back.
            let alongX = side % 2 == 0, sign: Double = side < 2 ? 1 : -1
            let ha = alongX ? hx : hy, ho = alongX ? hy : hx
            let d = min(depth, 2 * ha), s = min(span, 2 * ho) / 2
            func block(_ a0: Double, _ a1: Double, _ o0: Double, _ o1: Double) -> BoxPart {
                let a = [sign * a0, sign * a1].sorted()
                return alongX ? BoxPart(lower: SIMD3(a[0], o0, base), upper: SIMD3(a[1], o1, h))
                    : BoxPart(lower: SIMD3(o0, a[0], base), upper: SIMD3(o1, a[1], h))
            }
            var out = [BoxPart(lower: SIMD3(-hx, -hy, 0), upper: SIMD3(hx, hy, base))]
            if d < 2 * ha { out.append(block(-ha, ha - d, -ho, ho)) }
            if s < ho {
                out.append(block(ha - d, ha, -ho, -s))
                out.append(block(ha - d, ha, s, ho))
            }
            return out
        case let .handle(span, thickness, rise):
            let bx = min(span, length) / 2, by = min(thickness, width) / 2
            return [BoxPart(lower: SIMD3(-hx, -hy, 0), upper: SIMD3(hx, hy, h - rise)),
                    BoxPart(lower: SIMD3(-bx, -by, h - rise), upper: SIMD3(bx, by, h))]
        case let .bulge(rise):
            // The body; the bowed lid above it is `DomeTracer`'s.
            return [BoxPart(lower: SIMD3(-hx, -hy, 0), upper: SIMD3(hx, hy, h - rise))]
        case let .sag(depth):
            // The body; the dipping lid above it is `DomeTracer`'s.
            return [BoxPart(lower: SIMD3(-hx, -hy, 0), upper: SIMD3(hx, hy, h - depth))]
        case let .lean(rise):
            // The body; the wedge above it is `WedgeTracer`'s.
            return [BoxPart(lower: SIMD3(-hx, -hy, 0), upper: SIMD3(hx, hy, h - rise))]
        }
    }
}
