import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningVerification
import TestSupport

/// `verify` on scenes: ground-truth rows that name cartons by where they stand
/// (`x_mm,y_mm,z_mm`), matched to the cartons `measure --all` finds, one result per carton.
@Suite struct SceneVerificationTests {
    /// Three cartons' tops 1 m from the camera, the floor's normal along −z.
    let scene: SceneRecord = {
        let box = { (index: Int, x: Double, y: Double) in
            """
            {"index":\(index),"position":[0,0],"top_center_m":[\(x),\(y),1.0],"top_level":100,"method":null,"support_level":null,"seams":null,
             "measurement":{"schema":"boxdim.measurement/7","capture":"s#\(index)","status":"no_measurement","units":"mm","min_confidence":0.85,
             "error":{"code":"no_box","message":"x"}}}
            """
        }
        let json = """
            {"schema":"boxdim.scene/1","capture":"s","units":"mm","status":"measured","error":null,"support_levels":[],
             "up_axis":[0,0,-1],"boxes":[\(box(1, 0, 0)),\(box(2, 0.2, 0)),\(box(3, 0.5, 0.3))]}
            """
        return try! JSONDecoder().decode(SceneRecord.self, from: Data(json.utf8))
    }()

    func row(_ line: Int, _ x: Double, _ y: Double, _ z: Double, width: Double = 150) -> GroundTruthRow {
        GroundTruthRow(capture: "s", line: line, lengthMM: 250, widthMM: width, heightMM: 100, positionMM: SIMD3(x, y, z))
    }

    /// Nearest across the floor (the height along the normal does not count), within half the
    /// row's width, each carton once.
    @Test func rowsMeetTheCartonNearestAcrossTheFloorWithinHalfTheirWidth() {
        let match = SceneCartonMatch(rows: [row(2, 10, 5, 950), row(3, 190, 0, 800), row(4, 600, 0, 1000)], scene: scene)
        #expect(match.pairs.map(\.index) == [1, 2, nil])
        #expect(abs((match.pairs[0].offsetMM ?? 0) - 11.2) < 0.05)
        #expect(match.pairs[1].offsetMM == 10)
        #expect(match.pairs[0].reachMM == 75)
        #expect(match.unnamed == [3])
        // Row 5 stands on carton 1 exactly: nearest first, so it takes carton 1 and row 2 none.
        let swapped = SceneCartonMatch(rows: [row(2, 10, 5, 950), row(5, 0, 0, 1000)], scene: scene)
        #expect(swapped.pairs.map(\.index) == [nil, 1])
        // A narrower carton reaches less far: 10 mm off is beyond a 16-mm-wide row's reach.
        #expect(SceneCartonMatch(rows: [row(2, 10, 5, 1000, width: 16)], scene: scene).pairs[0].index == nil)
    }

    /// The vendored pallet dataset (`Tests/Fixtures/real/neura-pallet/ground_truth.csv`: the
    /// six front small cartons and the large one, in both frames) verifies carton by carton:
    /// every row finds its carton within a few centimetres, each is measured, none is accepted
    /// (they stand among others), and the cartons no row names are listed as unmatched.
    @Test func thePalletVerifiesCartonByCarton() throws {
        guard let dataset = RealFixtures.require("neura-pallet") else { return }
        let out = TestPaths.temporaryFolder("pallet-verify")
        defer { try? FileManager.default.removeItem(at: out) }
        var options = VerificationOptions()
        options.jobs = 2
        let outcome = try VerificationRun.run(dataset: dataset, out: out, options: options)
        let results = try ResultsJournal.read(out.appendingPathComponent(VerificationRun.resultsFile))
        let named = results.filter { $0.carton?.line != nil }
        #expect(named.count == 14)
        #expect(results.allSatisfy { $0.carton != nil })
        for r in named {
            let carton = try #require(r.carton)
            #expect(carton.index != nil, "line \(carton.line ?? 0): no carton found")
            #expect((carton.offsetMM ?? .infinity) < 30, "line \(carton.line ?? 0): \(carton.offsetMM ?? -1) mm off")
            #expect(r.record.capture == "\(carton.scene)#\(carton.index ?? 0)")
            #expect(r.record.status == .lowConfidence)
            // The width is where the stereo camera's fattening shows least.
            #expect(abs(r.errors?.width ?? .infinity) <= 15, "\(r.record.capture): width error \(r.errors?.width ?? .nan) mm")
        }
        // The six small cartons of each frame: their lengths (the four beside the large carton
        // placed at their lids' edges, not where the depth ran on into the gap) and heights (on
        // the lower layer seen beside all of them) within 12 mm, and the truth inside ± U for
        // all but at most one of their 36 dimensions (a 95 % interval).
        let small = named.filter { ($0.truth?.lengthMM ?? 0) < 300 }
        #expect(small.count == 12)
        for r in small {
            #expect(abs(r.errors?.length ?? .infinity) <= 12, "\(r.record.capture): length error \(r.errors?.length ?? .nan) mm")
            #expect(abs(r.errors?.height ?? .infinity) <= 12, "\(r.record.capture): height error \(r.errors?.height ?? .nan) mm")
        }
        let outside = small.flatMap { $0.withinUncertainty ?? [false, false, false] }.filter { !$0 }.count
        #expect(outside <= 1, "\(outside) of 36 dimensions outside ± U")
        let unnamed = results.filter { $0.carton?.line == nil }
        #expect(!unnamed.isEmpty && unnamed.allSatisfy { $0.verdict == .unmatched && $0.truth == nil })
        #expect(outcome.summary.total == results.count)
        #expect(outcome.summary.passed)
        #expect(outcome.summary.accepted == 0)
        // Ordered by frame, then by the rows' lines, then the unnamed cartons by index.
        #expect(results.map(\.capture) == results.sorted(by: VerificationResult.runOrder).map(\.capture))
        let csv = try String(contentsOf: out.appendingPathComponent(VerificationRun.csvFile), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == results.count + 1)
    }

    /// A row where no carton stands is refused with that reason; a scene that cannot be read
    /// gives each of its rows the reading error, naming the file; a second run with `resume`
    /// measures nothing again and writes the same outputs.
    @Test func aRowWithNoCartonAndAnUnreadableSceneAreReportedAndResumeKeepsThem() throws {
        guard let frame = RealFixtures.require("neura-pallet/frame-1") else { return }
        let dataset = TestPaths.temporaryFolder("scene-dataset")
        let out = dataset.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: dataset) }
        try FileManager.default.copyItem(at: frame, to: dataset.appendingPathComponent("frame-1"))
        try FileManager.default.createDirectory(at: dataset.appendingPathComponent("broken"), withIntermediateDirectories: true)
        try """
            capture,length_mm,width_mm,height_mm,x_mm,y_mm,z_mm
            frame-1,255,155,100,180,455,1570
            frame-1,255,155,100,900,-600,1900
            broken,255,155,100,0,0,1000
            broken,255,155,100,300,0,1000
            """.write(to: dataset.appendingPathComponent("ground_truth.csv"), atomically: true, encoding: .utf8)
        var options = VerificationOptions()
        options.drawOverlays = false
        _ = try VerificationRun.run(dataset: dataset, out: out, options: options)
        let results = try ResultsJournal.read(out.appendingPathComponent(VerificationRun.resultsFile))
        let byLine = Dictionary(results.compactMap { r in r.carton?.line.map { ($0, r) } }, uniquingKeysWith: { a, _ in a })
        #expect(byLine[2]?.record.length != nil)
        let nowhere = try #require(byLine[3])
        #expect(nowhere.verdict == .refused && nowhere.carton?.index == nil)
        #expect(nowhere.record.error?.code == VerificationRun.Judge.noCartonCode)
        #expect(nowhere.record.capture.hasSuffix("frame-1#L3"))
        for line in [4, 5] {
            let r = try #require(byLine[line])
            #expect(r.verdict == .unreadable)
            #expect(r.record.error?.message.contains("broken") == true, "\(r.record.error?.message ?? "")")
            #expect(r.record.capture == "broken#L\(line)")
        }
        let first = VerificationFixtures.outputs(out)
        options.resume = true
        let again = try VerificationRun.run(dataset: dataset, out: out, options: options)
        #expect(again.measuredNow == 0)
        #expect(VerificationFixtures.outputs(out) == first)
        // Another gate re-measures the scene (a carton's acceptance weighs what its record does not keep).
        options.minConfidence = 0.5
        #expect(try VerificationRun.run(dataset: dataset, out: out, options: options).measuredNow == 2)
    }
}
