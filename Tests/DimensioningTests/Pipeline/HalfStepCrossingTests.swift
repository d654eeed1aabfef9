import Testing
@testable import Dimensioning

/// `halfStepCrossing`: where a strip's depth profile passes half the step to the surface its
/// band ends on. Positions outward in metres with the true edge at 0 and a 7-mm footprint;
/// drops in metres below the top.
@Suite struct HalfStepCrossingTests {
    private let footprint = 0.007

    /// A blur that ramps the depth linearly over three pixels either side of the edge (as a
    /// smoothing filter does), a 0.22-m step to the floor, pixel centres at ±0.5, ±1.5, ±2.5 and
    /// ±3.5 px. The rays at −3.5, −0.5 and +1.5 px returned nothing, so the band's middle
    /// (between the last sample on the top, −4.5 px, and the first on the floor, +3.5 px) lies
    /// half a pixel in; the crossing interpolates between −1.5 and +0.5 px.
    @Test func aLinearRampIsCrossedAtTheEdgeWhereRaysAreMissing() throws {
        let ramp = { (pixels: Double) in 0.22 * min(1, max(0, 0.5 + pixels / 7)) }
        let pixels: [Double] = [-5.5, -4.5, -2.5, -1.5, 0.5, 2.5, 3.5, 4.5]
        let profile = pixels.map { (u: $0 * footprint, drop: ramp($0)) }
        let crossing = try #require(halfStepCrossing(profile, step: 0.22, footprint: footprint))
        #expect(abs(crossing) < 0.02 * footprint, "at the edge, within 2 % of a pixel: \(crossing / footprint) px")
        let bandMiddle = (-4.5 + 3.5) / 2 * footprint
        #expect(abs(bandMiddle) > 0.4 * footprint, "the band's middle is off by half a pixel")
    }

    /// Several frames' rays per pixel, with a few millimetres of noise: each pixel's depth is its
    /// samples' median, and the crossing stays within a tenth of a pixel of the edge.
    @Test func framesOfOnePixelAreTakenByTheirMedian() throws {
        let noise: [Double] = [-0.004, 0.001, 0.003]
        var profile: [(u: Double, drop: Double)] = []
        for pixel in [-3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5] {
            for (k, n) in noise.enumerated() {
                let u = (pixel + Double(k - 1) * 0.1) * footprint
                profile.append((u, 0.3 * min(1, max(0, 0.5 + pixel / 6)) + n))
            }
        }
        let crossing = try #require(halfStepCrossing(profile, step: 0.3, footprint: footprint))
        #expect(abs(crossing) < 0.1 * footprint, "\(crossing / footprint) px")
    }

    /// Nothing came back inside the band (a vendor filter invalidated it): the crossing is the
    /// middle of the gap between the top's last sample and the floor's first.
    @Test func anEmptyBandIsCrossedInItsMiddle() throws {
        let profile: [(u: Double, drop: Double)] = [(-0.03, 0.001), (-0.02, 0), (0.01, 0.2), (0.02, 0.2)]
        let crossing = try #require(halfStepCrossing(profile, step: 0.2, footprint: footprint))
        #expect(abs(crossing - (-0.005)) < 1e-9)
    }

    /// Samples on one side of half the step only, or no step: no crossing.
    @Test func withoutBothSidesThereIsNoCrossing() {
        let top: [(u: Double, drop: Double)] = [(-0.02, 0), (-0.01, 0.01), (0, 0.05)]
        #expect(halfStepCrossing(top, step: 0.2, footprint: footprint) == nil)
        #expect(halfStepCrossing(top, step: 0, footprint: footprint) == nil)
    }

    /// A side takes the strips' crossings when they agree better than the gaps' middles (a
    /// blur's ramp), the middles when the crossings scatter more (flying pixels' random depths),
    /// and the middles on a tie or when the counts differ.
    @Test func theSteadierStripsPlaceTheSide() {
        let middles = [0.010, 0.013, 0.007, 0.012, 0.008, 0.011]
        let steady = [0.0100, 0.0102, 0.0099, 0.0101, 0.0100, 0.0098]
        let scattered = [0.004, 0.016, 0.010, 0.002, 0.019, 0.009]
        #expect(steadierStrips(gapMiddles: middles, crossings: steady) == steady)
        #expect(steadierStrips(gapMiddles: middles, crossings: scattered) == middles)
        #expect(steadierStrips(gapMiddles: middles, crossings: middles) == middles)
        #expect(steadierStrips(gapMiddles: middles, crossings: Array(steady.prefix(3))) == middles)
    }
}
