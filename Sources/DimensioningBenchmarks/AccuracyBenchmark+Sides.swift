import Dimensioning
import DimensioningSimulation

extension AccuracyBenchmark {
    /// Where each side of a measured footprint lies against the true box (metres; positive:
    /// outside it): the measured side's midpoint, projected on the outward normal of the true
    /// box's side it faces (the true axis closest to the measured side's normal), minus that true
    /// side's distance from the true centre. Order +length, −length, +width, −width, as
    /// `CuboidFit.edges`. The two errors of one axis add up to that dimension's signed error
    /// (exactly when the yaw is right, otherwise to second order in the yaw error), so this
    /// splits a dimension's bias between the methods that located its two sides.
    ///
    /// Frames: `center` and `lengthAxis` are in the simulator's world (z up, metres), which is
    /// the engine's world for a capture with recorded poses. Nil when the measurement is not in
    /// that frame (its centre more than 10 cm from the truth's, or its length axis more than
    /// about 8° from horizontal).
    public static func sideErrors(center: SIMD3<Double>, lengthAxis: SIMD3<Double>, length: Double, width: Double,
                                  truth: SimulatedBox) -> [Double]? {
        let a = SIMD2(lengthAxis.x, lengthAxis.y)
        let norm = (a * a).sum().squareRoot()
        guard norm > 1e-9, norm > 0.99 * (lengthAxis * lengthAxis).sum().squareRoot() else { return nil }
        let along = a / norm, across = SIMD2(-along.y, along.x)
        let offset = SIMD2(center.x, center.y) - truth.center
        guard (offset * offset).sum().squareRoot() <= 0.10 else { return nil }
        let trueLength = SIMD2(truth.lengthAxis.x, truth.lengthAxis.y)
        let trueWidth = SIMD2(truth.widthAxis.x, truth.widthAxis.y)
        let trueSides = [(trueLength, truth.length / 2), (-trueLength, truth.length / 2),
                         (trueWidth, truth.width / 2), (-trueWidth, truth.width / 2)]
        let normals = [along, -along, across, -across]
        let halves = [length / 2, length / 2, width / 2, width / 2]
        return (0..<4).map { k in
            let n = normals[k]
            let (trueNormal, trueHalf) = trueSides.max { ($0.0 * n).sum() < ($1.0 * n).sum() }!
            let midpoint = offset + n * halves[k]
            return (midpoint * trueNormal).sum() - trueHalf
        }
    }

    /// `sideErrors` for a measured cuboid against the scene's target box. The engine measures
    /// in the capture's recorded world when every frame has a pose, and otherwise in the
    /// reference camera's frame: a fixed rig's cuboid is taken to the simulator's world with
    /// the rig's one true pose (nil for a moving rig without recorded poses).
    static func sideErrors(of cuboid: CuboidFit, in simulated: SimulatedCapture, truth: SimulatedBox) -> [Double]? {
        guard var lengthAxis = cuboid.axesInWorld.first else { return nil }
        var centre = cuboid.centerInWorld
        if !simulated.capture.frames.allSatisfy({ $0.worldFromCamera != nil }) {
            guard let pose = simulated.truePoses.first, simulated.truePoses.allSatisfy({ $0 == pose }) else { return nil }
            centre = pose.apply(centre)
            lengthAxis = pose.rotate(lengthAxis)
        }
        return sideErrors(center: centre, lengthAxis: lengthAxis, length: cuboid.length, width: cuboid.width, truth: truth)
    }
}
