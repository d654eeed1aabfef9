import Foundation

/// A fitted cuboid as the reference camera sees it: its six faces and twelve edges projected
/// into the reference image (pixels). Its outline is the box's true outline in the image,
/// wherever its own cluster stops: mixed pixels at a depth step (a blurring sensor's band), or
/// near depth spread over far depth (a fattening sensor), lie within the sensor's widest band of
/// it, on either side.
struct CuboidSilhouette: Sendable {
    /// The projected faces, each four pixel positions in order around it.
    let faces: [[SIMD2<Double>]]
    /// The projected edges, pairs of pixel positions.
    let edges: [(SIMD2<Double>, SIMD2<Double>)]

    /// The silhouette of the cuboid over `footprint` (floor frame, metres) from the floor up to
    /// `height` metres, seen by the reference camera of `scene`; nil without intrinsics or when
    /// a corner lies behind the camera.
    init?(_ scene: FusedScene, frame: FloorFrame, footprint: Rectangle2D, height: Double) {
        guard let intrinsics = scene.intrinsics else { return nil }
        let cameraFromWorld = scene.worldFromReferenceCamera.inverse
        func corners(at z: Double) -> [SIMD2<Double>] {
            footprint.corners.compactMap { intrinsics.project(cameraFromWorld.apply(frame.world(SIMD3($0.x, $0.y, z)))) }
        }
        let lower = corners(at: 0), upper = corners(at: height)
        guard lower.count == 4, upper.count == 4 else { return nil }
        var faces = [lower, upper]
        var edges: [(SIMD2<Double>, SIMD2<Double>)] = []
        for k in 0..<4 {
            let next = (k + 1) % 4
            faces.append([lower[k], lower[next], upper[next], upper[k]])
            edges += [(lower[k], lower[next]), (upper[k], upper[next]), (lower[k], upper[k])]
        }
        self.faces = faces
        self.edges = edges
    }

    /// Whether `pixel` lies inside the silhouette or within `band` pixels of it.
    func isWithin(_ band: Double, of pixel: SIMD2<Double>) -> Bool {
        if faces.contains(where: { Self.isInside(pixel, $0) }) { return true }
        return edges.contains { Self.distance(pixel, $0.0, $0.1) <= band }
    }

    /// Whether `p` lies inside the quadrilateral `quad` (convex, either winding): on the same
    /// side of all four of its edges.
    private static func isInside(_ p: SIMD2<Double>, _ quad: [SIMD2<Double>]) -> Bool {
        var positive = false, negative = false
        for k in 0..<quad.count {
            let a = quad[k], b = quad[(k + 1) % quad.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross > 0 { positive = true } else if cross < 0 { negative = true }
            if positive && negative { return false }
        }
        return true
    }

    /// Distance (pixels) from `p` to the segment from `a` to `b`.
    private static func distance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a, lengthSquared = dot(d, d)
        let t = lengthSquared > 0 ? min(1, max(0, dot(p - a, d) / lengthSquared)) : 0
        return length(p - (a + t * d))
    }
}
