import CBarcode
import Dimensioning

/// Reads a video's frames one at a time as grey images (`cbc_video_*`). Not thread-safe: one
/// reader per task. The file stays open until the reader is released.
package final class NativeVideoReader {
    private var handle: OpaquePointer?
    package let width: Int
    package let height: Int
    /// Frames the container declares (0: it does not say).
    package let declaredFrames: Int
    package let framesPerSecond: Double
    package let codec: String

    /// Opens `path`; videos larger than the limits are refused before decoding anything.
    package init(path: String, maxWidth: Int, maxHeight: Int) throws(NativeBarcodeFailure) {
        var info = cbc_video_info()
        var reader: OpaquePointer?
        try NativeBarcodeFailure.check { error in
            cbc_video_open(path, UInt32(clamping: maxWidth), UInt32(clamping: maxHeight), &reader, &info, error)
        }
        handle = reader
        width = Int(info.width)
        height = Int(info.height)
        declaredFrames = Int(info.declared_frames)
        framesPerSecond = info.frames_per_second
        codec = withUnsafeBytes(of: info.codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    deinit { cbc_video_close(handle) }

    /// The next frame's index and, when `image` is true, its grey image; nil at the end.
    package func next(image: Bool) throws(NativeBarcodeFailure) -> (index: Int, image: LumaImage?)? {
        var gray = cbc_image()
        var index: Int64 = 0
        do throws(NativeBarcodeFailure) {
            try NativeBarcodeFailure.check { error in
                image ? cbc_video_next(handle, &gray, &index, error) : cbc_video_next(handle, nil, &index, error)
            }
        } catch {
            if error.kind == .end { return nil }
            throw error
        }
        return (Int(index), image ? LumaImage(taking: gray) : nil)
    }
}

/// Writes RGB frames as an mp4 (H.264, `cbc_video_writer_*`). Call `finish()` once at the end.
package final class NativeVideoWriter {
    private var handle: OpaquePointer?
    package let width: Int
    package let height: Int

    package init(path: String, width: Int, height: Int, framesPerSecond: Int, quality: Int = 18) throws(NativeBarcodeFailure) {
        var writer: OpaquePointer?
        try NativeBarcodeFailure.check { error in
            cbc_video_writer_open(path, UInt32(width), UInt32(height), UInt32(framesPerSecond), Int32(quality), &writer, error)
        }
        handle = writer
        self.width = width
        self.height = height
    }

    deinit { cbc_video_writer_discard(handle) }

    /// Adds one packed RGB frame (`width * height * 3` bytes).
    package func add(rgb: [UInt8]) throws(NativeBarcodeFailure) {
        precondition(rgb.count == width * height * 3, "an RGB frame of the video's size")
        try NativeBarcodeFailure.check { error in
            rgb.withUnsafeBufferPointer { cbc_video_writer_add_rgb(handle, $0.baseAddress, width * 3, error) }
        }
    }

    /// Flushes and closes the file.
    package func finish() throws(NativeBarcodeFailure) {
        let h = handle
        handle = nil
        try NativeBarcodeFailure.check { error in cbc_video_writer_finish(h, error) }
    }
}
