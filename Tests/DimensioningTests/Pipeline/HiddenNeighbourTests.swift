import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Another parcel in view is a reason to refuse only when it may touch the box out of sight
/// (`occludedNeighbourPoints`): a low box behind a tall one, beyond the tall top's shadow (the
/// floor seen between the two), is not.
@Suite struct HiddenNeighbourTests {
    private let tall = SimulatedBox(center: .zero, length: 0.3, width: 0.25, height: 0.45)

    /// A 50 cm deep, 15 cm high box 60 cm behind a 45 cm tall one, seen from 1.3 m at 55 degrees:
    /// the tall top's shadow reaches about 48 cm along the floor, so the floor shows between the
    /// two in the image, nothing can touch out of sight, and the tall box is measured.
    @Test func aLowBoxBeyondTheShadowIsNoReasonToRefuse() throws {
        let low = SimulatedBox(center: SIMD2(0.15 + 0.6 + 0.25, 0), length: 0.5, width: 0.3, height: 0.15)
        let result = try runPipeline(PipelineTest.clean(tall, distance: 1.3, elevation: 55, azimuth: 180, others: [low]).capture)
        #expect(abs(result.cuboid.length - 0.3) <= 0.005 && abs(result.cuboid.width - 0.25) <= 0.005,
                "\(result.cuboid.length) x \(result.cuboid.width) m")
        #expect(abs(result.cuboid.height - 0.45) <= 0.005, "height \(result.cuboid.height) m")
    }
}
