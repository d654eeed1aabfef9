import Foundation
import Testing
import Dimensioning
@testable import DimensioningVerification

/// A `barcode` column in ground_truth.csv: kept, matched against the codes read, in the results.
@Suite struct BarcodeColumnTests {
    static let csv = URL(fileURLWithPath: "/data/set/ground_truth.csv")

    static func result(expected: String, read: [String]) throws -> VerificationResult {
        let table = try GroundTruthTable.parse("capture,length_mm,width_mm,height_mm,barcode\nbox-1,400,300,250,\(expected)\n", csv: csv)
        let readings = read.map {
            BarcodeReading(symbology: .qrCode, text: $0, face: .top, moduleSize: 0.002, modulePixels: 4, scannerReadable: true,
                           distance: 0.7, centerInWorld: nil, reads: 1, firstFrame: 0)
        }
        let record = MeasurementRecord(capture: "box-1", outcome: .failure(.noBox()), units: .millimeters, minConfidence: 0.85,
                                       barcodes: readings)
        return VerificationResult(record: record, truth: table.rows[0], extraColumns: table.extraColumns, toleranceMM: 10,
                                  overlay: nil)
    }

    @Test func theExpectedCodeIsMatched() throws {
        #expect(try Self.result(expected: "PARCEL-1", read: ["PARCEL-1"]).barcodeMatch == true)
        #expect(try Self.result(expected: "PARCEL-1", read: ["PARCEL-2"]).barcodeMatch == false)
        #expect(try Self.result(expected: "PARCEL-1", read: []).barcodeMatch == false)
        #expect(try Self.result(expected: "", read: ["PARCEL-1"]).barcodeMatch == nil, "an empty cell expects nothing")
    }

    @Test func resultsCarryTheMatchAndTheCodes() throws {
        let line = try Self.result(expected: "PARCEL-1", read: ["PARCEL-1"]).jsonLine()
        let json = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(json["barcode_match"] as? Bool == true)
        #expect((json["barcodes"] as? [[String: Any]])?.first?["text"] as? String == "PARCEL-1")
        let parsed = try #require(VerificationResult.parse(line: Substring(line)))
        #expect(parsed.record.barcodes.first?.text == "PARCEL-1")
        #expect(parsed.barcodeMatch == true)
    }
}
