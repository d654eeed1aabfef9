import Foundation

/// A dimensioning session, shaped like the mobile SDK's: fed one `DepthFrame` at a time, it
/// publishes its `phase`, live `tracks` and guidance `hints`, captures a window of frames and
/// measures exactly those with `runPipeline`.
///
/// ```swift
/// let session = try DimensioningSession(configuration: .init())
/// for frame in capture.frames {
///     session.process(frame)
///     if session.phase.isFinal { break }
/// }
/// session.finish()   // end of input: measures a partial window, or says why not
/// if case let .captured(m) = session.phase { print(m.length, m.width, m.height) }
/// ```
///
/// Phases: initializing (no floor) → scanning (floor, no box) → detected (a box is tracked) →
/// capturing (`captureWindowFrames` frames after the capture starts are kept) →
/// captured(measurement) or failed(error). A capture starts on `requestCapture()` (only while
/// detected with a stable primary track) or by itself with `autoCapture` once the primary
/// track is stable. Frames arriving in captured or failed are ignored until `reset()`.
///
/// Thread safety: a `final class` guarding its state with a lock; every method may be called
/// from any thread or task. Calls are serialized; `process` holds the lock for the frame's
/// analysis (well under a millisecond) and, on the frame that completes the window, for the
/// pipeline run. Deterministic: the same frames give the same updates and measurement.
public final class DimensioningSession: Sendable {
    /// The configuration the session was created with.
    public let configuration: DimensioningConfiguration
    /// Named as the source of the `DepthCapture` the pipeline measures (a capture's folder in
    /// replay, so the measurement matches `runPipeline` on the same frames bit for bit).
    public let source: URL
    /// Gravity (unit, pointing down) in the world frame of the frames' poses; (0, 0, -1) for
    /// the engine world. Passed to the pipeline with the captured frames.
    public let gravityInWorld: SIMD3<Double>?
    /// What reads the barcodes in the colour frames given to `process(_:colour:)`
    /// (DimensioningBarcodes' `ZXingBarcodeReader`); nil: colour frames are ignored.
    public let barcodeReader: (any BarcodeReader)?

    let state: Locked<SessionState>

    /// Creates a session. With a `barcodeReader` (DimensioningBarcodes' `ZXingBarcodeReader`),
    /// the colour frames given to `process(_:colour:)` are read for barcodes; without one (the
    /// default) they are ignored.
    ///
    /// - Throws: `DimensioningError.unsupported(feature:)` for online mode or a configuration
    ///   value outside its range.
    public init(configuration: DimensioningConfiguration = .init(),
                source: URL = URL(fileURLWithPath: "session"),
                gravityInWorld: SIMD3<Double>? = SIMD3(0, 0, -1),
                barcodeReader: (any BarcodeReader)? = nil) throws(DimensioningError) {
        try configuration.validate()
        self.configuration = configuration
        self.source = source
        self.gravityInWorld = gravityInWorld
        self.barcodeReader = barcodeReader
        state = Locked(SessionState(configuration: configuration, barcodeReader: barcodeReader))
    }

    deinit {
        state.withLock { s in
            for continuation in s.continuations.values { continuation.finish() }
            s.continuations = [:]
        }
    }

    /// The current phase.
    public var phase: DimensioningPhase { state.withLock { $0.phase } }
    /// The tracked boxes, the primary one (nearest the image centre) first.
    public var tracks: [BoxTrack] { state.withLock { $0.tracks } }
    /// The current guidance hints (empty: nothing to advise).
    public var hints: [GuidanceHint] { state.withLock { $0.hints } }
    /// Frames processed since creation or the last `reset()`.
    public var framesProcessed: Int { state.withLock { $0.frameIndex + 1 } }
    /// True when `requestCapture()` would be accepted: detected, with a stable primary track.
    public var canCapture: Bool { state.withLock { $0.canCapture } }

    /// The frames the last capture measured (the capture window), in order; empty before.
    public var capturedFrames: [DepthFrame] { state.withLock { $0.capturedFrames } }
    /// Indices (since creation or reset) of the first and last captured frames.
    public var capturedFrameRange: ClosedRange<Int>? { state.withLock { $0.capturedRange } }
    /// The pipeline's full outcome for the last capture (stage results or the refusal), for
    /// reports such as `MeasurementRecord`; nil before a capture ended.
    public var outcome: Result<PipelineResult, DimensioningError>? { state.withLock { $0.outcome } }

    /// A stream of updates from now on. Its first element is the current phase; then every
    /// phase change, track change and hint change, in order. Each call makes an independent
    /// stream; it ends when the session is deallocated or the consumer stops iterating.
    public func updates(bufferingPolicy: AsyncStream<DimensioningUpdate>.Continuation.BufferingPolicy = .unbounded)
        -> AsyncStream<DimensioningUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: DimensioningUpdate.self, bufferingPolicy: bufferingPolicy)
        let key = UUID()
        state.withLock { s in
            continuation.yield(DimensioningUpdate(frameIndex: s.frameIndex, event: .phase(s.phase)))
            s.continuations[key] = continuation
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    /// Processes the next frame: live analysis, tracks, hints, phase changes, and on the frame
    /// that fills the capture window, the measurement.
    ///
    /// - Returns: the updates this frame caused (also sent to every `updates()` stream).
    @discardableResult
    public func process(_ frame: DepthFrame) -> [DimensioningUpdate] {
        process(frame, colour: nil)
    }

    /// As `process(_:)`, with the colour image taken with the depth frame (the same camera, as
    /// ARKit's RGB image and its registered depth), decoded for barcodes by the session's
    /// `barcodeReader` (without one, the image is ignored): a code read for the first time is
    /// published (`.barcode`) and added to the primary track's `barcodes`; the session's
    /// `barcodes` places them on the measured box. A 1920x1440 decode costs tens of
    /// milliseconds: pass colour on the frames to be read (`boxdim replay`: every tenth), nil
    /// on the others.
    @discardableResult
    public func process(_ frame: DepthFrame, colour: LumaImage?) -> [DimensioningUpdate] {
        state.withLock { s in
            s.process(frame, colour: colour, source: source, gravity: gravityInWorld)
            return s.flush()
        }
    }

    /// The barcodes of the last capture (read from the colour frames given so far), placed on
    /// its box; empty before a capture ended or without colour frames.
    public var barcodes: [BarcodeReading] { state.withLock { $0.barcodes } }

    /// Starts a capture now.
    ///
    /// - Throws: `DimensioningError.invalidRequest(operation:phase:)` unless the phase is
    ///   detected and the primary track is stable.
    @discardableResult
    public func requestCapture() throws(DimensioningError) -> [DimensioningUpdate] {
        let result: Result<[DimensioningUpdate], DimensioningError> = state.withLock { s in
            guard s.canCapture else {
                let phase = s.phase == .detected ? "detected with an unstable track" : s.phase.name
                return .failure(.invalidRequest(operation: "requestCapture", phase: phase))
            }
            s.beginCapture()
            return .success(s.flush())
        }
        return try result.get()
    }

    /// Ends the input (the recording or the frame source is over):
    /// - capturing: measures the frames captured so far (a shorter window);
    /// - detected: measures the last `captureWindowFrames` frames (a forced capture);
    /// - initializing: fails with `noGroundPlane` (the floor was never found);
    /// - scanning: no box was followed; the last `captureWindowFrames` frames are run through the
    ///   pipeline, as `runPipeline` on those frames: it fails with the pipeline's refusal (`noBox`
    ///   on a bare floor, `boxTooSmall` for a box too small to follow, `boxCutOff`...), or,
    ///   where the pipeline measures a box the live analysis never followed, ends captured;
    /// - captured or failed: nothing.
    ///
    /// - Returns: the updates it caused.
    @discardableResult
    public func finish() -> [DimensioningUpdate] {
        state.withLock { s in
            s.finish(source: source, gravity: gravityInWorld)
            return s.flush()
        }
    }

    /// Back to initializing: forgets the floor, the tracks, the window and the measurement.
    /// Track ids keep counting up. Subscribers stay subscribed.
    @discardableResult
    public func reset() -> [DimensioningUpdate] {
        state.withLock { s in
            s.reset()
            return s.flush()
        }
    }
}

/// A value guarded by a lock (the session's state).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
