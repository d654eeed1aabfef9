import Foundation
import Testing
import TestSupport

/// `boxdim accuracy --calibrate`: usage errors, and a small calibrated run that names each
/// model's profile in the report and in the JSON.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct AccuracyCommandTests {
    @Test(arguments: [["--calibrate", "21"], ["--calibrate", "-1"], ["--calibrate", "2", "--profile", "/nonexistent/p.json"]])
    func aBadCalibrationRequestIsAUsageError(arguments: [String]) throws {
        let r = try BoxDimBinary.run(["accuracy", "--count", "2"] + arguments)
        #expect(r.status == 64, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("--calibrate"), "\(r.stderr)")
    }

    /// `--on-pallet` and `--on-table` each set what the scenarios stand on: both together is a
    /// usage error that names them, with or without `--scenes`.
    @Test(arguments: [["--on-pallet", "--on-table"], ["--scenes", "1", "--on-pallet", "--on-table"]])
    func aPalletWithATableIsAUsageError(arguments: [String]) throws {
        let r = try BoxDimBinary.run(["accuracy", "--count", "2"] + arguments)
        #expect(r.status == 64, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("--on-pallet"), "\(r.stderr)")
    }

    /// `--behaviour` is laid over every capture's sensor class: a key that names no setting is a
    /// usage error naming it, and a measuring range that ends before any box (0.1-0.2 m) leaves
    /// every capture refused as out of range, single boxes and the cartons of scenes alike.
    @Test func aBehaviourChangeReachesEveryCapture() throws {
        let bad = try BoxDimBinary.run(["accuracy", "--count", "2", "--behaviour", #"{"rangeMaximal": 0.2}"#])
        #expect(bad.status == 64 && bad.stderr.contains("rangeMaximal"), "\(bad.stdout) \(bad.stderr)")
        let object = try Self.everyCaseRefused(as: "out_of_range", ["--behaviour", #"{"rangeMinimum": 0.1, "rangeMaximum": 0.2}"#])
        // Nothing measured: the error statistics are null, not a JSON the encoder refuses.
        let summary = try #require(object["summary"] as? [String: Any])
        #expect((summary["medianErrorMM"] as? [Any])?.allSatisfy { $0 is NSNull } == true, "\(summary)")
        let scenes = try BoxDimBinary.run(["accuracy", "--scenes", "2", "--repeatability", "0", "--real", "/nonexistent",
                                           "--behaviour", #"{"rangeMinimum": 0.1, "rangeMaximum": 0.2}"#])
        #expect(scenes.status == 0, "\(scenes.stdout) \(scenes.stderr)")
        #expect(scenes.stdout.contains("measured 0,") && scenes.stdout.contains("out_of_range"), "\(scenes.stdout)")
    }

    /// `--pipeline` is laid over the pipeline's settings for every capture: a stage or key that
    /// names no setting is a usage error naming it, so is the sensor's behaviour (--behaviour's),
    /// and a smallest side longer than any box (2 m) leaves every capture refused as too small,
    /// single boxes and the cartons of scenes alike.
    @Test func pipelineSettingsReachEveryCapture() throws {
        let bad = try BoxDimBinary.run(["accuracy", "--count", "2", "--pipeline", #"{"shape": {"minimumFilling": 0}}"#])
        #expect(bad.status == 64 && bad.stderr.contains("minimumFilling"), "\(bad.stdout) \(bad.stderr)")
        let behaviour = try BoxDimBinary.run(["accuracy", "--count", "2", "--pipeline", #"{"sensorBehaviour": {"rangeMaximum": 0.2}}"#])
        #expect(behaviour.status == 64 && behaviour.stderr.contains("--behaviour"), "\(behaviour.stdout) \(behaviour.stderr)")
        _ = try Self.everyCaseRefused(as: "box_too_small", ["--pipeline", #"{"envelope": {"minimumSide": 2.0}}"#])
        let scenes = try BoxDimBinary.run(["accuracy", "--scenes", "2", "--repeatability", "0", "--real", "/nonexistent",
                                           "--pipeline", #"{"envelope": {"minimumSide": 2.0}}"#])
        #expect(scenes.status == 0, "\(scenes.stdout) \(scenes.stderr)")
        #expect(scenes.stdout.contains("measured 0,"), "\(scenes.stdout)")
    }

    /// Runs `boxdim accuracy` on three scenarios with `changes` and expects each refused with
    /// error code `code`; returns the run's JSON for further checks.
    static func everyCaseRefused(as code: String, _ changes: [String]) throws -> [String: Any] {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-acc-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let r = try BoxDimBinary.run(["accuracy", "--count", "3", "--repeatability", "0", "--real", "/nonexistent"]
                                     + changes + ["--json", json.path])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let cases = try #require(object["cases"] as? [[String: Any]])
        #expect(cases.count == 3)
        #expect(cases.allSatisfy { $0["measured"] == nil && $0["errorCode"] as? String == code }, "\(cases.map { $0["errorCode"] ?? "measured" })")
        return object
    }

    @Test func aCalibratedRunNamesEachModelsProfile() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-acc-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let r = try BoxDimBinary.run(["accuracy", "--split", "fixed", "--frames", "1", "--count", "4", "--calibrate", "1",
                                      "--repeatability", "0", "--real", "/nonexistent", "--json", json.path])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("each sensor model calibrated on 1 reference capture(s)"), "\(r.stdout)")
        #expect(r.stdout.contains("profile tof-512x424:") && r.stdout.contains("profile stereo-640x480:"), "\(r.stdout)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let calibrations = try #require(object["calibrations"] as? [[String: Any]])
        #expect(calibrations.compactMap { $0["sensor"] as? String } == ["tof-512x424", "stereo-640x480"])
        // One reference each: a profile, pooled as it is (no scatter can be seen in one).
        for c in calibrations {
            let profile = try #require(c["profile"] as? [String: Any], "\(c)")
            #expect(c["references"] as? Int == 1)
            #expect(profile["edge_scatter_px"] == nil)
        }
        let stereo = try #require(calibrations[1]["profile"] as? [String: Any])
        let offset = try #require(stereo["edge_offset_px"] as? Double)
        #expect((1...3.5).contains(offset), "the stereo camera spreads its top about 2 px: \(offset)")
    }
}

/// `boxdim accuracy --sides`: the side-error table in the report, and its schema in the JSON.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct AccuracySidesCommandTests {
    @Test func theSideTableNamesEachMemberAndMethod() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-sides-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let r = try BoxDimBinary.run(["accuracy", "--split", "tuning", "--count", "3", "--sides", "--repeatability", "0",
                                      "--real", "/nonexistent", "--json", json.path])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("| sensor | side located by | sides | median signed (mm) | p10 / p90 signed (mm) |"), "\(r.stdout)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let bySide = try #require(object["bySide"] as? [String: Any])
        let rows = try #require(bySide["rows"] as? [[String: Any]])
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(Set(row.keys) == ["sensor", "method", "sides", "medianSignedErrorMM", "p10SignedErrorMM", "p90SignedErrorMM"], "\(row)")
        }
        // Every side of a measured positive is counted once.
        let cases = try #require(object["cases"] as? [[String: Any]])
        let measured = cases.filter { ($0["sideErrors"] as? [Double])?.count == 4 }
        #expect(!measured.isEmpty)
        #expect(rows.compactMap { $0["sides"] as? Int }.reduce(0, +) == 4 * measured.count)
        for c in measured {
            let errors = try #require(c["sideErrors"] as? [Double])
            #expect(errors.allSatisfy { abs($0) < 0.05 }, "\(c["name"] ?? "?"): \(errors) m")
            // Each side names its evidence and carries its terms; a dimension's standard
            // uncertainty is at least the root sum of squares of its two sides' own terms (the
            // shared ones add linearly, the depth scale on top).
            let evidence = try #require(c["sideEvidence"] as? [String])
            let sideTerms = try #require(c["sideTerms"] as? [[String: Double]])
            let u = try #require(c["uncertainty"] as? [Double])
            #expect(evidence.count == 4 && sideTerms.count == 4)
            #expect(evidence.allSatisfy { !$0.isEmpty && !$0.contains("(") }, "\(evidence)")
            for dim in 0..<2 {
                let own = sideTerms[2 * dim...2 * dim + 1].flatMap { terms in
                    terms.filter { !["edge_bias", "fattening", "profile"].contains($0.key) }.values
                }
                let floor = own.reduce(0) { $0 + $1 * $1 }.squareRoot()
                #expect(floor > 0 && floor <= u[dim] * (1 + 1e-9), "\(c["name"] ?? "?") dimension \(dim): \(floor) > \(u[dim]) m")
            }
        }
    }
}
