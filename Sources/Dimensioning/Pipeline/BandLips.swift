/// Fattening hidden under an edge band, from the depth samples behind the fused scene.
///
/// A sensor that fattens the nearer surface by a pixel and then blends a band around the moved
/// discontinuity (`fatten1-band1` in the simulator's family) leaves no lip in the fused top:
/// the fattened pixel is a band pixel, and the per-pixel median over frames takes one of its
/// blends. Its silhouette is a clean one-pixel band around an edge one pixel too far out: the
/// box measures a pixel footprint too long at each such side, with every other edge term clean.
///
/// The band pixels' individual samples still tell the two apart. A band pixel keeps its own
/// depth in some frames (the others blend toward the far surface). Without fattening, the first
/// pixel past the top's outer row is the top's own last pixel, and its unblended samples lie
/// *on* the top plane; with fattening it is a pixel past the edge carrying the top's depth, and
/// its unblended samples lie on the lip, `SideLips.risePerPixel` *above* the plane.
/// Blends toward the floor fall below the plane and out of the window. So, per silhouette side
/// facing away from the camera (where a one-pixel lip rises at least
/// `SensorBehaviour.lipMeasurableRise`), the samples of that pixel row with a height in
/// `[-bandLipWindowBelow, 3 * rise + bandLipWindowBelow]` around the top plane give the side's
/// band lip: their median height, less that of the same window's samples on the top pixels the
/// row touches (which carries the same plane-fit bias and noise, and no lip), over the rise per
/// pixel: about 0 without fattening and 1 with a pixel of it. Sides are pooled by inverse variance, as `pooledFattening` does.
///
/// A sensor that blurs deterministically (every frame the same ramp) leaves no unblended sample:
/// then nothing shows, and the estimate is about 0 or absent. Measured on handheld sweeps of
/// three frames or more only (see `measureBandLips`).
struct BandLipEvidence: Sendable, Equatable {
    /// Pooled estimate in pixels of lip and its standard error (pixels).
    var pixels: Double
    var error: Double
}

/// The band lip of each silhouette side facing away from the camera (heights in metres above
/// the top plane; nil where the side does not qualify or has too few samples), and the pooled
/// capture estimate (see `BandLipEvidence`); `estimates` (side order +A, -A, +B, -B) gain
/// `SideLips.bandRise`. Nil for an unorganized cloud or without a qualifying side. The first pixel
/// row past the top is the ring of scene pixels off the top whose image 4-neighbour is a top
/// pixel, each assigned to the side its ray meets the top plane nearest to (corners left out).
func measureBandLips(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, rectangle: Rectangle2D,
                     estimates: inout [EdgeEstimate], parameters: PipelineParameters) -> BandLipEvidence? {
    let sensor = parameters.behaviour
    // One sample per pixel (a single frame or cloud) says nothing: the unblended lip pixels of
    // a single frame pass for top, and the ring is then the floor side of the band. Only
    // handheld sweeps (poses, so gravity) are read: the family the check was tuned on. On the
    // simulated fixed-mount time-of-flight camera (no poses) it read lips of 0.6-2.3 px that
    // were not there, and its cause was not found.
    guard let pixelIndex = scene.pixelIndex, let k = scene.intrinsics, scene.gridWidth > 2, scene.gridHeight > 2,
          let samples = scene.frameSamples, scene.frameCount >= sensor.bandLipMinimumFrames,
          scene.gravityInWorld != nil
    else { return nil }
    let frame = box.floorFrame
    let camera = frame.local(scene.cameraPosition)
    guard camera.z - top.height > 0.05 else { return nil }
    let width = scene.gridWidth, height = scene.gridHeight
    // The 4-neighbours of a pixel inside the image (no wrap from one row's end to the next).
    func forEachNeighbour(of pixel: Int, _ body: (Int) -> Void) {
        let x = pixel % width, y = pixel / width
        if x > 0 { body(pixel - 1) }
        if x + 1 < width { body(pixel + 1) }
        if y > 0 { body(pixel - width) }
        if y + 1 < height { body(pixel + width) }
    }
    var isTop = [Bool](repeating: false, count: width * height)
    for i in top.inlierIndices { isTop[Int(pixelIndex[i])] = true }
    var pointAt = [Int32](repeating: -1, count: width * height)
    for i in 0..<pixelIndex.count { pointAt[Int(pixelIndex[i])] = Int32(i) }
    // Pixels clearly off the top: no fused point, or one below the window (band or floor).
    let below = sensor.bandLipWindowBelow
    func isOff(_ pixel: Int) -> Bool {
        !isTop[pixel] && (pointAt[pixel] < 0
            || frame.local(scene.pointsInWorld[Int(pointAt[pixel])]).z - top.height < -below)
    }
    // The ring: pixels off the top touching a top pixel (4-neighbours) and a pixel clearly off
    // it (a top pixel the plane fit left out, inside the top or on its outer row, is not the
    // band), with or without a fused point of their own (a band pixel whose samples disagree
    // may have none), and where each one's ray meets the top plane, in rectangle coordinates.
    var ring: [(pixel: Int, cut: SIMD2<Double>)] = []
    for pixel in 0..<(width * height) where !isTop[pixel] {
        var touchesTop = false, touchesOff = false
        forEachNeighbour(of: pixel) { n in
            if isTop[n] { touchesTop = true } else if !touchesOff, isOff(n) { touchesOff = true }
        }
        guard touchesTop, touchesOff else { continue }
        let x = pixel % width, y = pixel / width
        let ray = SIMD3((Double(x) - k.cx) / k.fx, (Double(y) - k.cy) / k.fy, 1.0)
        let through = frame.local(scene.worldFromReferenceCamera.apply(ray))
        guard let (_, cut) = cutWithPlane(from: camera, through: through, height: top.height) else { continue }
        ring.append((pixel, rectangle.local(cut)))
    }
    var terms: [(y: Double, x: Double, sigma: Double)] = []
    for side in estimates.indices {
        let e = estimates[side]
        guard e.method == .silhouette, !e.facesCamera, e.lips.risePerPixel >= sensor.lipMeasurableRise else { continue }
        let alongA = side < 2, sign: Double = side % 2 == 0 ? 1 : -1
        let half = alongA ? rectangle.halfA : rectangle.halfB
        let otherHalf = alongA ? rectangle.halfB : rectangle.halfA
        let inner = max(otherHalf - 0.03, otherHalf * 0.5)
        let window = 3 * e.pixelFootprint + 0.01
        let pixels = ring.filter { entry in
            let u = sign * (alongA ? entry.cut.x : entry.cut.y), v = alongA ? entry.cut.y : entry.cut.x
            return abs(v) <= inner && abs(u - half) <= window
        }.map(\.pixel)
        // The top pixels the ring touches: the reference the ring's heights are taken against
        // (the same plane-fit bias and depth noise, none of the lip).
        var touched = Set<Int>()
        for pixel in pixels {
            forEachNeighbour(of: pixel) { n in if isTop[n] { touched.insert(n) } }
        }
        let rise = e.lips.risePerPixel
        func windowed(_ pixels: [Int]) -> [Double] {
            var heights: [Double] = []
            forEachSampleHeight(samples, pixels: pixels, frameCount: scene.frameCount, frame: frame,
                                topHeight: top.height) { h in
                if h >= -below && h <= 3 * rise + below { heights.append(h) }
            }
            return heights
        }
        let heights = windowed(pixels), reference = windowed(touched.sorted())
        guard heights.count >= sensor.bandLipMinimumSamples, reference.count >= sensor.bandLipMinimumSamples,
              let ringMedian = Statistics.median(heights), let referenceMedian = Statistics.median(reference)
        else { continue }
        let median = ringMedian - referenceMedian
        let ringError = Statistics.medianStandardError(heights, median: ringMedian)
        let referenceError = Statistics.medianStandardError(reference, median: referenceMedian)
        let error = max((ringError * ringError + referenceError * referenceError).squareRoot(), sensor.lipRiseErrorFloor)
        estimates[side].lips.bandRise = median
        estimates[side].lips.bandRiseError = error
        terms.append((median, rise, error))
    }
    return inverseVarianceSlope(terms).map { BandLipEvidence(pixels: $0.pixels, error: $0.error) }
}

/// Calls `body` with the height above the top plane (metres, floor frame) of every frame's
/// own depth sample behind the reference pixels `pixels`.
private func forEachSampleHeight(_ samples: FrameSamples, pixels: [Int], frameCount: Int, frame: FloorFrame,
                                 topHeight: Double, _ body: (Double) -> Void) {
    var sources = [[UInt32]](repeating: [], count: frameCount)
    for pixel in pixels {
        for j in samples.samples(ofPixel: pixel) { sources[samples.frame(j)].append(samples.sourcePixel(j)) }
    }
    for f in sources.indices where !sources[f].isEmpty {
        samples.forEachWorldPoint(frame: f, sources: sources[f]) { world in body(frame.local(world).z - topHeight) }
    }
}
