import Dimensioning

/// The line `measure` adds to its text when a point cloud or depth folder was measured with
/// the `unknown` sensor class and that class's edge priors are what keeps a dimension's U over
/// the tolerance: which class each common camera belongs to, so the user can name it.
///
/// On the real Orbbec box of GeraltRivskiy/measurmentify (245 x 127.6 x 83 mm; not vendored,
/// no licence) the unknown class says 238.1 ± 13.7 x 119.4 ± 13.4 mm, and `--sensor
/// structured-light` 243.9 ± 7.6 x 125.1 ± 7.2 mm (`notes/2026-12-03-real-captures-search.md`).
enum SensorClassHint {
    /// The cameras of each class, as the hint names them.
    static let cameras = "lidar: iPhone or iPad LiDAR; tof: Kinect v2, Azure Kinect, industrial time-of-flight; "
        + "stereo: RealSense D4xx, OAK-D, ZED; structured-light: Kinect v1, Xtion, Orbbec Astra"

    /// The hint for `result`, or nil when none applies: a class was named, a profile was given
    /// (`profileGiven`), every U fits, or some other term limits the U.
    static func text(for result: PipelineResult, profileGiven: Bool) -> String? {
        guard !profileGiven, result.uncertainty.sensorClass == .unknown, !result.fitsTolerance,
              result.uncertainty.isLimitedByEdgePriors(tolerance: result.tolerance) else { return nil }
        return "the unknown sensor class allows every camera's edge behaviour; name yours with --sensor ("
            + cameras + ") or calibrate it on a box of known size (boxdim calibrate)"
    }
}
