import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The JSON of `boxdim measure --json` is a contract: keys, types and nulls are pinned.
@Suite struct MeasurementRecordTests {
    private func object(_ record: MeasurementRecord) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(record.jsonLine().utf8)) as? [String: Any])
    }

    static let keys: Set<String> = ["schema", "capture", "status", "units", "length", "width", "height", "volume_m3",
                                    "confidence", "min_confidence", "frames", "spread", "pose", "edges", "error",
                                    "input", "barcodes", "barcode_error", "confidence_reasons", "uncertainty", "tolerance",
                                    "sensor_class", "shape_notes"]

    @Test func measuredRecordHasTheStableShape() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let result = try runPipeline(PipelineTest.noisy(box).capture)
        let record = MeasurementRecord(capture: "box", outcome: .success(result), units: .millimeters, minConfidence: 0.85)
        let json = try object(record)
        #expect(Set(json.keys) == Self.keys)
        #expect(json["schema"] as? String == "boxdim.measurement/8")
        let uncertainty = try #require(json["uncertainty"] as? [String: Double])
        #expect(Set(uncertainty.keys) == ["length", "width", "height"])
        #expect(uncertainty.values.allSatisfy { $0 > 0 && $0 <= 10 }, "U in mm within the 10 mm tolerance: \(uncertainty)")
        #expect(json["tolerance"] as? Double == 10, "the default tolerance, in the record's units")
        #expect(json["sensor_class"] as? String == "lidar")
        #expect((json["shape_notes"] as? [String])?.isEmpty == true, "a plain box has no shape notes")
        #expect(abs((json["confidence"] as? Double ?? 0) - MeasurementRecord.round(result.probabilityWithinTolerance, places: 4)) < 1e-9)
        #expect((json["barcodes"] as? [Any])?.isEmpty == true, "no colour stream: no barcodes, not an error")
        #expect(json["barcode_error"] is NSNull)
        #expect(json["input"] is NSNull, "a simulated Stray Scanner capture has no input description")
        #expect(json["status"] as? String == "accepted")
        #expect(json["units"] as? String == "mm")
        let length = try #require(json["length"] as? Double), width = try #require(json["width"] as? Double)
        let height = try #require(json["height"] as? Double), volume = try #require(json["volume_m3"] as? Double)
        #expect(abs(length - 400) < 3 && abs(width - 300) < 3 && abs(height - 250) < 3)
        #expect(abs(volume - length * width * height / 1e9) < 1e-6)
        #expect(json["error"] is NSNull)
        #expect((json["frames"] as? Int) == 20)
        let edges = try #require(json["edges"] as? [[String: Any]])
        #expect(edges.map { $0["side"] as? String } == ["+length", "-length", "+width", "-width"])
        for edge in edges {
            #expect(Set(edge.keys) == ["side", "method", "pixel_footprint_mm", "band_px", "lip_share", "disagreement_mm",
                                       "correction_mm", "crease_reach_mm", "strip_scatter_mm", "band_from_other_sides",
                                       "backed_by_surface"])
            #expect(["side_face", "silhouette", "top_extent", "top_and_base"].contains(edge["method"] as? String ?? ""))
            if edge["method"] as? String == "silhouette" {
                let scatter = try #require(edge["strip_scatter_mm"] as? Double)
                #expect(scatter >= 0 && scatter < 3, "a straight edge's strips agree within a pixel: \(scatter) mm")
            } else {
                #expect(edge["strip_scatter_mm"] is NSNull)
            }
            let footprint = try #require(edge["pixel_footprint_mm"] as? Double)
            #expect(footprint > 0.5 && footprint < 20, "a pixel's footprint at ~1 m is a few millimetres")
            #expect(edge["correction_mm"] as? Double == 0, "no profile, no correction")
            #expect(edge["crease_reach_mm"] is NSNull, "the sample's one-pixel band loses nothing at a crease")
        }
        let pose = try #require(json["pose"] as? [String: [Double]])
        #expect(Set(pose.keys) == ["center_m", "length_axis", "width_axis", "up_axis"])
        let reasons = try #require(json["confidence_reasons"] as? [String])
        #expect(reasons == result.confidenceReasons)
        #expect(reasons.isEmpty, "accepted: every U within the tolerance, nothing to explain: \(reasons)")
    }

    @Test func refusalRecordKeepsEveryKeyWithNulls() throws {
        let record = MeasurementRecord(capture: "x", outcome: .failure(.noBox()), units: .centimeters, minConfidence: 0.85)
        let json = try object(record)
        #expect(Set(json.keys) == Self.keys)
        #expect(json["status"] as? String == "no_measurement")
        #expect(json["length"] is NSNull && json["confidence"] is NSNull && json["edges"] is NSNull)
        #expect(json["confidence_reasons"] is NSNull, "no measurement, nothing to explain")
        let error = try #require(json["error"] as? [String: String])
        #expect(error["code"] == "no_box")
        #expect(error["message"]?.isEmpty == false)
        let unreadable = MeasurementRecord(capture: "y", outcome: .failure(.unreadableCapture(file: "/a/b.png", reason: "0-byte file")),
                                           units: .inches, minConfidence: 0.85)
        #expect(try object(unreadable)["status"] as? String == "unreadable")
    }

    @Test func barcodeRecordHasTheStableShape() throws {
        let reading = BarcodeReading(symbology: .code128, text: "PARCEL-1", face: .top, moduleSize: 0.000987654,
                                     modulePixels: 2.41234, scannerReadable: true, distance: 0.61234,
                                     centerInWorld: SIMD3(0, 0, 0.25), reads: 3, firstFrame: 0)
        let record = MeasurementRecord(capture: "x", outcome: .failure(.noBox()), units: .centimeters, minConfidence: 0.85,
                                       barcodes: [reading])
        let json = try object(record)
        let codes = try #require(json["barcodes"] as? [[String: Any]])
        #expect(codes.count == 1)
        #expect(Set(codes[0].keys) == ["symbology", "text", "face", "module_mm", "module_px", "scanner_readable", "reads",
                                       "distance_m"])
        #expect(codes[0]["symbology"] as? String == "code128")
        #expect(codes[0]["face"] as? String == "top")
        #expect(codes[0]["module_mm"] as? Double == 0.99)
        #expect(codes[0]["module_px"] as? Double == 2.41)
        #expect(codes[0]["distance_m"] as? Double == 0.612)
    }

    @Test func versionTwoRecordsStillDecode() throws {
        let record = MeasurementRecord(capture: "x", outcome: .failure(.noBox()), units: .centimeters, minConfidence: 0.85)
        var json = try object(record)
        json["schema"] = "boxdim.measurement/2"
        json.removeValue(forKey: "barcodes")
        json.removeValue(forKey: "barcode_error")
        json.removeValue(forKey: "confidence_reasons")
        let data = try JSONSerialization.data(withJSONObject: json)
        let decoded = try JSONDecoder().decode(MeasurementRecord.self, from: data)
        #expect(decoded.schema == "boxdim.measurement/2")
        #expect(decoded.barcodes.isEmpty && decoded.barcodeError == nil && decoded.confidenceReasons == nil)
        #expect(decoded.error?.code == "no_box")
    }

    /// A version 4 record's sides have no `crease_reach_mm` (nor version 5's `strip_scatter_mm`):
    /// they decode with them nil.
    @Test func versionFourEdgesStillDecode() throws {
        let edge: [String: Any] = ["side": "+length", "method": "silhouette", "pixel_footprint_mm": 4.2, "band_px": 1.1,
                                   "lip_share": 0, "disagreement_mm": NSNull(), "correction_mm": 0,
                                   "band_from_other_sides": false, "backed_by_surface": false]
        let data = try JSONSerialization.data(withJSONObject: edge)
        let decoded = try JSONDecoder().decode(EdgeRecord.self, from: data)
        #expect(decoded.creaseReachMM == nil && decoded.method == .silhouette && decoded.pixelFootprintMM == 4.2)
        #expect(decoded.stripScatterMM == nil)
        var e = EdgeEstimate(method: .silhouette, pixelFootprint: 0.005, bandPixels: 4.5, disagreement: nil, correction: 0, strips: 10)
        e.creaseReach = 0.0051234
        let written = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(EdgeRecord(side: "+width", estimate: e))) as? [String: Any])
        #expect(written["crease_reach_mm"] as? Double == 5.12)
    }

    /// Version 6: a side placed from top and floor says so, with how far apart they were, and a
    /// silhouette side says how far its strips scatter (mm, 0.01 mm).
    @Test func versionSixEdgesCarryTheBaseLineAndTheStripScatter() throws {
        var unseen = EdgeEstimate(method: .topAndBase, pixelFootprint: 0.003, bandPixels: nil, disagreement: -0.0018, correction: 0, strips: 9)
        unseen.facesCamera = true
        let written = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(EdgeRecord(side: "+width", estimate: unseen))) as? [String: Any])
        #expect(written["method"] as? String == "top_and_base" && written["disagreement_mm"] as? Double == -1.8)
        #expect(written["strip_scatter_mm"] is NSNull)
        var silhouette = EdgeEstimate(method: .silhouette, pixelFootprint: 0.004, bandPixels: 1.3, disagreement: nil, correction: 0, strips: 12)
        silhouette.stripScatter = 0.0183456
        let record = EdgeRecord(side: "-length", estimate: silhouette)
        #expect(record.stripScatterMM == 18.35)
        let back = try JSONDecoder().decode(EdgeRecord.self, from: JSONEncoder().encode(record))
        #expect(back == record)
    }

    @Test func unitsConvertFromMetres() {
        #expect(abs(LengthUnit.inches.fromMeters(0.0254) - 1) < 1e-12)
        #expect(abs(LengthUnit.centimeters.fromMeters(0.4) - 40) < 1e-12)
        #expect(abs(LengthUnit.millimeters.fromMeters(0.4) - 400) < 1e-9)
    }
}
