import Dimensioning

extension CameraRig {
    /// The real (rendering) and recorded `worldFromCamera` poses of every frame.
    public struct Poses: Sendable, Equatable {
        /// Where each frame was really rendered from (world from camera).
        public var truePoses: [RigidTransform]
        /// What the capture records for each frame (true pose plus `poseError`).
        public var recordedPoses: [RigidTransform]
    }

    /// Draws the frames' poses for `scene`: nominal path, then tremor (applied in the camera
    /// frame), then the recording error. Uses only `generator`, so a seed fixes the result.
    public func poses(for scene: SimulatedScene, using generator: inout SeededGenerator) -> Poses {
        let target = resolvedLookAt(in: scene)
        var walkRotation = SIMD3<Double>.zero
        var walkTranslation = SIMD3<Double>.zero
        var truePoses: [RigidTransform] = []
        var recorded: [RigidTransform] = []
        truePoses.reserveCapacity(frameCount)
        recorded.reserveCapacity(frameCount)
        for k in 0..<frameCount {
            let nominal = nominalPose(frame: k, lookingAt: target)
            let dr = generator.gaussianVector(sigma: tremor.rotationSigma)
            let dt = generator.gaussianVector(sigma: tremor.translationSigma)
            switch tremor.model {
            case .jitter:
                walkRotation = dr
                walkTranslation = dt
            case .randomWalk:
                // The first frame starts at the nominal pose; later frames drift from it.
                if k > 0 {
                    walkRotation += dr
                    walkTranslation += dt
                }
            }
            let wobble = RigidTransform(rotationVector: walkRotation, translation: walkTranslation)
            let real = nominal.composed(with: wobble)
            let er = generator.gaussianVector(sigma: poseError.rotationSigma)
            let et = generator.gaussianVector(sigma: poseError.translationSigma)
            let recordedPose = real.composed(with: RigidTransform(rotationVector: er, translation: et))
            truePoses.append(real)
            recorded.append(recordedPose)
        }
        return Poses(truePoses: truePoses, recordedPoses: recorded)
    }

    /// Timestamps in seconds of the frames: k / frameRate.
    public var timestamps: [Double] { (0..<frameCount).map { Double($0) / frameRate } }
}
