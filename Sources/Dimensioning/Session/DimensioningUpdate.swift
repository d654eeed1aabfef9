/// One update published by a `DimensioningSession` on its `updates` stream.
public struct DimensioningUpdate: Sendable, Equatable {
    /// What changed.
    public enum Event: Sendable, Equatable {
        /// The phase changed to this one.
        case phase(DimensioningPhase)
        /// The tracks changed (an id appeared or vanished, a track became stable or unstable,
        /// or a rectangle moved by more than `LiveAnalysisParameters.steadyRectTolerance` of the
        /// image since it was last published); the full current list.
        case tracks([BoxTrack])
        /// The guidance hints changed; the full current list (empty: nothing to advise).
        case hints([GuidanceHint])
        /// A barcode was read for the first time in a colour frame (`process(_:colour:)`);
        /// placed with that frame's depth (its face is known only at the measurement).
        case barcode(BarcodeReading)
    }

    /// 0-based index of the frame (since creation or the last `reset()`) whose processing
    /// caused the update; -1 for updates before any frame (after `reset()`).
    public var frameIndex: Int
    public var event: Event

    public init(frameIndex: Int, event: Event) {
        self.frameIndex = frameIndex
        self.event = event
    }
}
