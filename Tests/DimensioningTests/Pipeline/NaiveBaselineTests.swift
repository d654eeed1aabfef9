import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The naive top-plane rectangle (`naiveTopRectangle`), the baseline every stage must beat.
@Suite struct NaiveBaselineTests {
    @Test func aCleanBoxIsItsTopsRectangle() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let size = try naiveTopRectangle(PipelineTest.clean(box, frames: 3).capture)
        // Without an edge model the top's outermost rays fall short of the edge by up to a
        // pixel's footprint (a few millimetres at 0.8 m) on each side, never beyond it.
        #expect(size[0] <= 0.4005 && size[0] > 0.385, "length \(size[0])")
        #expect(size[1] <= 0.3005 && size[1] > 0.285, "width \(size[1])")
        #expect(abs(size[2] - 0.25) < 0.002, "height \(size[2])")
    }

    @Test func nothingOnTheFloorIsNoBox() {
        #expect(throws: DimensioningError.self) { try naiveTopRectangle(PipelineTest.clean(nil).capture) }
    }
}
