import Dimensioning
import Foundation

/// A capture's colour frames in depth-frame order, read one at a time (for replaying a
/// recording through a session): a video is decoded as it goes, never held whole.
public final class ColourFrameSequence {
    public let stream: ColourStream
    private let limits: CaptureLimits
    private var video: NativeVideoReader?
    private var nextVideoFrame = 0

    /// - Throws: `unreadableCapture` naming a video that cannot be opened.
    public init(_ stream: ColourStream, limits: CaptureLimits = .init()) throws(DimensioningError) {
        self.stream = stream
        self.limits = limits
        if case let .video(url) = stream.source {
            do {
                video = try NativeVideoReader(path: url.path, maxWidth: limits.maxImageWidth, maxHeight: limits.maxImageHeight)
            } catch {
                throw .unreadableCapture(file: url.path, reason: "colour video: \(error.message)")
            }
        }
    }

    /// The colour image recorded with depth frame `depthIndex` when `decode` is true (indices
    /// must not decrease for a video); nil when there is none, or when `decode` is false (a
    /// video still advances past it).
    ///
    /// - Throws: `unreadableCapture` naming the video or image that cannot be read.
    public func image(forDepthFrame depthIndex: Int, decode: Bool) throws(DimensioningError) -> LumaImage? {
        guard depthIndex < stream.frameIndices.count, let target = stream.frameIndices[depthIndex] else { return nil }
        switch stream.source {
        case let .video(url):
            guard let video, target >= nextVideoFrame else { return nil }
            do {
                while let next = try video.next(image: decode && nextVideoFrame == target) {
                    nextVideoFrame = next.index + 1
                    if next.index == target { return next.image }
                }
            } catch {
                throw .unreadableCapture(file: url.path, reason: "colour video: \(error.message)")
            }
            return nil
        case let .images(files):
            guard decode, target < files.count else { return nil }
            let bytes = try CaptureFile.readBytes(files[target], maxBytes: limits.maxFileBytes)
            do {
                return try NativeBarcode.decodePNGLuma(bytes, maxWidth: limits.maxImageWidth, maxHeight: limits.maxImageHeight)
            } catch {
                throw .unreadableCapture(file: files[target].path, reason: "colour image: \(error.message)")
            }
        case let .frames(frames):
            return decode && target < frames.count ? frames[target] : nil
        }
    }
}
