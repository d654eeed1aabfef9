import Foundation

/// The mutable state of a `DimensioningSession`, always used under its lock.
struct SessionState {
    let configuration: DimensioningConfiguration
    /// Reads barcodes in the colour frames given with `process`; nil: they are ignored.
    let barcodeReader: (any BarcodeReader)?
    var phase: DimensioningPhase = .initializing
    var tracks: [BoxTrack] = []
    var hints: [GuidanceHint] = []
    var analyzer: LiveFrameAnalyzer
    var tracker: BoxTracker
    var floor: LiveFloor?
    /// Index of the last processed frame (-1 before the first).
    var frameIndex = -1
    /// The last `captureWindowFrames` frames, for a forced capture at `finish()`.
    var recent: [DepthFrame] = []
    /// Frames accumulated while capturing, and the index of the first.
    var window: [DepthFrame] = []
    var windowStart = 0
    var capturedFrames: [DepthFrame] = []
    var capturedRange: ClosedRange<Int>?
    var outcome: Result<PipelineResult, DimensioningError>?
    var continuations: [UUID: AsyncStream<DimensioningUpdate>.Continuation] = [:]
    /// Barcodes read from the colour frames given with `process`.
    var barcodeReads = SessionBarcodes()
    /// The codes of the last capture, placed on its box (`SessionBarcodes.placed`).
    var barcodes: [BarcodeReading] = []
    /// Updates not yet returned to the caller.
    var pending: [DimensioningUpdate] = []
    private var publishedTracks: [BoxTrack] = []
    private var publishedHintCodes: [String] = []

    init(configuration: DimensioningConfiguration, barcodeReader: (any BarcodeReader)? = nil) {
        self.configuration = configuration
        self.barcodeReader = barcodeReader
        analyzer = LiveFrameAnalyzer(parameters: configuration.live, pipeline: configuration.pipeline)
        tracker = BoxTracker(parameters: configuration.live, stabilityFrames: configuration.stabilityFrames)
    }

    var canCapture: Bool { phase == .detected && (tracks.first?.isStable ?? false) }

    mutating func process(_ frame: DepthFrame, colour: LumaImage? = nil, source: URL, gravity: SIMD3<Double>?) {
        guard !phase.isFinal else { return }
        frameIndex += 1
        recent.append(frame)
        if recent.count > configuration.captureWindowFrames { recent.removeFirst(recent.count - configuration.captureWindowFrames) }
        if phase == .capturing { window.append(frame) }

        let analysis = analyzer.analyze(frame, gravity: gravity, knownFloor: floor)
        floor = analysis.floor ?? (frame.worldFromCamera != nil ? floor : nil)
        let current = analysis.floor == nil && floor == nil ? [] : tracker.update(with: analysis.detections)
        if floor == nil { tracker.clear() }
        setTracks(current)
        if let colour, let barcodeReader {
            for reading in barcodeReads.offer(colour, frame: frame, primaryTrack: tracks.first?.id, parameters: BarcodeParameters(),
                                              reader: barcodeReader) {
                publish(.barcode(reading))
            }
            setTracks(tracks)
        }
        setHints(Self.hints(floor: floor, track: tracks.first, parameters: configuration.live))

        switch phase {
        case .initializing, .scanning, .detected:
            let target: DimensioningPhase = floor == nil ? .initializing : (tracks.isEmpty ? .scanning : .detected)
            // Floor and box in the same frame: the phase still passes through scanning.
            if target == .detected && phase == .initializing { setPhase(.scanning) }
            setPhase(target)
            if configuration.autoCapture && canCapture { beginCapture() }
        case .capturing:
            if window.count >= configuration.captureWindowFrames { measure(window, source: source, gravity: gravity) }
        case .captured, .failed:
            break
        }
    }

    mutating func beginCapture() {
        window = []
        windowStart = frameIndex + 1
        setPhase(.capturing)
    }

    mutating func finish(source: URL, gravity: SIMD3<Double>?) {
        switch phase {
        case .capturing:
            if window.isEmpty {
                fail(.noDepth(reason: "the input ended before any frame was captured"))
            } else {
                measure(window, source: source, gravity: gravity)
            }
        case .scanning where recent.isEmpty:
            fail(.noBox())
        case .detected, .scanning:
            // Scanning, nothing was followed as a box; the pipeline over the last frames says
            // why (a box too small to be followed, or cut off, is refused as such, not as "no box
            // found"), as `measure` says on the same frames. Detected: a forced capture.
            windowStart = frameIndex + 1 - recent.count
            measure(recent, source: source, gravity: gravity)
        case .initializing:
            fail(.noGroundPlane(reason: frameIndex < 0 ? "no frame was processed"
                                    : "the floor was never found in \(frameIndex + 1) frame(s)"))
        case .captured, .failed:
            break
        }
    }

    mutating func reset() {
        let keep = continuations
        let ids = tracker
        self = SessionState(configuration: configuration, barcodeReader: barcodeReader)
        continuations = keep
        tracker = ids
        tracker.clear()
        publish(.phase(.initializing))
    }

    /// Runs the pipeline on exactly `frames`, as `runPipeline` would on a capture of them.
    private mutating func measure(_ frames: [DepthFrame], source: URL, gravity: SIMD3<Double>?) {
        let capture = DepthCapture(source: source, frames: frames, gravityInWorld: gravity)
        capturedFrames = frames
        capturedRange = frames.isEmpty ? nil : windowStart...(windowStart + frames.count - 1)
        window = []
        do {
            let result = try runPipeline(capture, parameters: configuration.pipeline)
            outcome = .success(result)
            barcodes = barcodeReads.placed(result: result, gravity: gravity, parameters: BarcodeParameters())
            setHints([])
            setPhase(.captured(DimensioningMeasurement(result, unit: configuration.units)))
        } catch {
            outcome = .failure(error)
            barcodes = barcodeReads.placed(result: nil, gravity: gravity, parameters: BarcodeParameters())
            fail(error)
        }
    }

    private mutating func fail(_ error: DimensioningError) {
        if outcome == nil { outcome = .failure(error) }
        setHints([])
        setPhase(.failed(error))
    }

    // MARK: Publishing

    private mutating func setPhase(_ new: DimensioningPhase) {
        guard new != phase else { return }
        phase = new
        publish(.phase(new))
    }

    private mutating func setTracks(_ tracked: [BoxTrack]) {
        var new = tracked
        for i in new.indices { new[i].barcodes = barcodeReads.byTrack[new[i].id] ?? [] }
        tracks = new
        let changed = new.count != publishedTracks.count
            || zip(new, publishedTracks).contains { a, b in
                a.id != b.id || a.isStable != b.isStable || a.barcodes != b.barcodes
                    || a.normalizedScreenRect.distance(to: b.normalizedScreenRect) > configuration.live.steadyRectTolerance
            }
        guard changed else { return }
        publishedTracks = new
        publish(.tracks(new))
    }

    private mutating func setHints(_ new: [GuidanceHint]) {
        hints = new
        let codes = new.map(\.code)
        guard codes != publishedHintCodes else { return }
        publishedHintCodes = codes
        publish(.hints(new))
    }

    private mutating func publish(_ event: DimensioningUpdate.Event) {
        let update = DimensioningUpdate(frameIndex: frameIndex, event: event)
        pending.append(update)
        for continuation in continuations.values { continuation.yield(update) }
    }

    /// Returns and clears the updates not yet returned.
    mutating func flush() -> [DimensioningUpdate] {
        defer { pending = [] }
        return pending
    }

    /// The advice for the current view.
    static func hints(floor: LiveFloor?, track: BoxTrack?, parameters p: LiveAnalysisParameters) -> [GuidanceHint] {
        guard floor != nil else { return [.pointAtFloor] }
        guard let track else { return [.aimAtBox] }
        var hints: [GuidanceHint] = []
        let fill = track.normalizedScreenRect.area
        if fill < p.minimumViewFill { hints.append(.moveCloser(fill: fill)) }
        if fill > p.maximumViewFill { hints.append(.moveFarther(fill: fill)) }
        if track.distance < p.minimumDistance { hints.append(.tooClose(distance: track.distance, minimum: p.minimumDistance)) }
        if track.distance > p.maximumDistance { hints.append(.tooFar(distance: track.distance, maximum: p.maximumDistance)) }
        if track.steadyFrames == 0 && track.lastMovement >= p.steadyCentroidTolerance {
            hints.append(.holdSteady(movement: track.lastMovement))
        }
        return hints
    }
}
