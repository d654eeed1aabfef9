import Foundation

/// The segmentation of a measured scene, one label per fused point, for pictures and exported
/// clouds: 0 other, 1 floor, 2 box, 3 the box's top face.
///
/// Box and top face come from the pipeline's stages (`BoxSegment.pointIndices`,
/// `TopFaceFit.inlierIndices`); floor is every other point within `floorBand` metres of the
/// fitted floor plane.
public struct SceneSegmentation: Sendable, Equatable {
    public enum Label: Int32, Sendable, CaseIterable {
        case other = 0, floor = 1, box = 2, topFace = 3

        /// Display colour, 0x00RRGGBB.
        public var rgb: UInt32 {
            switch self {
            case .other: 0x9A9A9A
            case .floor: 0x3E7CD6
            case .box: 0xF08A24
            case .topFace: 0x2DBE60
            }
        }
    }

    /// Distance (metres) from the floor plane within which a point counts as floor.
    public static let floorBand = 0.02

    public var labels: [Label]

    public init(_ result: PipelineResult) {
        let points = result.scene.pointsInWorld
        var labels = [Label](repeating: .other, count: points.count)
        for i in 0..<points.count where abs(result.floor.plane.signedDistance(points[i])) <= Self.floorBand {
            labels[i] = .floor
        }
        for i in result.box.pointIndices where i < labels.count { labels[i] = .box }
        for i in result.top.inlierIndices where i < labels.count { labels[i] = .topFace }
        self.labels = labels
    }

    /// Numeric labels for a PCL `label` field.
    public var values: [Int32] { labels.map(\.rawValue) }
}

/// The cuboid's 8 corners and 12 edges in the world frame (metres).
public struct CuboidEdges: Sendable {
    public var corners: [SIMD3<Double>]
    /// Pairs of indices into `corners`.
    public static let edges: [(Int, Int)] = [(0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 6), (6, 7), (7, 4),
                                             (0, 4), (1, 5), (2, 6), (3, 7)]

    public init(_ cuboid: CuboidFit) {
        self.init(centre: cuboid.centerInWorld, axes: cuboid.axesInWorld, length: cuboid.length, width: cuboid.width,
                  height: cuboid.height)
    }

    /// The cuboid of `length x width x height` metres centred on `centre` (world), its unit
    /// `axes` along the length, the width and up: the bottom ring of corners, then the top.
    public init(centre c: SIMD3<Double>, axes: [SIMD3<Double>], length: Double, width: Double, height: Double) {
        let a = axes[0] * (length / 2), b = axes[1] * (width / 2), up = axes[2] * (height / 2)
        let ring = [a + b, -a + b, -a - b, a - b]
        corners = ring.map { c + $0 - up } + ring.map { c + $0 + up }
    }

    /// Points every `spacing` metres along the 12 edges.
    public func sampled(spacing: Double = 0.002) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        for (i, j) in Self.edges {
            let p = corners[i], q = corners[j]
            let n = max(1, Int((simd_length(q - p) / spacing).rounded(.up)))
            for k in 0...n { out.append(p + (q - p) * (Double(k) / Double(n))) }
        }
        return out
    }
}

@inline(__always)
func simd_length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
