import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

@Suite struct SimulationSeededGeneratorTests {
    @Test func sameSeedSameSequence() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42), c = SeededGenerator(seed: 43)
        let xs = (0..<100).map { _ in a.next() }
        #expect(xs == (0..<100).map { _ in b.next() })
        #expect(xs != (0..<100).map { _ in c.next() })
    }

    @Test func streamsDiffer() {
        var a = SeededGenerator(seed: 7, stream: 1), b = SeededGenerator(seed: 7, stream: 2)
        #expect((0..<10).map { _ in a.next() } != (0..<10).map { _ in b.next() })
    }

    /// Uniform values lie in [0, 1); 100 000 standard normals have mean within 0.02 of 0 and
    /// variance within 3 % of 1.
    @Test func distributions() {
        var g = SeededGenerator(seed: 2024)
        for _ in 0..<10_000 {
            let u = g.unit()
            #expect(u >= 0 && u < 1)
        }
        let xs = (0..<100_000).map { _ in g.gaussian() }
        #expect(abs(SimTest.mean(xs)) < 0.02)
        let sd = SimTest.standardDeviation(xs)
        #expect(abs(sd * sd - 1) < 0.03)
    }
}

extension SimulationSeededGeneratorTests {
    /// Integers stay in range and hit every value of a small range.
    @Test func integersInRange() {
        var g = SeededGenerator(seed: 3)
        var seen = Set<Int>()
        for _ in 0..<2_000 {
            let x = g.integer(in: -2...4)
            #expect((-2...4).contains(x))
            seen.insert(x)
        }
        #expect(seen.count == 7)
        #expect(g.integer(in: 5...5) == 5)
    }
}
