import Foundation
import Dimensioning

/// The hard negatives: scenes where a correct engine must refuse (truth 0). World frame, metres.
extension ScenarioCatalog {
    /// Only the floor, sometimes with a wall; the camera looks at a floor point.
    static func floorOnly(using g: inout SeededGenerator) -> (SimulatedScene, CameraRig) {
        let lookAt = SIMD3(g.uniform(-0.5, 0.5), g.uniform(-0.5, 0.5), 0)
        let rig = randomRig(distance: g.uniform(in: settings.distance), elevation: g.uniform(in: settings.elevation),
                            azimuth: g.uniform(0, 2 * Double.pi), lookAt: lookAt, using: &g)
        var scene = SimulatedScene.floorOnly()
        if g.bernoulli(0.3) {
            let back = SIMD2(-cos(rig.azimuth), -sin(rig.azimuth))
            scene.walls.append(SimulatedWall(point: SIMD2(lookAt.x, lookAt.y) + back * g.uniform(0.3, 1.0), normal: back))
        }
        return (scene, rig)
    }

    /// A box of 4-6 cm per side, whole in view at 0.45-1 m.
    static func tinyBox(using g: inout SeededGenerator) -> (SimulatedScene, CameraRig) {
        let box = randomBox(sides: 0.04...0.06, surface: .matte, using: &g)
        let rig = randomRig(distance: g.uniform(0.45, 1.0), elevation: g.uniform(in: settings.elevation),
                            azimuth: g.uniform(0, 2 * Double.pi), lookAt: nil, using: &g)
        return (SimulatedScene(target: box), rig)
    }

    /// A measurable-size box with the camera aimed to one side so that its centre sits near the
    /// image's left or right edge: part of the box leaves the frame, part stays.
    static func cutOffBox(using g: inout SeededGenerator) -> (SimulatedScene, CameraRig) {
        let (scene, base) = positive(surface: .matte, using: &g)
        let box = scene.target!
        let sign: Double = g.bernoulli(0.5) ? 1 : -1
        let right = SIMD3(-sin(base.azimuth), cos(base.azimuth), 0.0)
        var rig = base
        var k = g.uniform(0.9, 1.05)
        for _ in 0..<8 {
            // Shifting the look-at point by s along image-right moves the box by -s in camera x.
            let s = k * (Double(base.intrinsics.width) / 2) * base.distance / base.intrinsics.fx
            rig.lookAt = box.centroid + right * (sign * s)
            let inside = countVisible(box.corners, rig: rig, lookAt: rig.lookAt!, margin: 0)
            if inside > 0 && inside < 8 { break }
            k += inside == 8 ? 0.1 : -0.1
        }
        return (scene, rig)
    }

    /// An upright cylinder (no box), whole in view.
    static func cylinder(using g: inout SeededGenerator) -> (SimulatedScene, CameraRig) {
        var last: (SimulatedScene, CameraRig)?
        for _ in 0..<30 {
            let c = SimulatedCylinder(center: SIMD2(g.uniform(-0.5, 0.5), g.uniform(-0.5, 0.5)),
                                      radius: g.uniform(0.05, 0.25), height: g.uniform(0.1, 0.6))
            let rig = randomRig(distance: g.uniform(in: settings.distance), elevation: g.uniform(in: settings.elevation),
                                azimuth: g.uniform(0, 2 * Double.pi), lookAt: c.centroid, using: &g)
            let scene = SimulatedScene(target: nil, cylinders: [c])
            last = (scene, rig)
            if rig.nominalPosition(frame: 0, lookingAt: c.centroid).z > c.height + 0.15,
               allVisible(rimPoints(c), rig: rig, lookAt: c.centroid, margin: settings.borderMargin) { break }
        }
        return last!
    }

    /// Two boxes side by side, touching along the target's length axis; the camera aims at the
    /// middle of the pair.
    ///
    /// A draw is kept only when the capture can show two boxes (`showsTwoBoxes`): a second box
    /// hidden behind the first from every frame, or a flush pair whose heights and widths
    /// across agree within a centimetre (one cuboid to within 5 mm a side), shows one box, and
    /// measuring it is no wrong answer. Until 2026-12-08 such pairs were drawn and scored as
    /// wrong answers when measured: `boxdim accuracy --split holdout --count 840` (seed 3313)
    /// scenario 304, whose lower box lay wholly in the taller one's shadow, was measured as the
    /// taller box to within 0.7 mm. (Tuning scenario 409 of seed 2026, a flush pair of one
    /// height whose widths differ by 21 mm, is kept: it shows two boxes, and the engine's
    /// accepting it as one is the engine's error.)
    static func touchingBoxes(using g: inout SeededGenerator) -> (SimulatedScene, CameraRig) {
        var last: (SimulatedScene, CameraRig)?
        for _ in 0..<30 {
            let target = randomBox(sides: 0.15...0.45, surface: .matte, using: &g)
            let turned = g.bernoulli(0.5)
            let l2 = g.uniform(0.15, 0.45), w2 = g.uniform(0.15, 0.45)
            let along = turned ? w2 : l2 // the second box's extent along the target's length axis
            let c2 = SIMD2(target.center.x, target.center.y)
                + SIMD2(cos(target.yaw), sin(target.yaw)) * (target.length / 2 + along / 2)
            let other = SimulatedBox(center: c2, length: l2, width: w2, height: g.uniform(0.15, 0.45),
                                     yaw: target.yaw + (turned ? Double.pi / 2 : 0))
            let middle = (target.centroid + other.centroid) / 2
            let rig = randomRig(distance: g.uniform(0.8, 1.5), elevation: g.uniform(in: settings.elevation),
                                azimuth: g.uniform(0, 2 * Double.pi), lookAt: middle, using: &g)
            let scene = SimulatedScene(target: target, otherBoxes: [other])
            last = (scene, rig)
            if rig.nominalPosition(frame: 0, lookingAt: middle).z > max(target.height, other.height) + 0.15,
               allVisible(target.corners + other.corners, rig: rig, lookAt: middle, margin: settings.borderMargin),
               showsTwoBoxes(target, other, rig: rig, lookAt: middle) {
                break
            }
        }
        return last!
    }

    /// Whether a touching pair differs from one cuboid in what the camera sees: their heights or
    /// their widths across the pair (along `target`'s width axis; `other` stands along its
    /// length axis, square to it or turned a quarter) differ by a centimetre or more, and a
    /// quarter or more of each box's top is in view of the first and last frames, unhidden by
    /// the other (`visibleTopShare`).
    static func showsTwoBoxes(_ target: SimulatedBox, _ other: SimulatedBox, rig: CameraRig,
                              lookAt: SIMD3<Double>) -> Bool {
        let across = abs((other.lengthAxis * target.widthAxis).sum()) * other.length
            + abs((other.widthAxis * target.widthAxis).sum()) * other.width
        let distinct = abs(target.height - other.height) >= 0.01 || abs(target.width - across) >= 0.01
        let margin = settings.borderMargin
        return distinct
            && visibleTopShare(of: other, behind: target, rig: rig, lookAt: lookAt, margin: margin) >= 0.25
            && visibleTopShare(of: target, behind: other, rig: rig, lookAt: lookAt, margin: margin) >= 0.25
    }

    /// A large box with the camera close above its top, looking almost straight down, the image
    /// axes along the box's sides: every pixel sees the top face, none the floor.
    static func tooCloseTopOnly(using g: inout SeededGenerator) -> (SimulatedScene, CameraRig) {
        let l = g.uniform(0.5, 0.8), w = g.uniform(0.4, l)
        let box = SimulatedBox(center: SIMD2(g.uniform(-0.5, 0.5), g.uniform(-0.5, 0.5)), length: l, width: w,
                               height: g.uniform(0.2, 0.8), yaw: g.uniform(0, Double.pi))
        let k = CameraIntrinsics.iPhoneLiDARDepth
        let tanX = Double(k.width) / 2 / k.fx, tanY = Double(k.height) / 2 / k.fy
        var distance = min(box.length / (2 * tanX), box.width / (2 * tanY)) * g.uniform(0.6, 0.8)
        // Image x along the box's length: azimuth = yaw -/+ 90 degrees.
        let azimuth = box.yaw - Double.pi / 2 + (g.bernoulli(0.5) ? Double.pi : 0)
        let elevation = g.uniform(82, 90) * Double.pi / 180
        var rig = randomRig(distance: distance, elevation: elevation, azimuth: azimuth, lookAt: box.topCenter, using: &g)
        for _ in 0..<10 {
            let footprint = imageCornersOnPlane(z: box.height, rig: rig, lookAt: box.topCenter) ?? []
            // 2 cm inside the top's edge, so tremor cannot bring the floor into view.
            let inner = footprint.allSatisfy { p in box.contains(SIMD3(p.x, p.y, box.height / 2), margin: -0.02) }
            if footprint.count == 4 && inner { break }
            distance *= 0.9
            rig.distance = distance
        }
        return (SimulatedScene(target: box), rig)
    }
}
