import Testing
@testable import Dimensioning

/// Past a table's edge, a blurring sensor's mixed pixels run from the top's depth down to the
/// room's floor, and one per frame crosses the table's level (`supportCrossings`). Drops in
/// metres below the top, positions outward in metres; a 10-mm footprint.
@Suite struct SupportCrossingsTests {
    private func cut(_ u: Double, _ drop: Double, top: Bool = false) -> StripCut {
        (u, 0, drop, top, false, false)
    }

    /// The blur's steps (drops 0.15, 0.45, 0.75, 1.05 m) under a 0.44-m-tall box on a table with
    /// the floor 1.19 m down: the 0.45-m step lies within the table's level, but the 0.75-m step
    /// just outward of it is below the table: a crossing. The floor past them is no support.
    @Test func aMixedPixelAtTheTablesLevelIsACrossing() {
        let strip = [cut(0, 0, top: true), cut(0.007, 0.15), cut(0.02, 0.45), cut(0.025, 0.452), cut(0.031, 0.75),
                     cut(0.033, 0.746), cut(0.046, 1.05), cut(0.06, 1.2), cut(0.065, 1.2)]
        let marked = supportCrossings(strip, supportLevel: 0.43...0.455, within: 0.015)
        #expect(marked[2].between && marked[3].between)
        #expect(marked.enumerated().allSatisfy { $0.offset == 2 || $0.offset == 3 || $0.element.between == strip[$0.offset].between })
    }

    /// The table itself past the box: more of it just outward, nothing below it there, until its
    /// own edge; only its last samples, within the window of the floor, read as crossings.
    @Test func theTableItselfIsNoCrossing() {
        var strip = [cut(0, 0, top: true), cut(0.01, 0.2)]
        strip += stride(from: 0.02, through: 0.1, by: 0.004).map { cut($0, 0.441) }
        strip += [cut(0.105, 1.2), cut(0.11, 1.2), cut(0.115, 1.19)]
        let marked = supportCrossings(strip, supportLevel: 0.43...0.455, within: 0.015)
        let table = marked.filter { abs($0.drop - 0.441) < 0.001 }
        #expect(table.filter { $0.u < 0.094 }.allSatisfy { !$0.between }, "the table up to 1.5 footprints from its own edge")
        #expect(table.filter { $0.u > 0.094 }.allSatisfy { $0.between }, "two floor samples within 15 mm outward")
        #expect(!table.first!.between, "the table's first sample past the band ends the gap")
    }
}
