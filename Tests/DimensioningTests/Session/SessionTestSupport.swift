import Foundation
@testable import Dimensioning
@testable import DimensioningSimulation

/// Captures and helpers shared by the session tests.
enum SessionTest {
    static let deg = Double.pi / 180

    /// A 40 x 30 x 25 cm matte box at the origin, yaw 0.3 rad.
    static let box = SimulatedBox(center: .zero, length: 0.4, width: 0.3, height: 0.25, yaw: 0.3)

    /// A normal capture: the box 0.8 m away, looking down 50 degrees, `frames` frames.
    static func normalCapture(frames: Int = 60, noise: SensorNoiseModel = .none, steady: Bool = true,
                              seed: UInt64 = 7) -> SimulatedCapture {
        var rig = CameraRig(distance: 0.8, elevation: 50 * deg, frameCount: frames)
        if steady { rig = rig.steady() }
        return SceneSimulator.render(scene: SimulatedScene(name: "box", target: box), rig: rig, noise: noise, seed: seed)
    }

    /// Only the floor.
    static func floorOnlyCapture(frames: Int = 30) -> SimulatedCapture {
        let rig = CameraRig(distance: 0.9, elevation: 55 * deg, frameCount: frames).steady()
        return SceneSimulator.render(scene: .floorOnly(), rig: rig, noise: .none, seed: 3)
    }

    /// The camera 25 cm above the top of a large box (70 x 60 x 50 cm), looking straight
    /// down: only the box's top is in view, the floor never is.
    static func topOnlyCapture(frames: Int = 30) -> SimulatedCapture {
        let big = SimulatedBox(center: .zero, length: 0.7, width: 0.6, height: 0.5, yaw: 0)
        let rig = CameraRig(distance: 0.25, elevation: 89 * deg, azimuth: -.pi / 2,
                            lookAt: SIMD3(0, 0, 0.5), frameCount: frames).steady()
        return SceneSimulator.render(scene: SimulatedScene(name: "top-only", target: big, isMeasurable: false),
                                     rig: rig, noise: .none, seed: 5)
    }

    /// The camera 1 m above the floor looking level at a wall 0.6 m away: the floor never
    /// enters the view.
    static func wallOnlyCapture(frames: Int = 30) -> SimulatedCapture {
        let wall = SimulatedWall(start: SIMD2(0, -3), end: SIMD2(0, 3), height: 3)
        let rig = CameraRig(distance: 0.6, elevation: 0, azimuth: 0, lookAt: SIMD3(0, 0, 1.0), frameCount: frames).steady()
        return SceneSimulator.render(scene: SimulatedScene(name: "wall-only", target: nil, walls: [wall], isMeasurable: false),
                                     rig: rig, noise: .none, seed: 11)
    }

    /// Feeds every frame (stopping at a final phase) and returns the distinct phase names in
    /// the order they were entered, the initial phase first.
    @discardableResult
    static func run(_ session: DimensioningSession, _ frames: [DepthFrame], finish: Bool = false) -> [String] {
        var phases = [session.phase.name]
        for frame in frames {
            for update in session.process(frame) {
                if case let .phase(p) = update.event { phases.append(p.name) }
            }
            if session.phase.isFinal { break }
        }
        if finish {
            for update in session.finish() {
                if case let .phase(p) = update.event { phases.append(p.name) }
            }
        }
        return phases
    }
}
