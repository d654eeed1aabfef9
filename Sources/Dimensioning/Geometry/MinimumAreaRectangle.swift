/// The minimum-area enclosing rectangle of a convex polygon, by rotating calipers.
///
/// Freeman and Shapira (1975): a minimum-area enclosing rectangle has one side collinear with
/// an edge of the convex hull. For each hull edge, the rectangle aligned with it is found by
/// advancing three calipers (farthest along the edge, farthest from it, farthest against it)
/// monotonically around the hull (Toussaint 1983), so all edges cost O(n) together.
///
/// - Parameter hull: convex polygon vertices, counter-clockwise, no repeated vertex (as
///   `cpc_convex_hull_2d` returns them); coordinates in metres.
/// - Returns: the rectangle with `axisA` along its longer side, or nil for fewer than 3 vertices.
public func minimumAreaRectangle(hull: [SIMD2<Double>]) -> Rectangle2D? {
    let n = hull.count
    guard n >= 3 else { return nil }
    var best: Rectangle2D?
    var bestArea = Double.infinity
    // Caliper indices: farthest along the edge direction (right), farthest from the edge
    // (top), farthest against the edge direction (left).
    var right = 1, top = 1, left = 1
    for i in 0..<n {
        let p = hull[i], q = hull[(i + 1) % n]
        let edge = q - p
        let edgeLength = length(edge)
        if edgeLength < 1e-12 { continue }
        let u = edge / edgeLength
        let normal = SIMD2(-u.y, u.x) // points into the polygon (counter-clockwise order)
        if i == 0 { right = 1; top = 1 }
        while dot(hull[(right + 1) % n] - p, u) > dot(hull[right] - p, u) + 1e-15 { right = (right + 1) % n }
        if i == 0 { top = right }
        while dot(hull[(top + 1) % n] - p, normal) > dot(hull[top] - p, normal) + 1e-15 { top = (top + 1) % n }
        if i == 0 { left = top }
        while dot(hull[(left + 1) % n] - p, u) < dot(hull[left] - p, u) - 1e-15 { left = (left + 1) % n }
        let maxU = dot(hull[right] - p, u)
        let minU = dot(hull[left] - p, u)
        let height = dot(hull[top] - p, normal)
        let area = (maxU - minU) * height
        if area < bestArea {
            bestArea = area
            let center = p + u * (maxU + minU) / 2 + normal * height / 2
            best = Rectangle2D(center: center, axisA: u, halfA: (maxU - minU) / 2, halfB: height / 2)
        }
    }
    return best?.normalized()
}

/// The minimum-area rectangle around `points` (metres): `minimumAreaRectangle(hull:)` of their
/// convex hull (`NativeCloud.convexHull2D`: qhull through PCL); nil when they have no hull.
package func minimumAreaRectangle(points: [SIMD2<Double>]) -> Rectangle2D? {
    (try? NativeCloud.convexHull2D(points)).flatMap { minimumAreaRectangle(hull: $0) }
}
