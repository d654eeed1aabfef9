import Foundation
import Dimensioning

/// How a capture of a dataset keyed by barcode (`GroundTruthTable.keyedByBarcode`) found its
/// ground-truth row: written as `truth_by_barcode` in `results.jsonl`.
///
/// The rule: the distinct texts read from the capture's colour images are looked up among the
/// rows' `barcode` cells (exact text, the cell trimmed; the symbology is not compared).
/// - Exactly one row's code read: `matched`, the capture is judged against that row (codes
///   that match no row, such as a postcode beside the tracking code, are ignored).
/// - No code read (no colour, unreadable colour, codes too small, or an unreadable capture):
///   `noCodeRead`.
/// - Codes read, none in the table: `noMatchingRow`.
/// - Codes of two or more rows read: `severalRows`; no row is guessed.
///
/// A capture that is not matched gets the verdict `unmatched` and no errors; it is measured
/// as usual and listed with its reason in `summary.json` (`barcode_keying`) and the report.
/// Rows no capture matched are listed there too (`BarcodeKeyingSummary`). Two captures that
/// match the same row (the parcel measured twice) are both judged against it.
public struct BarcodeKeyMatch: Sendable, Equatable, Codable {
    public enum Outcome: String, Sendable, Equatable, Codable, CaseIterable {
        case matched
        case noCodeRead = "no_code_read"
        case noMatchingRow = "no_matching_row"
        case severalRows = "several_rows"
    }

    /// A row whose code was read: its CSV line (1-based) and code.
    public struct RowKey: Sendable, Equatable, Hashable, Codable {
        public var line: Int
        public var barcode: String

        public init(line: Int, barcode: String) {
            self.line = line
            self.barcode = barcode
        }
    }

    public var outcome: Outcome
    /// The distinct texts read from the capture, in byte order.
    public var codesRead: [String]
    /// The rows whose code was read, by line: one when matched, two or more for `severalRows`.
    public var rows: [RowKey]
    /// A sentence for people: what was read and why the capture is (not) matched.
    public var reason: String

    enum CodingKeys: String, CodingKey {
        case outcome
        case codesRead = "codes_read"
        case rows, reason
    }

    public init(outcome: Outcome, codesRead: [String], rows: [RowKey], reason: String) {
        self.outcome = outcome
        self.codesRead = codesRead
        self.rows = rows
        self.reason = reason
    }

    /// Matches `record`'s codes against `table`'s rows (see the type); returns the match and,
    /// when matched, the row with its `capture` set to the record's.
    public static func match(_ record: MeasurementRecord, table: GroundTruthTable) -> (match: BarcodeKeyMatch, row: GroundTruthRow?) {
        let codes = Array(Set(record.barcodes.map(\.text))).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var rowsByCode: [String: GroundTruthRow] = [:]
        for row in table.rows {
            if let code = table.barcode(of: row) { rowsByCode[code] = row }
        }
        let hits = codes.compactMap { rowsByCode[$0] }.sorted { $0.line < $1.line }
        let keys = hits.map { RowKey(line: $0.line, barcode: table.barcode(of: $0) ?? "") }
        let quoted = codes.map { "\"\($0)\"" }.joined(separator: ", ")
        if codes.isEmpty {
            var reason = "no code read"
            if record.status == .unreadable, let error = record.error {
                reason += ": the capture could not be read (\(error.message))"
            } else if let error = record.barcodeError {
                reason += ": the colour images could not be read (\(error))"
            } else {
                reason += " in the capture's colour images (none, or no code sharp and large enough)"
            }
            return (BarcodeKeyMatch(outcome: .noCodeRead, codesRead: [], rows: [], reason: reason), nil)
        }
        switch hits.count {
        case 0:
            return (BarcodeKeyMatch(outcome: .noMatchingRow, codesRead: codes, rows: [],
                                    reason: "read \(quoted); no row of \(GroundTruthTable.fileName) has \(codes.count == 1 ? "this code" : "any of these codes")"), nil)
        case 1:
            var row = hits[0]
            row.capture = record.capture
            return (BarcodeKeyMatch(outcome: .matched, codesRead: codes, rows: keys,
                                    reason: "read \"\(keys[0].barcode)\", the code of line \(keys[0].line)"), row)
        default:
            let listed = keys.map { "\"\($0.barcode)\" (line \($0.line))" }.joined(separator: ", ")
            return (BarcodeKeyMatch(outcome: .severalRows, codesRead: codes, rows: keys,
                                    reason: "read the codes of \(keys.count) rows, \(listed): which parcel this is cannot be told"), nil)
        }
    }
}
