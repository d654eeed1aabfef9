import Foundation

/// Where the reference image's view ends at its left and right, row by row (pixels).
///
/// A stereo camera returns nothing in a band along one side of its image, where its other
/// camera does not see the scene, and a structured-light camera the same where its projector
/// does not reach. The band is as wide as the disparity of what the row shows first,
/// `w = f b / z` pixels (f the focal length in pixels, b the baseline in metres, z the depth in
/// metres), so wider in the rows of a near object: 20 columns over a RealSense-class camera's
/// far floor and 33 beside a box 0.4 m away (fixed split, seed 4243, scenario 119), 24 over a
/// structured-light camera's floor 1.8 m away and 103 beside a box 0.42 m away (structured-light
/// split, seed 9157, scenario 112). A decoder that measures disparity against a reference
/// pattern (Kinect v1) offsets it, and a camera that crops its image leaves a band of constant
/// width, so the model is `w = a + c / z`, fitted to the rows by Theil-Sen (the median of the
/// pairwise slopes; P. K. Sen, J. Am. Stat. Assoc. 63, 1968), robust to the rows that do not
/// follow it. A box running into that band runs out of view there as at the image's edge.
///
/// A border is such a band when at least 90 % of the rows that see anything begin (end) with
/// 3 pixels or more of nothing and that run fits the model within `max(2, 10 %)` pixels. The
/// view then ends, in each row, at the first (last) pixel seen or at the band the model gives
/// for that pixel's depth, whichever is nearer the border: a dark patch beside a box in a few
/// rows is no border, nor is the range a sensor stops at (the rows above a far floor's horizon,
/// where only a tall object returns anything). Otherwise, and always at the top and bottom, the
/// view ends at the image's edge.
struct ViewedRegion: Sendable {
    /// Per row: the first and last column in view.
    var left: [Int], right: [Int]

    /// Nil for an unorganised cloud.
    init?(_ scene: FusedScene) {
        let width = scene.gridWidth, height = scene.gridHeight
        guard let pixels = scene.pixelIndex, width > 0, height > 0 else { return nil }
        var firstColumn = [Int](repeating: width, count: height), lastColumn = [Int](repeating: -1, count: height)
        var firstDepth = [Double](repeating: 0, count: height), lastDepth = [Double](repeating: 0, count: height)
        let eye = scene.cameraPosition, forward = scene.viewDirection
        for (i, p) in pixels.enumerated() {
            let x = Int(p) % width, y = Int(p) / width
            guard x >= 0, y >= 0, y < height else { continue }
            if x < firstColumn[y] || x > lastColumn[y] {
                let z = dot(scene.pointsInWorld[i] - eye, forward)
                if x < firstColumn[y] { firstColumn[y] = x; firstDepth[y] = z }
                if x > lastColumn[y] { lastColumn[y] = x; lastDepth[y] = z }
            }
        }
        let seen = (0..<height).filter { lastColumn[$0] >= 0 }
        left = Self.viewEdge(runs: seen.map { firstColumn[$0] }, depths: seen.map { firstDepth[$0] },
                             rows: seen, height: height)
        right = Self.viewEdge(runs: seen.map { width - 1 - lastColumn[$0] }, depths: seen.map { lastDepth[$0] },
                              rows: seen, height: height).map { width - 1 - $0 }
    }

    /// Per row, the run of nothing from one border (pixels) at which the view ends: 0 (the
    /// image's edge) unless the border is a band; where it is, the row's own run or the band
    /// the model gives for its depth, whichever is shorter. `runs` and `depths` (metres along
    /// the view) are the rows `rows`' runs and the depths of their first pixels.
    static func viewEdge(runs: [Int], depths: [Double], rows: [Int], height: Int) -> [Int] {
        var edge = [Int](repeating: 0, count: height)
        let inverseDepths = depths.map { $0 > 0 ? 1 / $0 : 0 }
        guard let band = BandModel(runs: runs.map(Double.init), inverseDepths: inverseDepths) else { return edge }
        let banded = runs.indices.filter { runs[$0] >= 3 && band.fits(run: Double(runs[$0]), inverseDepth: inverseDepths[$0]) }
        guard banded.count * 10 >= runs.count * 9 else { return edge }
        for (k, y) in rows.enumerated() {
            let predicted = band.width(inverseDepth: inverseDepths[k])
            edge[y] = max(0, min(runs[k], Int((predicted + band.slack(predicted)).rounded(.down))))
        }
        return edge
    }
}

/// A band's width against the inverse depth of what borders it, `w = intercept + slope / z`
/// (pixels; slope in pixel-metres), fitted by Theil-Sen over at most 160 rows spread evenly.
struct BandModel: Sendable, Equatable {
    var intercept: Double, slope: Double

    /// Nil when fewer than 2 rows see anything.
    init?(runs: [Double], inverseDepths: [Double]) {
        guard runs.count >= 2, runs.count == inverseDepths.count else { return nil }
        let stride = max(1, runs.count / 160)
        let sample = Swift.stride(from: 0, to: runs.count, by: stride).map { (s: inverseDepths[$0], w: runs[$0]) }
        var slopes: [Double] = []
        slopes.reserveCapacity(sample.count * sample.count / 2)
        for i in 0..<sample.count {
            for j in (i + 1)..<sample.count where abs(sample[j].s - sample[i].s) > 1e-3 {
                slopes.append((sample[j].w - sample[i].w) / (sample[j].s - sample[i].s))
            }
        }
        let b = Statistics.median(slopes) ?? 0
        slope = b
        intercept = Statistics.median(sample.map { $0.w - b * $0.s }) ?? 0
    }

    /// The band's width (pixels) beside a surface at inverse depth `s` (1/m).
    func width(inverseDepth s: Double) -> Double { intercept + slope * s }

    /// How far a row's run may stray from the model and still follow it: 2 pixels or 10 %.
    func slack(_ predicted: Double) -> Double { max(2, 0.1 * abs(predicted)) }

    func fits(run: Double, inverseDepth s: Double) -> Bool {
        let predicted = width(inverseDepth: s)
        return abs(run - predicted) <= slack(predicted)
    }
}
