import Foundation
import Dimensioning

/// How the captures of a dataset keyed by barcode met the rows of its `ground_truth.csv`:
/// `barcode_keying` in `summary.json`, a section of the report and lines of the printed table.
///
/// Nothing is lost: every capture that matched no row is listed with its reason
/// (`BarcodeKeyMatch`), every row no capture matched with why, and every row two or more
/// captures matched with those captures (each of them is judged against it).
public struct BarcodeKeyingSummary: Sendable, Equatable, Codable {
    /// A capture judged against no row.
    public struct UnmatchedCapture: Sendable, Equatable, Codable {
        public var capture: String
        public var outcome: BarcodeKeyMatch.Outcome
        public var codesRead: [String]
        public var reason: String

        enum CodingKeys: String, CodingKey {
            case capture, outcome
            case codesRead = "codes_read"
            case reason
        }
    }

    /// A row of the table no capture was judged against.
    public struct UnmatchedRow: Sendable, Equatable, Codable {
        public var line: Int
        public var barcode: String
        public var reason: String
    }

    /// A row two or more captures matched.
    public struct RepeatedRow: Sendable, Equatable, Codable {
        public var line: Int
        public var barcode: String
        public var captures: [String]
    }

    /// Rows in the table.
    public var rows: Int
    /// Captures matched to a row.
    public var capturesMatched: Int
    /// Rows at least one capture matched.
    public var rowsMatched: Int
    /// By capture path (byte order).
    public var unmatchedCaptures: [UnmatchedCapture]
    /// By line.
    public var unmatchedRows: [UnmatchedRow]
    /// By line.
    public var rowsMatchedMoreThanOnce: [RepeatedRow]

    enum CodingKeys: String, CodingKey {
        case rows
        case capturesMatched = "captures_matched"
        case rowsMatched = "rows_matched"
        case unmatchedCaptures = "unmatched_captures"
        case unmatchedRows = "unmatched_rows"
        case rowsMatchedMoreThanOnce = "rows_matched_more_than_once"
    }

    /// Summarises `results` (those with a `barcodeKey`) against the table's `rows`.
    public init(results: [VerificationResult], rows: [BarcodeKeyMatch.RowKey]) {
        let keyed = results.filter { $0.barcodeKey != nil }
            .sorted { $0.capture.utf8.lexicographicallyPrecedes($1.capture.utf8) }
        var matchedBy: [BarcodeKeyMatch.RowKey: [String]] = [:]
        var severalBy: [BarcodeKeyMatch.RowKey: [String]] = [:]
        var unmatched: [UnmatchedCapture] = []
        for r in keyed {
            guard let key = r.barcodeKey else { continue }
            switch key.outcome {
            case .matched:
                if let row = key.rows.first { matchedBy[row, default: []].append(r.capture) }
            case .severalRows:
                for row in key.rows { severalBy[row, default: []].append(r.capture) }
                fallthrough
            case .noCodeRead, .noMatchingRow:
                unmatched.append(UnmatchedCapture(capture: r.capture, outcome: key.outcome, codesRead: key.codesRead, reason: key.reason))
            }
        }
        let allRows = Set(rows).union(matchedBy.keys).sorted { ($0.line, $0.barcode) < ($1.line, $1.barcode) }
        self.rows = allRows.count
        capturesMatched = matchedBy.values.reduce(0) { $0 + $1.count }
        rowsMatched = matchedBy.count
        unmatchedCaptures = unmatched
        unmatchedRows = allRows.filter { matchedBy[$0] == nil }.map { row in
            let reason: String
            if let captures = severalBy[row] {
                reason = "read only in \(Self.list(captures)), whose codes match several rows"
            } else {
                reason = "no capture read this code"
            }
            return UnmatchedRow(line: row.line, barcode: row.barcode, reason: reason)
        }
        rowsMatchedMoreThanOnce = allRows.compactMap { row in
            guard let captures = matchedBy[row], captures.count > 1 else { return nil }
            return RepeatedRow(line: row.line, barcode: row.barcode, captures: captures)
        }
    }

    /// Quoted capture paths, at most three named.
    static func list(_ captures: [String]) -> String {
        let named = captures.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        return captures.count > 3 ? named + " and \(captures.count - 3) more" : named
    }

    /// Lines for the printed table (the worst few of each list).
    public func tableLines(limit: Int = 5) -> [String] {
        var lines = ["keyed by barcode: \(capturesMatched) captures matched \(rowsMatched) of \(rows) rows; "
            + "\(unmatchedCaptures.count) captures unmatched, \(unmatchedRows.count) rows never matched"]
        for c in unmatchedCaptures.prefix(limit) { lines.append("  capture \(c.capture): \(c.reason)") }
        if unmatchedCaptures.count > limit { lines.append("  ... \(unmatchedCaptures.count - limit) more captures in summary.json") }
        for r in unmatchedRows.prefix(limit) { lines.append("  row \(r.line) \"\(r.barcode)\": \(r.reason)") }
        if unmatchedRows.count > limit { lines.append("  ... \(unmatchedRows.count - limit) more rows in summary.json") }
        for r in rowsMatchedMoreThanOnce.prefix(limit) {
            lines.append("  row \(r.line) \"\(r.barcode)\": matched by \(r.captures.count) captures, each judged against it")
        }
        return lines
    }
}
