import Dimensioning
import Foundation

/// Reads the per-frame intrinsics PCL's grabbers write beside each `.pcd` (`frame_*.xml`):
///
/// ```xml
/// <depth><focal_length_x>525</focal_length_x><focal_length_y>525</focal_length_y>
///        <principal_point_x>320</principal_point_x><principal_point_y>240</principal_point_y></depth>
/// ```
///
/// The `<depth>` section is used (the `<rgb>` one when there is no `<depth>`); values are
/// pixels of the frame's `width` x `height` grid, OpenCV camera axes. A missing value, a value
/// that is not a number, NaN, infinite or a non-positive focal length is
/// `unreadableCapture(file:reason:)` naming the file.
enum PCLIntrinsicsXML {
    static func read(_ url: URL, width: Int, height: Int, limits: CaptureLimits) throws(DimensioningError) -> CameraIntrinsics {
        let text = try CaptureFile.readText(url, maxBytes: min(limits.maxFileBytes, 1 << 20))
        let section = element("depth", in: text) ?? element("rgb", in: text) ?? text
        var values: [Double] = []
        for name in ["focal_length_x", "focal_length_y", "principal_point_x", "principal_point_y"] {
            guard let raw = element(name, in: section) else {
                throw .unreadableCapture(file: url.path, reason: "missing <\(name)> (PCL intrinsics: focal lengths and principal point in pixels)")
            }
            guard let value = Double(raw.trimmingCharacters(in: .whitespacesAndNewlines)), value.isFinite else {
                throw .unreadableCapture(file: url.path, reason: "<\(name)> is '\(raw.prefix(40))', not a finite number")
            }
            values.append(value)
        }
        let k = CameraIntrinsics(fx: values[0], fy: values[1], cx: values[2], cy: values[3], width: width, height: height)
        guard k.isValid else {
            throw .unreadableCapture(file: url.path, reason: "invalid intrinsics (focal lengths must be positive): fx \(k.fx), fy \(k.fy)")
        }
        return k
    }

    /// The text between `<name>` and `</name>` (first occurrence), nil when absent.
    static func element(_ name: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(name)>"),
              let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }
}
