import Foundation
import Dimensioning

/// Extra objects for positive scenarios: never touching the target, never between the camera
/// and the target (world frame, metres).
extension ScenarioCatalog {
    /// A wall behind `box` as seen from the rig, 0.2-0.8 m beyond the box's footprint, turned
    /// up to 30 degrees away from facing the camera.
    static func wallBehind(_ box: SimulatedBox, rig: CameraRig, using g: inout SeededGenerator) -> SimulatedWall {
        let back = SIMD2(-cos(rig.azimuth), -sin(rig.azimuth))
        let gap = box.footprintRadius + g.uniform(0.2, 0.8)
        let turn = g.uniform(-Double.pi / 6, Double.pi / 6)
        let normal = SIMD2(back.x * cos(turn) - back.y * sin(turn), back.x * sin(turn) + back.y * cos(turn))
        // Move the plane out along its normal until the whole footprint is 0.15 m clear of it.
        let point = box.center + back * gap
        var wall = SimulatedWall(point: point, normal: normal)
        let clearance = abs(wall.signedDistance(to: box.center)) - box.footprintRadius
        if clearance < 0.15 {
            wall = SimulatedWall(point: point + normal * (0.15 - clearance), normal: normal)
        }
        return wall
    }

    /// Adds a box or an upright cylinder beside or behind the target (at least 70 degrees away
    /// from the direction of the camera), 0.1-0.4 m clear of it.
    static func addDistractor(to scene: inout SimulatedScene, rig: CameraRig, using g: inout SeededGenerator) {
        guard let target = scene.target else { return }
        let lookAt = rig.resolvedLookAt(in: scene)
        for _ in 0..<20 {
            let side: Double = g.bernoulli(0.5) ? 1 : -1
            let angle = rig.azimuth + side * g.uniform(70 * Double.pi / 180, Double.pi)
            let direction = SIMD2(cos(angle), sin(angle))
            let gap = g.uniform(0.1, 0.4)
            if g.bernoulli(0.5) {
                var other = randomBox(sides: 0.1...0.5, surface: .matte, using: &g)
                other.center = target.center + direction * (target.footprintRadius + other.footprintRadius + gap)
                guard cameraHorizontalDistance(to: other.center, rig: rig, lookAt: lookAt)
                        > other.footprintRadius + 0.2 else { continue }
                scene.otherBoxes.append(other)
            } else {
                let radius = g.uniform(0.04, 0.2)
                let center = target.center + direction * (target.footprintRadius + radius + gap)
                guard cameraHorizontalDistance(to: center, rig: rig, lookAt: lookAt) > radius + 0.2 else { continue }
                scene.cylinders.append(SimulatedCylinder(center: center, radius: radius, height: g.uniform(0.1, 0.6)))
            }
            return
        }
    }
}
