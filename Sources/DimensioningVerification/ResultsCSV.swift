import Foundation
import Dimensioning

/// `results.csv`: one row per capture, or per carton of a scene (in `results.jsonl`'s order,
/// `VerificationResult.runOrder`), sizes and errors in millimetres,
/// the expanded uncertainties U (k = 2, `u_*_mm`), then the dataset's extra columns. Fields are quoted per RFC 4180 when needed.
public enum ResultsCSV {
    public static func text(_ results: [VerificationResult], extraColumns: [String]) -> String {
        let header = ["capture", "verdict", "status", "truth_length_mm", "truth_width_mm", "truth_height_mm",
                      "length_mm", "width_mm", "height_mm", "error_length_mm", "error_width_mm", "error_height_mm",
                      "confidence", "error_code", "u_length_mm", "u_width_mm", "u_height_mm"] + extraColumns
        var lines = [header.map(quote).joined(separator: ",")]
        func number(_ x: Double?) -> String {
            guard let x else { return "" }
            return String(format: "%.2f", x)
        }
        for r in results.sorted(by: VerificationResult.runOrder) {
            let m = r.measuredMM
            var fields = [r.capture, r.verdict.rawValue, r.record.status.rawValue,
                          number(r.truth?.lengthMM), number(r.truth?.widthMM), number(r.truth?.heightMM),
                          number(m?.length), number(m?.width), number(m?.height),
                          number(r.errors?.length), number(r.errors?.width), number(r.errors?.height),
                          r.record.confidence.map { String(format: "%.4f", $0) } ?? "", r.record.error?.code ?? "",
                          number(r.uncertaintyMM?.length), number(r.uncertaintyMM?.width), number(r.uncertaintyMM?.height)]
            fields += extraColumns.map { r.extra[$0] ?? "" }
            lines.append(fields.map(quote).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
