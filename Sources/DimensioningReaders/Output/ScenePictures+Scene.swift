import Dimensioning
import Foundation

extension ScenePictures {
    /// Writes a scene measured carton by carton as a cloud (`boxdim measure --all --ply`): the
    /// fused points, each inside a measured carton's cuboid (grown by `margin` metres) labelled
    /// with that carton's number (its `index` in the scene's record, 1-based) and coloured as the
    /// overlay colours it (green accepted at `minimumConfidence`, magenta measured but not
    /// accepted), every other point labelled 0 and grey; then points every 2 mm along each
    /// measured carton's 12 edges, white, with its number. PLY or PCD (binary) by extension, with
    /// `rgb` and `label` fields. Refused cartons have no cuboid, so no points of their own.
    public static func writeColouredCloud(_ measurement: SceneMeasurement, minimumConfidence: Double, to url: URL,
                                          margin: Double = 0.01) throws(DimensioningError) {
        var points = measurement.scene.pointsInWorld
        var labels = [Int32](repeating: 0, count: points.count)
        var rgb = [UInt32](repeating: 0x80_80_80, count: points.count)
        var edgePoints: [(SIMD3<Double>, Int32)] = []
        for (n, box) in measurement.boxes.enumerated() {
            guard case let .success(m) = box.outcome else { continue }
            let colour: UInt32 = m.isAccepted(minimumConfidence: minimumConfidence) ? 0x46_E1_6E : 0xFF_38_C4
            let half = SIMD3(m.length, m.width, m.height) / 2 + margin
            for i in 0..<points.count where labels[i] == 0 {
                let d = points[i] - m.centerInWorld
                let local = SIMD3(dot(d, m.axesInWorld[0]), dot(d, m.axesInWorld[1]), dot(d, m.axesInWorld[2]))
                guard abs(local.x) <= half.x, abs(local.y) <= half.y, abs(local.z) <= half.z else { continue }
                labels[i] = Int32(n + 1)
                rgb[i] = colour
            }
            let edges = CuboidEdges(centre: m.centerInWorld, axes: m.axesInWorld, length: m.length, width: m.width,
                                    height: m.height)
            edgePoints += edges.sampled().map { ($0, Int32(n + 1)) }
        }
        for (p, label) in edgePoints {
            points.append(p)
            labels.append(label)
            rgb.append(0xFF_FF_FF)
        }
        try writeCloud(points, rgb: rgb, labels: labels, to: url)
    }
}
