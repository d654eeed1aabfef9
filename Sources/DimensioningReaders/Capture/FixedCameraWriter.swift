import Dimensioning
import Foundation

/// Writes a fixed camera's depth frames the way those cameras' own tools do, in the two
/// layouts the readers take (`CloudFolderReader`, `DepthImageFolderReader`):
///
/// ```
/// folder/  (pcdFrames)                       folder/  (depthPNG)
///   frame_000000.pcd  organised, OpenCV        intrinsics.json  {"fx","fy","cx","cy","width",
///   frame_000000.xml  PCL grabber intrinsics                     "height","depth_scale"}
///   frame_000001.pcd ...                       depth_000000.png 16-bit, millimetres, 0 = none
///                                              depth_000001.png ...
/// ```
///
/// - **PCD frames** (PCL's grabber, RealSense/Kinect/OAK recorders): each frame an organised
///   cloud of its `width x height` grid, points in the camera frame (OpenCV axes: x right,
///   y down, z forward; metres), NaN where nothing returned; binary-compressed PCD. The `.xml`
///   beside each (optional, `intrinsicsXML`) gives the depth camera's focal lengths and
///   principal point as PCL's `ImageGrabber` writes them.
/// - **Depth PNGs** (RealSense/Orbbec tools): z-depth rounded to whole millimetres, with the
///   pinhole intrinsics and `depth_scale` 0.001 (metres per unit) in `intrinsics.json`.
///
/// Poses and confidence are not written: a fixed camera has neither. All frames must share the
/// first frame's size and intrinsics. Failures are `unreadableCapture` naming the file.
package enum FixedCameraWriter {
    package enum Layout: String, Sendable, CaseIterable {
        case pcdFrames = "pcd"
        case depthPNG = "depth-png"
    }

    package static func write(_ frames: [DepthFrame], to folder: URL, layout: Layout,
                              intrinsicsXML: Bool = true) throws(DimensioningError) {
        guard let first = frames.first else {
            throw .unreadableCapture(file: folder.path, reason: "cannot write: the capture has no depth frames")
        }
        for (i, f) in frames.enumerated() where f.width != first.width || f.height != first.height
            || f.intrinsics != first.intrinsics || f.depth.count != f.width * f.height {
            throw .unreadableCapture(file: folder.path, reason: "cannot write: frame \(i) differs from frame 0 in size or intrinsics")
        }
        guard first.intrinsics.isValid else {
            throw .unreadableCapture(file: folder.path, reason: "cannot write: invalid intrinsics \(first.intrinsics)")
        }
        try CaptureFile.makeFolder(folder)
        let k = first.intrinsics
        switch layout {
        case .pcdFrames:
            for (i, frame) in frames.enumerated() {
                let name = "frame_" + StrayScannerWriter.frameName(i)
                try PointCloudWriter.write(cloud(of: frame), to: folder.appendingPathComponent(name + ".pcd"))
                if intrinsicsXML {
                    try CaptureFile.writeText(pclXML(k), to: folder.appendingPathComponent(name + ".xml"))
                }
            }
        case .depthPNG:
            for (i, frame) in frames.enumerated() {
                let millimetres = frame.depth.map(StrayScannerWriter.millimetres(fromMetres:))
                let url = folder.appendingPathComponent("depth_" + StrayScannerWriter.frameName(i) + ".png")
                try StrayScannerWriter.writePNG(to: url) { (path: String) throws(NativeFailure) in
                    try NativePNG.writeGray16(path: path, width: frame.width, height: frame.height, pixels: millimetres)
                }
            }
            try CaptureFile.writeText(intrinsicsJSON(k), to: folder.appendingPathComponent("intrinsics.json"))
        }
    }

    /// The frame's returns as an organised OpenCV camera-frame cloud (metres).
    static func cloud(of frame: DepthFrame) -> CapturedCloud {
        var points = PointCloud()
        var index: [Int32] = []
        for v in 0..<frame.height {
            for u in 0..<frame.width {
                let d = Double(frame.depth[v * frame.width + u])
                guard d > 0, d.isFinite else { continue }
                points.append(frame.intrinsics.unproject(u: Double(u), v: Double(v), depth: d))
                index.append(Int32(v * frame.width + u))
            }
        }
        return CapturedCloud(pointsInCamera: points, gridWidth: frame.width, gridHeight: frame.height, pixelIndex: index)
    }

    /// PCL `ImageGrabber`-style intrinsics (pixels), depth and rgb the same camera.
    static func pclXML(_ k: CameraIntrinsics) -> String {
        func section(_ name: String) -> String {
            "  <\(name)>\n    <focal_length_x>\(k.fx)</focal_length_x>\n    <focal_length_y>\(k.fy)</focal_length_y>\n"
                + "    <principal_point_x>\(k.cx)</principal_point_x>\n    <principal_point_y>\(k.cy)</principal_point_y>\n  </\(name)>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<xml>\n" + section("depth") + section("rgb") + "</xml>\n"
    }

    /// `intrinsics.json` (pixels; `depth_scale` metres per PNG unit).
    static func intrinsicsJSON(_ k: CameraIntrinsics) -> String {
        "{\n  \"fx\": \(k.fx),\n  \"fy\": \(k.fy),\n  \"cx\": \(k.cx),\n  \"cy\": \(k.cy),\n"
            + "  \"width\": \(k.width),\n  \"height\": \(k.height),\n  \"depth_scale\": 0.001\n}\n"
    }
}
