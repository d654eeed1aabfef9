import Foundation
import Dimensioning

/// How `VerificationRun` measures and judges a dataset.
public struct VerificationOptions: Sendable {
    /// Allowed absolute error per dimension, millimetres, and the uncertainty gate's tolerance:
    /// it replaces `parameters.uncertainty.tolerance` (`measuringParameters`). Default 10.
    public var toleranceMM: Double = 10
    /// Minimum confidence for a measurement to be accepted. Default 0.85.
    public var minConfidence: Double = 0.85
    /// Units of the lengths in the records (errors are always millimetres). Default mm.
    public var units: LengthUnit = .millimeters
    /// Captures measured at once (each worker holds one capture in memory). Default: all cores.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Keep the results already in `results.jsonl` and measure only the rest.
    public var resume = false
    /// Run only shard `index` of `count` (0-based): rows `index`, `index + count`, ... of the
    /// captures sorted by path.
    public var shard: (index: Int, count: Int)?
    /// Draw an overlay PNG per capture into `overlays/` (the report embeds the worst).
    public var drawOverlays = true
    /// Captures listed in the report with their overlays.
    public var worstCount = 12
    public var parameters = PipelineParameters()

    /// `parameters` with the gate at `toleranceMM`: what each capture is measured with.
    public var measuringParameters: PipelineParameters {
        var p = parameters
        p.uncertainty.tolerance = toleranceMM / 1000
        return p
    }
    public var limits = CaptureLimits()
    /// Axes and unit of point-cloud captures (`--axes`, `--input-units`); nil fields: found from the data.
    public var input = InputOptions()

    public init() {}
}

/// Progress of a running verification, reported after each capture.
public struct VerificationProgress: Sendable {
    /// Captures finished, this run and resumed.
    public var done: Int
    public var total: Int
    /// Captures skipped because `--resume` found them recorded.
    public var resumed: Int
    /// Failures so far (accepted out of tolerance, negatives accepted).
    public var failures: Int
    /// The capture just finished, nil for the first report.
    public var capture: String?
}

/// What a finished verification produced.
public struct VerificationOutcome: Sendable {
    public var summary: VerificationSummary
    public var resumed: Int
    public var measuredNow: Int
    public var outputFolder: URL
}
