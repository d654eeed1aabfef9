import Foundation
import Dimensioning

/// Inline SVG charts of the report (plain shapes, no scripts).
extension VerificationReport {
    static let dimensionColours = ["#2563eb", "#f59e0b", "#10b981"]

    /// A chart frame: plot area, axes, ticks and labels; `body` draws with the mapping given.
    struct Frame {
        var width = 560.0, height = 300.0
        var left = 56.0, right = 16.0, top = 16.0, bottom = 44.0
        var x: ClosedRange<Double>, y: ClosedRange<Double>

        func px(_ v: Double) -> Double { left + (v - x.lowerBound) / (x.upperBound - x.lowerBound) * (width - left - right) }
        func py(_ v: Double) -> Double { height - bottom - (v - y.lowerBound) / (y.upperBound - y.lowerBound) * (height - top - bottom) }

        func svg(xLabel: String, yLabel: String, body: String) -> String {
            var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\">"
            for t in Self.ticks(y) {
                s += "<line class=\"grid\" x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(py(t)))\" y2=\"\(f(py(t)))\"/>"
                s += "<text class=\"tick\" x=\"\(f(left - 6))\" y=\"\(f(py(t) + 4))\" text-anchor=\"end\">\(Self.label(t))</text>"
            }
            for t in Self.ticks(x) {
                s += "<line class=\"gridv\" x1=\"\(f(px(t)))\" x2=\"\(f(px(t)))\" y1=\"\(f(top))\" y2=\"\(f(height - bottom))\"/>"
                s += "<text class=\"tick\" x=\"\(f(px(t)))\" y=\"\(f(height - bottom + 16))\" text-anchor=\"middle\">\(Self.label(t))</text>"
            }
            s += "<line class=\"axis\" x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(height - bottom))\" y2=\"\(f(height - bottom))\"/>"
            s += "<line class=\"axis\" x1=\"\(f(left))\" x2=\"\(f(left))\" y1=\"\(f(top))\" y2=\"\(f(height - bottom))\"/>"
            s += body
            s += "<text class=\"axlabel\" x=\"\(f((left + width - right) / 2))\" y=\"\(f(height - 6))\" text-anchor=\"middle\">\(HTMLText.escape(xLabel))</text>"
            s += "<text class=\"axlabel\" transform=\"translate(14 \(f((top + height - bottom) / 2))) rotate(-90)\" text-anchor=\"middle\">\(HTMLText.escape(yLabel))</text>"
            return s + "</svg>"
        }

        /// About five round ticks inside `r`.
        static func ticks(_ r: ClosedRange<Double>) -> [Double] {
            let span = r.upperBound - r.lowerBound
            guard span > 0, span.isFinite else { return [r.lowerBound] }
            let raw = span / 5, magnitude = pow(10, floor(log10(raw)))
            let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
            var t = (r.lowerBound / step).rounded(.up) * step, out: [Double] = []
            while t <= r.upperBound + step * 1e-9 && out.count < 20 { out.append(t); t += step }
            return out
        }

        static func label(_ v: Double) -> String {
            abs(v - v.rounded()) < 1e-9 ? String(Int(v.rounded())) : String(format: "%g", (v * 100).rounded() / 100)
        }
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    var acceptedErrors: [DimensionErrors] { results.filter { $0.record.status == .accepted }.compactMap(\.errors) }

    /// Histogram of signed error (mm) of one dimension over accepted captures, tolerance dashed.
    func histogram(dimension: Int, name: String) -> String {
        let values = acceptedErrors.map { $0.all[dimension] }
        let tol = summary.toleranceMM
        let extent = max(tol * 1.5, (values.map { abs($0) }.max() ?? 0) * 1.05)
        let bins = 20, width = 2 * extent / Double(bins)
        var counts = [Int](repeating: 0, count: bins)
        for v in values { counts[min(bins - 1, max(0, Int((v + extent) / width)))] += 1 }
        let frame = Frame(width: 420, height: 260, x: -extent...extent, y: 0...Double(max(1, counts.max() ?? 1)) * 1.1)
        var body = "<rect class=\"tolband\" x=\"\(Self.f(frame.px(-tol)))\" y=\"\(Self.f(frame.top))\" width=\"\(Self.f(frame.px(tol) - frame.px(-tol)))\" height=\"\(Self.f(frame.height - frame.top - frame.bottom))\"/>"
        for (i, c) in counts.enumerated() where c > 0 {
            let x0 = frame.px(-extent + Double(i) * width), x1 = frame.px(-extent + Double(i + 1) * width)
            body += "<rect fill=\"\(Self.dimensionColours[dimension])\" x=\"\(Self.f(x0 + 1))\" y=\"\(Self.f(frame.py(Double(c))))\" width=\"\(Self.f(max(1, x1 - x0 - 2)))\" height=\"\(Self.f(frame.py(0) - frame.py(Double(c))))\"><title>\(c)</title></rect>"
        }
        for t in [-tol, tol] {
            body += "<line class=\"limit\" x1=\"\(Self.f(frame.px(t)))\" x2=\"\(Self.f(frame.px(t)))\" y1=\"\(Self.f(frame.top))\" y2=\"\(Self.f(frame.py(0)))\"/>"
        }
        let st = [summary.length, summary.width, summary.height][dimension]
        // Zero and the median signed error: a bias is the gap between the two lines.
        body += "<line class=\"zero\" x1=\"\(Self.f(frame.px(0)))\" x2=\"\(Self.f(frame.px(0)))\" y1=\"\(Self.f(frame.top))\" y2=\"\(Self.f(frame.py(0)))\"/>"
        if st.count > 0 {
            let bias = min(extent, max(-extent, st.signedMedian))
            body += "<line class=\"bias\" x1=\"\(Self.f(frame.px(bias)))\" x2=\"\(Self.f(frame.px(bias)))\" y1=\"\(Self.f(frame.top))\" y2=\"\(Self.f(frame.py(0)))\"><title>median signed error \(Self.number(st.signedMedian, 1)) mm</title></line>"
        }
        let biasText = st.count == 0 ? "" : " · <b class=\"biasnote\">bias (median signed) \(st.signedMedian >= 0 ? "+" : "")\(Self.number(st.signedMedian, 1)) mm</b>, mean \(st.signedMean >= 0 ? "+" : "")\(Self.number(st.signedMean, 1)) mm"
        return "<div class=\"card\"><h3>\(name.capitalized)</h3>" +
            frame.svg(xLabel: "\(name) error, measured − truth (mm)", yLabel: "captures", body: body) +
            "<p class=\"caption\">n = \(st.count) · median |e| \(Self.number(st.median, 1)) mm · p95 \(Self.number(st.p95, 1)) mm\(biasText) · shaded: ±\(Self.number(tol, 0)) mm</p></div>"
    }

    /// Measured against truth (mm) for every measured capture with a box expected; y = x dashed.
    func scatterMeasuredVsTruth() -> String {
        var points: [(Double, Double, Int, Bool)] = []
        for r in results {
            guard let truth = r.truth, !truth.isNegative, let m = r.measuredMM else { continue }
            let t = truth.normalized
            let accepted = r.record.status == .accepted
            points += [(t.length, m.length, 0, accepted), (t.width, m.width, 1, accepted), (t.height, m.height, 2, accepted)]
        }
        let hi = max(100, (points.flatMap { [$0.0, $0.1] }.max() ?? 100) * 1.05)
        let frame = Frame(x: 0...hi, y: 0...hi)
        var body = "<line class=\"limit\" x1=\"\(Self.f(frame.px(0)))\" y1=\"\(Self.f(frame.py(0)))\" x2=\"\(Self.f(frame.px(hi)))\" y2=\"\(Self.f(frame.py(hi)))\"/>"
        for (t, m, d, accepted) in points {
            body += "<circle cx=\"\(Self.f(frame.px(t)))\" cy=\"\(Self.f(frame.py(m)))\" r=\"3.5\" fill=\"\(accepted ? Self.dimensionColours[d] : "none")\" stroke=\"\(Self.dimensionColours[d])\" fill-opacity=\"0.75\"/>"
        }
        return "<div class=\"card\"><h3>Measured vs truth</h3>" + frame.svg(xLabel: "truth (mm)", yLabel: "measured (mm)", body: body) +
            "<p class=\"caption\">" + legend() + " · hollow: held back by the confidence gate · dashed: measured = truth</p></div>"
    }

    /// Largest absolute error against confidence, with the gate and the tolerance dashed, so
    /// the gate's threshold can be chosen by eye.
    func scatterErrorVsConfidence() -> String {
        let points = results.compactMap { r -> (Double, Double, Bool)? in
            guard let c = r.record.confidence, let e = r.errors else { return nil }
            return (c, e.maximumAbsolute, r.record.status == .accepted)
        }
        let lowest = min(summary.minConfidence - 0.05, points.map(\.0).min() ?? 0.5)
        let xr = max(0, floor(lowest * 10) / 10)...1.0
        let yMax = max(summary.toleranceMM * 2, (points.map(\.1).max() ?? 0) * 1.05)
        let frame = Frame(x: xr, y: 0...yMax)
        var body = "<rect class=\"okzone\" x=\"\(Self.f(frame.px(summary.minConfidence)))\" y=\"\(Self.f(frame.py(summary.toleranceMM)))\" width=\"\(Self.f(frame.px(1) - frame.px(summary.minConfidence)))\" height=\"\(Self.f(frame.py(0) - frame.py(summary.toleranceMM)))\"/>"
        body += "<line class=\"gate\" x1=\"\(Self.f(frame.px(summary.minConfidence)))\" x2=\"\(Self.f(frame.px(summary.minConfidence)))\" y1=\"\(Self.f(frame.top))\" y2=\"\(Self.f(frame.py(0)))\"/>"
        body += "<text class=\"gatelabel\" x=\"\(Self.f(frame.px(summary.minConfidence) + 4))\" y=\"\(Self.f(frame.top + 12))\">gate \(Self.number(summary.minConfidence, 2))</text>"
        body += "<line class=\"limit\" x1=\"\(Self.f(frame.left))\" x2=\"\(Self.f(frame.px(1)))\" y1=\"\(Self.f(frame.py(summary.toleranceMM)))\" y2=\"\(Self.f(frame.py(summary.toleranceMM)))\"/>"
        for (c, e, accepted) in points {
            let colour = e <= summary.toleranceMM ? "#10b981" : "#dc2626"
            body += "<circle cx=\"\(Self.f(frame.px(c)))\" cy=\"\(Self.f(frame.py(e)))\" r=\"4\" fill=\"\(accepted ? colour : "none")\" stroke=\"\(colour)\" fill-opacity=\"0.8\"/>"
        }
        return "<div class=\"card\"><h3>Error vs confidence</h3>" + frame.svg(xLabel: "confidence", yLabel: "largest |error| of L/W/H (mm)", body: body) +
            "<p class=\"caption\">green: within ±\(Self.number(summary.toleranceMM, 0)) mm · red: outside · hollow: below the gate · shaded: accepted and within tolerance</p></div>"
    }

    func legend() -> String {
        zip(["length", "width", "height"], Self.dimensionColours).map {
            "<span class=\"sw\" style=\"background:\($0.1)\"></span>\($0.0)"
        }.joined(separator: " ")
    }
}
