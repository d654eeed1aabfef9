/// Which of a frame capture's frames a reader keeps in memory: all of them, the last `n` (what
/// the pipeline fuses: `FusionParameters.maximumFrames`), or a range of frame indices.
///
/// The Stray Scanner reader still reads and checks every frame (a damaged file anywhere refuses
/// the capture, as without a window) but keeps only the window's pixels, so a capture of any
/// length is measured in memory bounded by the window: 120 frames of 256x192 by default, about
/// 30 MB of depth and confidence, where a 600-frame capture read whole held 150 MB. Other readers
/// read everything and then keep the window. Point-cloud captures have no frames to window.
///
/// `runPipeline` fuses the last `maximumFrames` frames of what it is given, so reading with
/// `.last(maximumFrames)` gives the very result of reading everything.
public struct FrameWindow: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case all
        case last(Int)
        case range(ClosedRange<Int>)
    }
    let kind: Kind

    /// Every frame.
    public static let all = FrameWindow(kind: .all)

    /// The last `count` frames (at least one).
    public static func last(_ count: Int) -> FrameWindow { FrameWindow(kind: .last(max(1, count))) }

    /// Frames `range` (0-based indices in time order); indices past the capture's end are ignored.
    public static func range(_ range: ClosedRange<Int>) -> FrameWindow { FrameWindow(kind: .range(range)) }

    /// The indices kept of a capture of `count` frames (possibly empty for a range past the end).
    public func kept(of count: Int) -> Range<Int> {
        switch kind {
        case .all: return 0..<count
        case .last(let n): return max(0, count - n)..<count
        case .range(let r):
            let lower = min(max(0, r.lowerBound), count)
            return lower..<max(lower, min(count, r.upperBound + 1))
        }
    }
}

extension DepthCapture {
    /// The capture with only the window's frames (a point cloud is left as it is), its
    /// `recordedFrameCount` and `firstFrameIndex` saying where they came from.
    public func keeping(_ window: FrameWindow) -> DepthCapture {
        guard window != .all, !frames.isEmpty else { return self }
        let kept = window.kept(of: frames.count)
        guard kept != frames.indices else { return self }
        var copy = self
        copy.frames = Array(frames[kept])
        copy.firstFrameIndex = firstFrameIndex + kept.lowerBound
        return copy
    }
}
