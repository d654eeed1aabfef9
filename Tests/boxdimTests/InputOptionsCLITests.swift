import Foundation
import Testing
import TestSupport
@testable import Dimensioning

/// `boxdim measure` on the new inputs: the folder of PCL frames, the NEURA depth folder, and
/// `--axes`/`--input-units` (parsed, validated, and reported in `input`).
@Suite struct InputOptionsCLITests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    @Test func theCartonFolderMeasuresAndSaysHowItWasRead() throws {
        try #require(BoxDimBinary.url != nil, "boxdim is not built (swift build --build-tests)")
        guard let folder = RealFixtures.require("pcl-box-on-carpet") else { return }
        let outcome = try BoxDimBinary.run(["measure", folder.path, "--json", "--units", "mm"])
        let record = try json(outcome.stdout)
        #expect(record["schema"] as? String == "boxdim.measurement/8")
        #expect([0, 3].contains(outcome.status), "exit \(outcome.status): \(outcome.stderr)")
        #expect(record["frames"] as? Int == 3)
        let input = try #require(record["input"] as? [String: Any])
        #expect(input["convention"] as? String == "opencv" && input["units"] as? String == "m")
        #expect((input["dropped_frames"] as? [String]) == [])
        let length = try #require(record["length"] as? Double)
        #expect((230...270).contains(length))
    }

    @Test func thePalletIsRefusedAsSeveralBoxes() throws {
        try #require(BoxDimBinary.url != nil, "boxdim is not built (swift build --build-tests)")
        guard let folder = RealFixtures.require("neura-pallet/frame-1") else { return }
        let outcome = try BoxDimBinary.run(["measure", folder.path, "--json"])
        #expect(outcome.status == 4)
        let error = try #require(try json(outcome.stdout)["error"] as? [String: Any])
        #expect(error["code"] as? String == "several_boxes", "\(error)")
    }

    @Test func axesAndUnitsAreValidatedAndObeyed() throws {
        try #require(BoxDimBinary.url != nil, "boxdim is not built (swift build --build-tests)")
        guard let file = RealFixtures.pcdFiles("pcl-box-on-carpet").first else { return }
        let bad = try BoxDimBinary.run(["measure", file.path, "--axes", "sideways"])
        #expect(bad.status == 64 && bad.stderr.contains("--axes"))
        let badUnits = try BoxDimBinary.run(["measure", file.path, "--input-units", "furlongs"])
        #expect(badUnits.status == 64 && badUnits.stderr.contains("--input-units"))
        let forced = try BoxDimBinary.run(["measure", file.path, "--json", "--axes", "opencv", "--input-units", "m"])
        let input = try #require(try json(forced.stdout)["input"] as? [String: Any])
        #expect(input["convention"] as? String == "opencv" && input["convention_detected"] as? Bool == false
                && input["units_detected"] as? Bool == false)
        // Read as millimetres, the carton frame is 1000 times too small: a true refusal naming the
        // depth range, not a measurement.
        let wrong = try BoxDimBinary.run(["measure", file.path, "--json", "--input-units", "mm"])
        #expect(wrong.status == 4)
        let error = try #require(try json(wrong.stdout)["error"] as? [String: Any])
        #expect(error["code"] as? String == "no_depth" && (error["message"] as? String ?? "").contains("--input-units"), "\(error)")
    }
}
