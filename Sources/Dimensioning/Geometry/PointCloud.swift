/// Points stored flat, x y z interleaved as `Float` (metres), the layout the C boundary uses.
///
/// The frame is the caller's to name: a `PointCloud` called `pointsInWorld` holds world
/// coordinates, `pointsInCamera` camera coordinates.
public struct PointCloud: Sendable, Equatable {
    /// `3 * count` floats: x0 y0 z0 x1 y1 z1 ...
    public var xyz: [Float]

    public init() { xyz = [] }

    public init(xyz: [Float]) {
        precondition(xyz.count % 3 == 0, "xyz holds three floats per point")
        self.xyz = xyz
    }

    public init<S: Sequence>(points: S) where S.Element == SIMD3<Double> {
        xyz = []
        for p in points { xyz.append(Float(p.x)); xyz.append(Float(p.y)); xyz.append(Float(p.z)) }
    }

    public var count: Int { xyz.count / 3 }
    public var isEmpty: Bool { xyz.isEmpty }

    public subscript(i: Int) -> SIMD3<Double> {
        SIMD3(Double(xyz[3 * i]), Double(xyz[3 * i + 1]), Double(xyz[3 * i + 2]))
    }

    public mutating func reserve(_ n: Int) { xyz.reserveCapacity(3 * n) }

    public mutating func append(_ p: SIMD3<Double>) {
        xyz.append(Float(p.x)); xyz.append(Float(p.y)); xyz.append(Float(p.z))
    }

    public mutating func append(x: Float, y: Float, z: Float) {
        xyz.append(x); xyz.append(y); xyz.append(z)
    }

    /// The points whose index satisfies `keep`, in order.
    public func filter(_ keep: (Int) -> Bool) -> PointCloud {
        var out = PointCloud()
        out.reserve(count)
        for i in 0..<count where keep(i) {
            out.xyz.append(xyz[3 * i]); out.xyz.append(xyz[3 * i + 1]); out.xyz.append(xyz[3 * i + 2])
        }
        return out
    }

    /// The points at `indices`, in that order.
    public func subset<C: Collection>(_ indices: C) -> PointCloud where C.Element == Int {
        var out = PointCloud()
        out.reserve(indices.count)
        for i in indices {
            out.xyz.append(xyz[3 * i]); out.xyz.append(xyz[3 * i + 1]); out.xyz.append(xyz[3 * i + 2])
        }
        return out
    }
}
