import Foundation
import Testing
@testable import DimensioningBenchmarks
import DimensioningSimulation

/// The scene benchmark behind `boxdim accuracy --scenes`: its scenes are what it says, and a few
/// of them are measured without a wrong acceptance.
@Suite struct SceneBenchmarkTests {
    @Test func scenesAlternateBoxesApartAndAStep() {
        let (apart, _) = SceneBenchmark.scene(0, seed: 5)
        #expect(apart.allBoxes.count == 3)
        // Footprints of neighbours 8 cm or more apart along the row.
        let row = apart.allBoxes.sorted { $0.center.x < $1.center.x }
        for (a, b) in zip(row, row.dropFirst()) {
            let halfA = (abs(cos(a.yaw)) * a.length + abs(sin(a.yaw)) * a.width) / 2
            let halfB = (abs(cos(b.yaw)) * b.length + abs(sin(b.yaw)) * b.width) / 2
            #expect(b.center.x - a.center.x - halfA - halfB >= 0.08 - 1e-9)
        }
        let (step, _) = SceneBenchmark.scene(1, seed: 5)
        #expect(step.allBoxes.count == 2)
        let boxes = step.allBoxes
        #expect(abs(boxes[1].center.x - boxes[0].center.x - (boxes[0].length + boxes[1].length) / 2) < 1e-9, "pressed together")
        #expect(boxes[0].height - boxes[1].height >= 0.06 - 1e-9 || boxes[1].height == 0.08)
    }

    @Test func aFewScenesAreMeasuredWithoutAWrongAcceptance() {
        let report = SceneBenchmark.run(count: 4, seed: 5)
        #expect(report.scenes == 4 && report.boxes == 10)
        #expect(report.matched >= 4, "\(report.table)")
        #expect(report.acceptedBeyondTolerance == 0 && report.acceptedUnmatched == 0, "\(report.table)")
        #expect(report.withinU.allSatisfy { $0 <= report.matched })
    }
}
