import Foundation

/// The colour images recorded with a depth capture, read only when barcodes are wanted.
///
/// The colour camera is taken to sit where the depth camera is (ARKit registers its depth map
/// to the RGB camera; RealSense-class tools write an aligned colour image), so a colour frame
/// and its depth frame share `worldFromCamera`; the intrinsics differ by a scale (Stray
/// Scanner's `camera_matrix.csv` is for the 1920x1440 RGB image, the depth is 256x192).
public struct ColourStream: Sendable, Equatable {
    /// Where the images are.
    public enum Source: Sendable, Equatable {
        /// A video file (Stray Scanner's `rgb.mp4`): colour frame k is the video's k-th frame.
        case video(URL)
        /// Image files (PNG, any colour type): colour frame k is `files[k]`.
        case images([URL])
        /// Images already in memory (an app's camera frames, tests): colour frame k is `frames[k]`.
        case frames([LumaImage])
    }

    public var source: Source
    /// Intrinsics of the colour camera at `intrinsics.width` x `intrinsics.height` pixels.
    /// Images of another size use these scaled (`CameraIntrinsics.scaled`).
    public var intrinsics: CameraIntrinsics
    /// For each depth frame of the capture, in order, the colour frame recorded with it; nil
    /// where there is none. Kept parallel to `DepthCapture.frames` (see `DepthCapture.keepingFrames`).
    public var frameIndices: [Int?]

    public init(source: Source, intrinsics: CameraIntrinsics, frameIndices: [Int?]) {
        self.source = source
        self.intrinsics = intrinsics
        self.frameIndices = frameIndices
    }

    /// A short description for messages: the file or folder.
    public var name: String {
        switch source {
        case let .video(url): return url.path
        case let .images(files): return files.first?.deletingLastPathComponent().path ?? "no images"
        case let .frames(frames): return "\(frames.count) frames in memory"
        }
    }
}

extension DepthCapture {
    /// The capture restricted to depth frames `range` (0-based), the colour stream's frame
    /// indices kept in step.
    public func keepingFrames(_ range: ClosedRange<Int>) -> DepthCapture {
        var copy = self
        copy.frames = Array(frames[range])
        if var colour = copy.colour {
            colour.frameIndices = range.map { $0 < colour.frameIndices.count ? colour.frameIndices[$0] : nil }
            copy.colour = colour
        }
        return copy
    }
}
