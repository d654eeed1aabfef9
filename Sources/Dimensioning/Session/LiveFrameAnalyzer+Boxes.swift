import Foundation

extension LiveFrameAnalyzer {
    /// Objects standing on `floor`: connected components of the above-floor points on the
    /// subsampled grid, the one nearest the image centre first.
    mutating func findBoxes(floor: LiveFloor, frame: DepthFrame, stride s: Int, gridWidth gw: Int,
                            gridHeight gh: Int, camera: SIMD3<Double>) -> [LiveDetection] {
        let n = gw * gh
        if labels.count != n { labels = [Int32](repeating: -1, count: n) }
        let minimumHeight = isolationParameters.minimumHeightAboveFloor, maximumHeight = isolationParameters.maximumHeightAboveFloor
        for i in 0..<n {
            var label: Int32 = -2 // not a candidate
            if valid[i] {
                let h = (points[i] * floor.up).sum() - floor.height
                if h >= minimumHeight && h <= maximumHeight { label = -1 } // candidate, unlabelled
            }
            labels[i] = label
        }
        let spacingPerMetre = 3 * Double(s) / frame.intrinsics.fx
        let centreX = Double(gw) / 2, centreY = Double(gh) / 2
        var detections: [(LiveDetection, centre: Double)] = []
        var next: Int32 = 0
        for seed in 0..<n where labels[seed] == -1 {
            labels[seed] = next
            stack.removeAll(keepingCapacity: true)
            stack.append(seed)
            var count = 0, sum = SIMD3<Double>.zero, top = -Double.infinity
            var x0 = gw, y0 = gh, x1 = -1, y1 = -1
            var nearest = Double.infinity
            while let i = stack.popLast() {
                let x = i % gw, y = i / gw
                count += 1
                sum += points[i]
                top = max(top, (points[i] * floor.up).sum() - floor.height)
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                let dx = Double(x) + 0.5 - centreX, dy = Double(y) + 0.5 - centreY
                nearest = min(nearest, dx * dx + dy * dy)
                let tolerance = isolationParameters.clusterTolerance + spacingPerMetre * depths[i]
                let squared = tolerance * tolerance
                for ny in max(0, y - 1)...min(gh - 1, y + 1) {
                    for nx in max(0, x - 1)...min(gw - 1, x + 1) {
                        let j = ny * gw + nx
                        guard labels[j] == -1 else { continue }
                        let d = points[j] - points[i]
                        if (d * d).sum() <= squared {
                            labels[j] = next
                            stack.append(j)
                        }
                    }
                }
            }
            next += 1
            guard count * s * s >= parameters.minimumBoxPixels, top >= parameters.minimumBoxHeight else { continue }
            let centroid = sum / Double(count)
            let w = Double(frame.width), h = Double(frame.height)
            let left = Double(x0 * s), right = min(w, Double((x1 + 1) * s))
            let upper = Double(y0 * s), lower = min(h, Double((y1 + 1) * s))
            let rect = NormalizedRect(x: left / w, y: upper / h, width: (right - left) / w, height: (lower - upper) / h)
            let offset = centroid - camera
            detections.append((LiveDetection(rect: rect, centroid: centroid, distance: (offset * offset).sum().squareRoot(),
                                             maximumHeight: top, pixelCount: count * s * s), nearest))
        }
        // Nearest the centre first; within one grid cell, the larger first; then grid order.
        let order = detections.indices.sorted { a, b in
            let da = detections[a].centre.squareRoot(), db = detections[b].centre.squareRoot()
            if abs(da - db) > 1 { return da < db }
            if detections[a].0.pixelCount != detections[b].0.pixelCount {
                return detections[a].0.pixelCount > detections[b].0.pixelCount
            }
            return a < b
        }
        return order.map { detections[$0].0 }
    }
}
