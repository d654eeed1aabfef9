import Testing
@testable import Dimensioning
import DimensioningSimulation

/// A side whose own gap is no band (`SideEvidence.borrowedBand`): the lid of a lower neighbour,
/// or another surface close past it, starts where the band would end. It is placed half the
/// other sides' band past its last top ray; the edge lies within that band either side, and at
/// least half a pixel (where the last ray fell against the edge). Lengths in metres, bands in
/// pixels.
@Suite struct BorrowedBandTests {
    private func borrowed(band: Double, footprint: Double) throws -> Double {
        let evidence = SideEvidence.borrowedBand(bandPixels: band, gapPixels: 7, scatter: nil, strips: 0)
        let terms = evidence.terms(footprint: footprint, spacing: 0.004, priors: SensorClass.lidar.priors)
        return try #require(terms.first { $0.name == .borrowed }).standard
    }

    @Test func theBorrowedBandEitherSideAndAtLeastHalfAPixel() throws {
        let root3 = 3.0.squareRoot()
        #expect(abs(try borrowed(band: 0.64, footprint: 0.008) - 0.64 * 0.008 / root3) < 1e-12)
        #expect(abs(try borrowed(band: 0.3, footprint: 0.008) - 0.5 * 0.008 / root3) < 1e-12, "half a pixel at least")
        #expect(abs(try borrowed(band: 7, footprint: 0.005) - 7 * 0.005 / root3) < 1e-12, "a wide band: the band")
    }
}
