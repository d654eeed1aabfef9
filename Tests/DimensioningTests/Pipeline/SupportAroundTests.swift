import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The surface a box stands on is what is seen beside its foot (`supportAround`). Lengths in
/// metres.
@Suite struct SupportAroundTests {
    /// Tuning seed 2026, scenario 8 on a table (`--on-table`): the room's floor, 0.75 m below,
    /// shows past the table's edge within 10 cm of one corner of the box, a dozen points beside
    /// a side whose ring holds hundreds on the table. Taken as "the floor is seen beside the
    /// box", it made the room's floor the support and the height 737 mm too tall. The floor
    /// stands beside a side only where it is most of what is seen there: the box stands on the
    /// table, its height within 3 mm and within ± U.
    @Test func theRoomsFloorPastATablesEdgeIsNotTheSupport() throws {
        let simulated = ScenarioCatalog.render(index: 8, seed: 2026, onTable: true).capture
        let result = try runPipeline(simulated.capture)
        let error = result.cuboid.height - simulated.truth.height
        #expect(abs(error) <= 0.003, "height \(result.cuboid.height) against \(simulated.truth.height)")
        #expect(abs(error) <= result.uncertainty.expanded[2])
    }
}
