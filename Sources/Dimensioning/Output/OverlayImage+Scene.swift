import Foundation

/// The overlay of a scene measured carton by carton (`boxdim measure --all --overlay`).
extension OverlayImage {
    /// Colours of a carton's outline and number: accepted, measured but not accepted, refused.
    static let acceptedColour = SIMD3<UInt8>(70, 225, 110)
    static let measuredColour = SIMD3<UInt8>(255, 56, 196)
    static let refusedColour = SIMD3<UInt8>(235, 60, 50)

    /// The reference depth colour-mapped, each measured carton's cuboid drawn, and every carton's
    /// number (its `index` in the scene's record, 1-based) on its top: green accepted, magenta
    /// measured but not accepted, red refused.
    ///
    /// - Throws: `unsupported` for a cloud with no organized pixel grid.
    package init(_ measurement: SceneMeasurement, minimumConfidence: Double, scale: Int?) throws(DimensioningError) {
        let scene = measurement.scene
        self.init(depth: try Self.referenceDepth(scene), width: scene.gridWidth, height: scene.gridHeight, scale: scale)
        guard let k = scene.intrinsics else { return }
        let cameraFromWorld = scene.worldFromReferenceCamera.inverse
        let project = { (p: SIMD3<Double>) in k.project(cameraFromWorld.apply(p)) }
        let radius = max(1, self.scale / 2)
        for (n, box) in measurement.boxes.enumerated() {
            var colour = Self.refusedColour
            if case let .success(m) = box.outcome {
                colour = m.isAccepted(minimumConfidence: minimumConfidence) ? Self.acceptedColour : Self.measuredColour
                let edges = CuboidEdges(centre: m.centerInWorld, axes: m.axesInWorld, length: m.length, width: m.width,
                                        height: m.height)
                let corners = edges.corners.map(project)
                for (width, shade) in [(radius + 1, SIMD3<UInt8>(15, 15, 20)), (radius, colour)] {
                    for (a, b) in CuboidEdges.edges {
                        if let p = corners[a], let q = corners[b] { drawLine(p, q, radius: width, colour: shade) }
                    }
                }
            }
            let top = measurement.frame.world(SIMD3(box.positionOnSupport.x, box.positionOnSupport.y, box.topLevel))
            if let p = project(top) { drawNumber(n + 1, at: p, colour: colour) }
        }
    }

    /// Digits 0-9 in a 3 x 5 grid, rows top to bottom, bit 2 the left column.
    private static let digits: [[UInt8]] = [
        [7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7], [5, 5, 7, 1, 1],
        [7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1], [7, 5, 7, 5, 7], [7, 5, 7, 1, 7],
    ]

    /// Draws `number` centred on grid point `p` (pixel coordinates of the reference grid): each
    /// digit's cell a block of `2 x scale` pixels, on a dark plate so it reads on any colour.
    mutating func drawNumber(_ number: Int, at p: SIMD2<Double>, colour: SIMD3<UInt8>) {
        let text = Array(String(max(0, number))).compactMap { $0.wholeNumberValue }
        let block = max(3, 2 * scale)
        let textWidth = (4 * text.count - 1) * block, textHeight = 5 * block
        let centre = (p + 0.5) * Double(scale)
        guard centre.x.isFinite, centre.y.isFinite, abs(centre.x) < 1e6, abs(centre.y) < 1e6 else { return }
        let left = Int(centre.x.rounded()) - textWidth / 2, topRow = Int(centre.y.rounded()) - textHeight / 2
        fillRect(x: left - block, y: topRow - block, width: textWidth + 2 * block, height: textHeight + 2 * block,
                 colour: SIMD3(15, 15, 20))
        for (k, digit) in text.enumerated() {
            for row in 0..<5 {
                for column in 0..<3 where Self.digits[digit][row] & (4 >> column) != 0 {
                    fillRect(x: left + (4 * k + column) * block, y: topRow + row * block, width: block, height: block,
                             colour: colour)
                }
            }
        }
    }

    /// Fills a rectangle of image pixels, clipped to the picture (nothing when it lies wholly
    /// outside: a carton whose top projects past the picture's edge).
    mutating func fillRect(x: Int, y: Int, width w: Int, height h: Int, colour: SIMD3<UInt8>) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for yy in y0..<y1 {
            for xx in x0..<x1 {
                let o = (yy * width + xx) * 3
                rgb[o] = colour.x; rgb[o + 1] = colour.y; rgb[o + 2] = colour.z
            }
        }
    }
}
