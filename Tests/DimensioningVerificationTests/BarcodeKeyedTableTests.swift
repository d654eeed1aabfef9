import Foundation
import Testing
import Dimensioning
@testable import DimensioningVerification

/// A ground_truth.csv keyed by barcode alone: parsing, malformed files, the matching rule and
/// the summary of what was left unmatched (records built by hand; the end-to-end run on
/// simulated captures is `BarcodeKeyedVerifyTests`).
@Suite struct BarcodeKeyedTableTests {
    static let csv = URL(fileURLWithPath: "/data/set/ground_truth.csv")
    static let text = "barcode,length_mm,width_mm,height_mm,site\nPARCEL-B,400,300,250,x\n PARCEL-A ,500,350,200,y\nPARCEL-C,0,0,0,z\n"

    static func record(_ capture: String, read: [String]) -> MeasurementRecord {
        let readings = read.map {
            BarcodeReading(symbology: .qrCode, text: $0, face: .top, moduleSize: 0.002, modulePixels: 4, scannerReadable: true,
                           distance: 0.7, centerInWorld: nil, reads: 1, firstFrame: 0)
        }
        return MeasurementRecord(capture: capture, outcome: .failure(.noBox()), units: .millimeters, minConfidence: 0.85,
                                 barcodes: readings)
    }

    static func failure(_ text: String) -> String {
        do {
            _ = try GroundTruthTable.parse(text, csv: csv)
            return "parsed"
        } catch {
            return error.description
        }
    }

    @Test func aBarcodeColumnWithoutCaptureKeysTheTable() throws {
        let table = try GroundTruthTable.parse(Self.text, csv: Self.csv)
        #expect(table.keyedByBarcode)
        #expect(table.extraColumns == ["barcode", "site"])
        #expect(table.rows.map(\.line) == [2, 3, 4], "file order")
        #expect(table.rows.map { table.barcode(of: $0) } == ["PARCEL-B", "PARCEL-A", "PARCEL-C"], "cells trimmed")
        #expect(table.rows.allSatisfy { $0.capture.isEmpty })
        #expect(table.rows[1].lengthMM == 500 && table.rows[1].widthMM == 350 && table.rows[1].heightMM == 200)
        #expect(table.rows[2].isNegative)
        let beside = try GroundTruthTable.parse("capture,barcode,length_mm,width_mm,height_mm\nbox-1,P-1,400,300,250\n", csv: Self.csv)
        #expect(!beside.keyedByBarcode, "beside capture, the code is only checked")
    }

    @Test func malformedTablesKeyedByBarcodeNameTheLine() {
        let empty = Self.failure("barcode,length_mm,width_mm,height_mm\nP-1,400,300,250\n ,500,300,200\n")
        #expect(empty.contains("line 3") && empty.contains("the barcode is empty"), "\(empty)")
        let twice = Self.failure("barcode,length_mm,width_mm,height_mm\nP-1,400,300,250\nP-2,400,300,250\nP-1,500,300,200\n")
        #expect(twice.contains("line 4") && twice.contains("\"P-1\" is listed twice (also on line 2)"), "\(twice)")
        let noSize = Self.failure("barcode,length_mm,width_mm\nP-1,400,300\n")
        #expect(noSize.contains("line 1") && noSize.contains("missing column height_mm"), "\(noSize)")
        let neither = Self.failure("parcel,length_mm,width_mm,height_mm\nP-1,400,300,250\n")
        #expect(neither.contains("missing column capture") && neither.contains("barcode,length_mm"), "\(neither)")
        let fields = Self.failure("barcode,length_mm,width_mm,height_mm\nP-1,400,300\n")
        #expect(fields.contains("line 2") && fields.contains("3 fields, the header has 4"), "\(fields)")
        let size = Self.failure("barcode,length_mm,width_mm,height_mm\nP-1,400,abc,250\n")
        #expect(size.contains("line 2") && size.contains("width_mm \"abc\" is not a number"), "\(size)")
        let rows = Self.failure("barcode,length_mm,width_mm,height_mm\n")
        #expect(rows.contains("no captures listed"), "\(rows)")
    }

    @Test func capturesAreMatchedByTheCodesTheyRead() throws {
        let table = try GroundTruthTable.parse(Self.text, csv: Self.csv)
        let (one, row) = BarcodeKeyMatch.match(Self.record("c1", read: ["POSTCODE-9", "PARCEL-A"]), table: table)
        #expect(one.outcome == .matched)
        #expect(one.rows == [.init(line: 3, barcode: "PARCEL-A")])
        #expect(one.codesRead == ["PARCEL-A", "POSTCODE-9"], "a code of no row beside it is ignored")
        #expect(row?.capture == "c1" && row?.line == 3 && row?.lengthMM == 500)

        let (none, noRow) = BarcodeKeyMatch.match(Self.record("c2", read: []), table: table)
        #expect(none.outcome == .noCodeRead && noRow == nil && none.reason.hasPrefix("no code read"))

        let (stranger, _) = BarcodeKeyMatch.match(Self.record("c3", read: ["STRANGER"]), table: table)
        #expect(stranger.outcome == .noMatchingRow && stranger.codesRead == ["STRANGER"])
        #expect(stranger.reason.contains("\"STRANGER\"") && stranger.reason.contains("no row"))

        let (two, twoRow) = BarcodeKeyMatch.match(Self.record("c4", read: ["PARCEL-B", "PARCEL-A"]), table: table)
        #expect(two.outcome == .severalRows && twoRow == nil)
        #expect(two.rows.map(\.line) == [2, 3])
        #expect(two.reason.contains("line 2") && two.reason.contains("line 3"))

        let unreadable = MeasurementRecord(capture: "c5", outcome: .failure(.unreadableCapture(file: "/data/set/c5", reason: "empty folder")),
                                           units: .millimeters, minConfidence: 0.85)
        #expect(unreadable.status == .unreadable)
        let why = BarcodeKeyMatch.match(unreadable, table: table).match.reason
        #expect(why.contains("could not be read") && why.contains("empty folder"), "\(why)")
    }

    @Test func unmatchedResultsHaveNoTruthAndRoundTrip() throws {
        let table = try GroundTruthTable.parse(Self.text, csv: Self.csv)
        let judge = VerificationRun.Judge(table: table, options: VerificationOptions())
        let matched = judge.result(Self.record("c1", read: ["PARCEL-A"]), overlay: nil)
        #expect(matched.truth?.line == 3 && matched.verdict == .refused)
        #expect(matched.extra["site"] == "y" && matched.barcodeMatch == true)
        let lost = judge.result(Self.record("c3", read: ["STRANGER"]), overlay: nil)
        #expect(lost.truth == nil && lost.verdict == .unmatched && lost.errors == nil && !lost.verdict.isFailure)
        let json = try #require(JSONSerialization.jsonObject(with: Data(lost.jsonLine().utf8)) as? [String: Any])
        #expect(json["truth_mm"] is NSNull && json["verdict"] as? String == "unmatched")
        #expect((json["truth_by_barcode"] as? [String: Any])?["outcome"] as? String == "no_matching_row")
        let parsed = try #require(VerificationResult.parse(line: Substring(lost.jsonLine())))
        #expect(parsed.truth == nil && parsed.barcodeKey == lost.barcodeKey && parsed.verdict == .unmatched)
        let csvText = ResultsCSV.text([matched, lost], extraColumns: table.extraColumns)
        #expect(csvText.contains("c3,unmatched,no_measurement,,,,"))
    }

    @Test func theSummaryListsWhatWasNotMatched() throws {
        let table = try GroundTruthTable.parse(Self.text, csv: Self.csv)
        let judge = VerificationRun.Judge(table: table, options: VerificationOptions())
        let results = [
            judge.result(Self.record("a", read: ["PARCEL-A"]), overlay: nil),
            judge.result(Self.record("b", read: ["PARCEL-A"]), overlay: nil),
            judge.result(Self.record("c", read: ["PARCEL-B", "PARCEL-A"]), overlay: nil),
            judge.result(Self.record("d", read: []), overlay: nil),
        ]
        let summary = VerificationSummary(results: results, toleranceMM: 10, minConfidence: 0.85, barcodeRows: judge.barcodeRows)
        let k = try #require(summary.barcodeKeying)
        #expect(k.rows == 3 && k.capturesMatched == 2 && k.rowsMatched == 1)
        #expect(k.unmatchedCaptures.map(\.capture) == ["c", "d"])
        #expect(k.unmatchedCaptures.map(\.outcome) == [.severalRows, .noCodeRead])
        #expect(k.unmatchedRows.map(\.line) == [2, 4])
        #expect(k.unmatchedRows[0].reason == "read only in \"c\", whose codes match several rows")
        #expect(k.unmatchedRows[1].reason == "no capture read this code")
        #expect(k.rowsMatchedMoreThanOnce == [.init(line: 3, barcode: "PARCEL-A", captures: ["a", "b"])])
        #expect(summary.verdicts["unmatched"] == 2 && summary.passed)
        let decoded = try JSONDecoder().decode(VerificationSummary.self, from: Data(summary.json().utf8))
        #expect(decoded.barcodeKeying == k)
        #expect(summary.table().contains("keyed by barcode: 2 captures matched 1 of 3 rows; 2 captures unmatched, 2 rows never matched"))
        let plain = VerificationSummary(results: [], toleranceMM: 10, minConfidence: 0.85)
        #expect(!plain.json().contains("barcode_keying"), "absent unless keyed by barcode")
    }
}
