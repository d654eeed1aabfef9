import Foundation

/// Every knob of a `DimensioningSession` in one value. `Codable`, so a CLI or service can load
/// it from JSON; keys missing from the JSON keep their defaults (see
/// `DimensioningConfiguration+Codable.swift`).
///
/// ```json
/// {"units": "mm", "capture_window_frames": 30, "auto_capture": true}
/// ```
public struct DimensioningConfiguration: Sendable, Equatable {
    /// Where the measurement runs. This engine is offline only.
    public enum Mode: String, Sendable, Codable, CaseIterable {
        /// On this machine, from depth alone.
        case offline
        /// Cloud-augmented segmentation (the mobile SDK's option). Refused here with
        /// `DimensioningError.unsupported(feature:)` when a session is created.
        case online
    }

    /// Units of the reported lengths. Default centimetres. Volume is always cubic metres.
    public var units: LengthUnit = .centimeters
    /// Frames accumulated while capturing; the pipeline measures exactly these. Default 30
    /// (half a second at 60 Hz). 1...`pipeline.fusion.maximumFrames`.
    public var captureWindowFrames: Int = 30
    /// Consecutive steady frames before a track counts as stable (`BoxTrack.isStable`) and a
    /// capture may start. Default 10 (1/6 s at 60 Hz). >= 1.
    public var stabilityFrames: Int = 10
    /// Start capturing by itself once the primary track is stable. Default true.
    public var autoCapture: Bool = true
    /// Confidence (0...1) at or above which a measurement is accepted without review.
    /// Default 0.85. A measurement below it is still reported (`captured`), marked not accepted.
    public var minimumConfidence: Double = 0.85
    /// Default `.offline`, the only mode supported.
    public var mode: Mode = .offline
    /// Per-frame floor and box detection (the live phases and tracks).
    public var live = LiveAnalysisParameters()
    /// The measurement pipeline's tunables, with their documented defaults.
    public var pipeline = PipelineParameters()

    public init() {}

    public init(units: LengthUnit = .centimeters, captureWindowFrames: Int = 30, stabilityFrames: Int = 10,
                autoCapture: Bool = true, minimumConfidence: Double = 0.85, mode: Mode = .offline,
                live: LiveAnalysisParameters = .init(), pipeline: PipelineParameters = .init()) {
        self.units = units
        self.captureWindowFrames = captureWindowFrames
        self.stabilityFrames = stabilityFrames
        self.autoCapture = autoCapture
        self.minimumConfidence = minimumConfidence
        self.mode = mode
        self.live = live
        self.pipeline = pipeline
    }

    /// Refuses what this engine cannot do (online mode) and values outside their ranges.
    public func validate() throws(DimensioningError) {
        if mode == .online { throw .unsupported(feature: "online mode (cloud-augmented segmentation)") }
        guard captureWindowFrames >= 1, captureWindowFrames <= max(1, pipeline.fusion.maximumFrames) else {
            throw .unsupported(feature: "a capture window of \(captureWindowFrames) frames (1...\(pipeline.fusion.maximumFrames))")
        }
        guard stabilityFrames >= 1 else {
            throw .unsupported(feature: "a stability requirement of \(stabilityFrames) frames (>= 1)")
        }
        guard (0...1).contains(minimumConfidence) else {
            throw .unsupported(feature: "a minimum confidence of \(minimumConfidence) (0...1)")
        }
        guard live.stride >= 1, live.stride <= 16 else {
            throw .unsupported(feature: "a live analysis stride of \(live.stride) pixels (1...16)")
        }
    }
}

/// Tunables of the per-frame live analysis (`LiveFrameAnalyzer`): cheap floor and box detection
/// on a subsampled frame, tracking and guidance. Lengths in metres. What the live analysis and
/// the pipeline both judge is the pipeline's setting, read from `PipelineParameters`: the floor's
/// height bins (`floor.voxelSize`) and least share of the view (`floor.minimumInlierShare`), "the
/// floor must be the floor" (`floor.maximumShareBelow`, `floor.belowTolerance`), the clustering
/// distance (`isolation.clusterTolerance`) and the heights a box's points lie between
/// (`isolation.minimumHeightAboveFloor`, `isolation.maximumHeightAboveFloor`).
public struct LiveAnalysisParameters: Sendable, Equatable, Codable {
    /// Every `stride`-th pixel in x and y is analysed. Default 4 (3,072 of 49,152 pixels at
    /// 256x192). 1...16.
    public var stride: Int = 4
    /// A box candidate must rise at least this high above the floor, metres. Default 0.04: under
    /// the pipeline's `envelope.minimumHeight` (0.06), so that a box too low to measure is still
    /// followed and refused as too small, not left unseen.
    public var minimumBoxHeight: Double = 0.04
    /// Smallest cluster, in full-resolution pixels (analysed points x stride²). Default 160.
    public var minimumBoxPixels: Int = 160
    /// A detection within this distance (metres) of a track's last centroid continues it.
    /// Default 0.10.
    public var trackMatchDistance: Double = 0.10
    /// A track is steady in a frame when its centroid moved less than this (metres) and its
    /// rectangle's sides less than `steadyRectTolerance` (share of the image). Defaults 0.015
    /// and 0.03.
    public var steadyCentroidTolerance: Double = 0.015
    public var steadyRectTolerance: Double = 0.03
    /// Guidance: the box should fill between these shares of the view (its overlay rectangle's
    /// area). Defaults 0.30 and 0.80.
    public var minimumViewFill: Double = 0.30
    public var maximumViewFill: Double = 0.80
    /// Guidance: camera-to-box distance range, metres. Default 0.3...1.5.
    public var minimumDistance: Double = 0.3
    public var maximumDistance: Double = 1.5

    public init() {}
}
