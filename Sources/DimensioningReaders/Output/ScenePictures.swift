import Dimensioning
import Foundation

/// Pictures of a measured scene: the overlay PNG (`boxdim measure --overlay`) and the
/// segmented PLY/PCD clouds (`--ply`, `boxdim convert`). PNGs go through libpng, clouds through
/// PCL's io. Failures are `DimensioningError.unreadableCapture(file:reason:)` naming the output.
public enum ScenePictures {
    /// Writes the overlay: the reference depth image colour-mapped (near warm, far cool), the
    /// floor/box/top-face segmentation tinted, and the cuboid's 12 edges projected with the
    /// reference camera. `scale` enlarges small depth images (nearest neighbour).
    ///
    /// - Throws: `unsupported` for clouds with no organized pixel grid.
    public static func writeOverlay(_ result: PipelineResult, to url: URL, scale: Int? = nil) throws(DimensioningError) {
        let image = try OverlayImage(result, scale: scale)
        try writePNG(image, to: url)
    }

    /// Writes the overlay of a scene measured carton by carton: the reference depth colour-mapped,
    /// each measured carton's cuboid drawn and every carton's number on its top (the `index` of
    /// its record), green when accepted at `minimumConfidence`, magenta when measured but not
    /// accepted, red when refused.
    ///
    /// - Throws: `unsupported` for clouds with no organized pixel grid.
    public static func writeOverlay(_ scene: SceneMeasurement, minimumConfidence: Double, to url: URL,
                                    scale: Int? = nil) throws(DimensioningError) {
        try writePNG(try OverlayImage(scene, minimumConfidence: minimumConfidence, scale: scale), to: url)
    }

    /// A depth-only picture of a capture that could not be measured (first frame, or the
    /// organized cloud), for reports.
    public static func writeDepthPreview(_ capture: DepthCapture, to url: URL) throws(DimensioningError) {
        guard let image = OverlayImage(depthOnly: capture) else {
            throw .unsupported(feature: "a picture of a capture with no depth image or organized grid")
        }
        try writePNG(image, to: url)
    }

    static func writePNG(_ image: OverlayImage, to url: URL) throws(DimensioningError) {
        try CaptureFile.writeAtomically(to: url) { (temporary: URL) throws(DimensioningError) in
            do {
                try NativePNG.write8(path: temporary.path, width: image.width, height: image.height, channels: 3, pixels: image.rgb)
            } catch {
                throw .unreadableCapture(file: url.path, reason: "cannot write PNG: \(error)")
            }
        }
    }

    /// Writes the fused scene coloured by segmentation plus points along the cuboid's edges
    /// (white), as PLY (binary) or PCD (binary) by extension, with `rgb` and `label` fields
    /// (edge points are labelled 4).
    public static func writeColouredCloud(_ result: PipelineResult, to url: URL, withEdges: Bool = true) throws(DimensioningError) {
        let segmentation = SceneSegmentation(result)
        var points = result.scene.pointsInWorld
        var rgb = segmentation.labels.map(\.rgb)
        var labels = segmentation.values
        if withEdges {
            for p in CuboidEdges(result.cuboid).sampled() {
                points.append(p)
                rgb.append(0xFFFFFF)
                labels.append(4)
            }
        }
        try writeCloud(points, rgb: rgb, labels: labels, to: url)
    }

    /// Writes the fused scene with its segmentation as a `label` field (0 other, 1 floor, 2 box,
    /// 3 top face) and matching colours; .pcd or .ply by extension.
    public static func writeLabelledCloud(_ result: PipelineResult, to url: URL) throws(DimensioningError) {
        let segmentation = SceneSegmentation(result)
        try writeCloud(result.scene.pointsInWorld, rgb: segmentation.labels.map(\.rgb), labels: segmentation.values, to: url)
    }

    static func writeCloud(_ points: PointCloud, rgb: [UInt32], labels: [Int32], to url: URL) throws(DimensioningError) {
        let format: NativeCloud.FileFormat
        switch url.pathExtension.lowercased() {
        case "pcd": format = .pcdBinary
        case "ply": format = .plyBinary
        default: throw .unsupported(feature: "writing \"\(url.lastPathComponent)\" (use a .pcd or .ply name)")
        }
        try CaptureFile.writeAtomically(to: url) { (temporary: URL) throws(DimensioningError) in
            // PCL picks the writer by extension: keep it on the temporary name.
            do {
                try NativeCloud.write(path: temporary.path, format: format, points: points, rgb: rgb, labels: labels)
            } catch {
                throw .unreadableCapture(file: url.path, reason: "cannot write point cloud: \(error)")
            }
        }
    }
}
