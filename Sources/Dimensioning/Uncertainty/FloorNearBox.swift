import Foundation

/// The floor where the box stands, as the capture shows it: the floor points in a ring around
/// the footprint, their median height above the fitted floor plane and their robust scatter
/// (metres). A floor that bends with range, a pallet's boards or a mat under the box leave the
/// plane some millimetres off under the box itself; this is how far.
public struct FloorNearBox: Sendable, Equatable {
    /// Median height of the ring's floor points above the floor plane, metres.
    public var offset: Double
    /// 1.4826 median absolute deviations of their heights, metres.
    public var scatter: Double
    public var count: Int
    /// The least-squares plane through the ring's points near its median height (floor
    /// coordinates): how the surface leans around the box on the floor's plane, where the floor
    /// bends with range; nil when those points lie on one line.
    public var surface: LidLean?

    /// How many robust sigmas (`scatter`) from the ring's median a height may lie and still be
    /// the floor's own scatter: the band of the ring's points the surface is fitted through,
    /// and the rise under which a candidate is the floor's noise (`riseIsFloorNoise`).
    static let floorSigmas = 3.0

    /// The fewest ring points whose median and robust scatter say how a floor scatters: 20.
    /// The fewest points an object must show to be sized at all (`smallObjectRefusal`), too.
    public static let leastRingPoints = 20

    /// Points within `band` metres of the floor plane lying `inner`-`outer` metres outside the
    /// footprint (floor coordinates of `box.floorFrame`); nil with fewer than `minimumCount`.
    public init?(_ scene: FusedScene, box: BoxSegment, footprint: Rectangle2D, band: Double = 0.03,
          inner: Double = 0.02, outer: Double = 0.25, minimumCount: Int = leastRingPoints) {
        var ring: [SIMD3<Double>] = []
        let frame = box.floorFrame
        for i in 0..<scene.pointsInWorld.count {
            let q = frame.local(scene.pointsInWorld[i])
            guard abs(q.z) <= band else { continue }
            let outside = footprint.distanceOutside(SIMD2(q.x, q.y))
            if outside >= inner && outside <= outer { ring.append(q) }
        }
        let heights = ring.map(\.z)
        guard heights.count >= minimumCount, let median = Statistics.quantile(heights, 0.5),
              let sigma = Statistics.robustSigma(heights) else { return nil }
        offset = median
        scatter = sigma
        count = heights.count
        // The plane through the ring's points within three robust sigmas (at least 2 mm) of its
        // median: a box side's mixed pixels at its foot, or a neighbour's, stay out.
        let near = max(0.002, Self.floorSigmas * sigma)
        surface = LidLean(points: ring.filter { abs($0.z - median) <= near })
    }
}
