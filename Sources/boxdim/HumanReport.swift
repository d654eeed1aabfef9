import Dimensioning
import Foundation

/// Plain-text rendering of a measurement record for people.
enum HumanReport {
    /// `hint`: one more line before the status, for a measurement not accepted
    /// (`SensorClassHint`).
    static func text(for record: MeasurementRecord, hint: String? = nil) -> String {
        var lines = ["capture:    \(record.capture)"]
        if let length = record.length, let width = record.width, let height = record.height {
            let u = record.units.rawValue
            let digits = record.units == .meters ? 4 : (record.units == .millimeters ? 1 : 2)
            let f = { (v: Double) in String(format: "%.\(digits)f", v) }
            let pm = { (value: Double?) in value.map { " ± \(f($0))" } ?? "" }
            lines.append("length:     \(f(length))\(pm(record.uncertainty?.length)) \(u)")
            lines.append("width:      \(f(width))\(pm(record.uncertainty?.width)) \(u)")
            lines.append("height:     \(f(height))\(pm(record.uncertainty?.height)) \(u)")
            if let volume = record.volumeM3 { lines.append(String(format: "volume:     %.6f m³ (%.2f L)", volume, volume * 1000)) }
            if let confidence = record.confidence {
                let within = record.tolerance.map { " that all three are within ± \(f($0)) \(u)" } ?? ""
                lines.append(String(format: "confidence: %.2f%@ (minimum %.2f)", confidence, within, record.minConfidence))
            }
            if let sensor = record.sensorClass {
                lines.append("uncertainty: ± is U (k = 2, about 95 %), \(sensor.rawValue) sensor class")
            }
            for note in record.shapeNotes ?? [] { lines.append("shape:      \(note)") }
            if let frames = record.frames { lines.append("frames:     \(frames)") }
            if let spread = record.spread {
                lines.append("spread:     L \(f(spread.length)) / W \(f(spread.width)) / H \(f(spread.height)) \(u) (s.d. across frames)")
            }
        }
        let verdict: String
        switch record.status {
        case .accepted: verdict = "accepted"
        case .lowConfidence: verdict = "measured, but not known well enough for the tolerance: check before use"
        case .noMeasurement: verdict = "no measurement: \(record.error?.message ?? "")"
        case .unreadable: verdict = "unreadable: \(record.error?.message ?? "")"
        }
        if let input = record.input {
            lines.append("input:      \(input.summary)")
            for dropped in input.droppedFrames { lines.append("left out:   \(dropped)") }
        }
        for code in record.barcodes {
            var details = ["on \(code.face == .offBox ? "no box face" : code.face.rawValue == "unknown" ? "an unknown face" : "the " + code.face.rawValue)"]
            if let mm = code.moduleMM, let px = code.modulePixels {
                details.append(String(format: "module %.2f mm (%.1f px)", mm, px))
            } else {
                details.append("module size not known for \(code.symbology)")
            }
            if let readable = code.scannerReadable { details.append(readable ? "scanner-readable" : "too small for a typical scanner here") }
            lines.append("barcode:    \(code.symbology) \"\(code.text)\", " + details.joined(separator: ", "))
        }
        if let problem = record.barcodeError { lines.append("barcodes:   not read: \(problem)") }
        if record.status == .lowConfidence {
            for reason in record.confidenceReasons ?? [] { lines.append("why:        \(reason)") }
            if let hint { lines.append("hint:       \(hint)") }
        }
        lines.append("status:     \(verdict)")
        return lines.joined(separator: "\n")
    }
}
