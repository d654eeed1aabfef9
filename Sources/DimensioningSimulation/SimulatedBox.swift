import Foundation
import Dimensioning

/// How a simulated surface returns the LiDAR's light; `SensorNoiseModel` maps each kind to
/// a noise gain, a dropout probability and a confidence penalty.
public enum SurfaceKind: String, Sendable, Codable, CaseIterable {
    /// Matte cardboard, paper, painted floor: the best case.
    case matte
    /// Black or very dark material: little light comes back, many dropouts.
    case dark
    /// Glossy tape, shrink wrap, varnish: specular, noisier and some dropouts.
    case glossy
}

/// A cuboid standing on the floor (its bottom face on z = 0), rotated about the vertical axis.
///
/// Positions are in the world frame (right-handed, z up, floor at z = 0), lengths in metres.
public struct SimulatedBox: Sendable, Codable, Equatable {
    /// Centre of the footprint on the floor, world x and y in metres.
    public var center: SIMD2<Double>
    /// Extent along the box's own x axis, in metres (the longer horizontal side, `>= width`).
    public var length: Double
    /// Extent along the box's own y axis, in metres.
    public var width: Double
    /// Extent along world z, in metres (the box spans z = 0 ... height).
    public var height: Double
    /// Rotation about world z, in radians: the box's length axis is (cos yaw, sin yaw, 0).
    public var yaw: Double
    /// What the box is made of.
    public var surface: SurfaceKind
    /// A recess, handle or bulge that keeps the top from being flat (nil: a plain cuboid).
    /// `length`, `width` and `height` stay the enclosing cuboid's.
    public var topFeature: TopFeature? = nil

    /// Creates a box; `length` and `width` are swapped (and `yaw` turned by 90 degrees) when
    /// `width > length`, so the stored box always has `length >= width` and the same shape.
    public init(center: SIMD2<Double>, length: Double, width: Double, height: Double,
                yaw: Double = 0, surface: SurfaceKind = .matte) {
        precondition(length > 0 && width > 0 && height > 0, "box sides must be positive (metres)")
        self.center = center
        if width > length {
            self.length = width
            self.width = length
            self.yaw = yaw + Double.pi / 2
        } else {
            self.length = length
            self.width = width
            self.yaw = yaw
        }
        self.height = height
        self.surface = surface
    }

    /// The box's length axis in the world frame (unit, horizontal).
    public var lengthAxis: SIMD3<Double> { SIMD3(cos(yaw), sin(yaw), 0) }
    /// The box's width axis in the world frame (unit, horizontal).
    public var widthAxis: SIMD3<Double> { SIMD3(-sin(yaw), cos(yaw), 0) }

    /// The centre of the box volume in the world frame, metres (z = height / 2).
    public var centroid: SIMD3<Double> { SIMD3(center.x, center.y, height / 2) }

    /// The centre of the top face in the world frame, metres.
    public var topCenter: SIMD3<Double> { SIMD3(center.x, center.y, height) }

    /// Radius in metres of the smallest vertical cylinder about `center` that holds the box.
    public var footprintRadius: Double { 0.5 * (length * length + width * width).squareRoot() }

    /// Radius in metres of the smallest sphere about `centroid` that holds the box.
    public var boundingRadius: Double {
        0.5 * (length * length + width * width + height * height).squareRoot()
    }

    /// The eight corners in the world frame, metres: bottom four then top four.
    public var corners: [SIMD3<Double>] {
        let a = lengthAxis * (length / 2), b = widthAxis * (width / 2)
        let c = SIMD3(center.x, center.y, 0)
        var out: [SIMD3<Double>] = []
        for z in [0.0, height] {
            for (sa, sb) in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)] {
                out.append(c + sa * a + sb * b + SIMD3(0, 0, z))
            }
        }
        return out
    }

    /// True when world point `p` (metres) lies inside the box grown by `margin` metres.
    public func contains(_ p: SIMD3<Double>, margin: Double = 0) -> Bool {
        let d = p - SIMD3(center.x, center.y, 0)
        let x = (d * lengthAxis).sum(), y = (d * widthAxis).sum()
        return abs(x) <= length / 2 + margin && abs(y) <= width / 2 + margin
            && p.z >= -margin && p.z <= height + margin
    }
}
