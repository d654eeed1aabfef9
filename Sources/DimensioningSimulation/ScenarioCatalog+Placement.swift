import Foundation
import Dimensioning

/// Geometry checks used to place catalog cameras (all points in the world frame, metres).
extension ScenarioCatalog {
    /// True when every point projects inside the image of `rig`'s nominal first and last
    /// frames, at least `margin` pixels from the border, in front of the camera.
    static func allVisible(_ points: [SIMD3<Double>], rig: CameraRig, lookAt: SIMD3<Double>,
                           margin: Double) -> Bool {
        countVisible(points, rig: rig, lookAt: lookAt, margin: margin) == points.count
    }

    /// How many of `points` project inside the image (with `margin` pixels) in both the first
    /// and the last nominal frames.
    static func countVisible(_ points: [SIMD3<Double>], rig: CameraRig, lookAt: SIMD3<Double>,
                             margin: Double) -> Int {
        let k = rig.intrinsics
        let poses = [rig.nominalPose(frame: 0, lookingAt: lookAt),
                     rig.nominalPose(frame: rig.frameCount - 1, lookingAt: lookAt)].map(\.inverse)
        return points.filter { p in
            poses.allSatisfy { cameraFromWorld in
                guard let uv = k.project(cameraFromWorld.apply(p)) else { return false }
                return uv.x >= margin && uv.x <= Double(k.width - 1) - margin
                    && uv.y >= margin && uv.y <= Double(k.height - 1) - margin
            }
        }.count
    }

    /// Where the rays through the four image corners of the nominal first frame meet the
    /// horizontal plane at height `z` metres; nil if a corner ray misses it.
    static func imageCornersOnPlane(z: Double, rig: CameraRig, lookAt: SIMD3<Double>) -> [SIMD3<Double>]? {
        let k = rig.intrinsics
        let pose = rig.nominalPose(frame: 0, lookingAt: lookAt)
        var out: [SIMD3<Double>] = []
        for (u, v) in [(0.0, 0.0), (Double(k.width - 1), 0.0), (0.0, Double(k.height - 1)),
                       (Double(k.width - 1), Double(k.height - 1))] {
            let d = pose.rotate(k.unproject(u: u, v: v, depth: 1))
            guard d.z < -1e-9 else { return nil }
            let t = (z - pose.translation.z) / d.z
            guard t > 0 else { return nil }
            out.append(pose.translation + t * d)
        }
        return out
    }

    /// Points on the rims of an upright cylinder (for visibility checks).
    static func rimPoints(_ c: SimulatedCylinder) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        for i in 0..<12 {
            let a = Double(i) * Double.pi / 6
            let xy = c.center + c.radius * SIMD2(cos(a), sin(a))
            out.append(SIMD3(xy.x, xy.y, 0))
            out.append(SIMD3(xy.x, xy.y, c.height))
        }
        return out
    }

    /// Horizontal distance in metres from the nominal camera to world point (x, y).
    static func cameraHorizontalDistance(to p: SIMD2<Double>, rig: CameraRig, lookAt: SIMD3<Double>) -> Double {
        let c = rig.nominalPosition(frame: 0, lookingAt: lookAt)
        let d = SIMD2(c.x, c.y) - p
        return (d * d).sum().squareRoot()
    }
}
