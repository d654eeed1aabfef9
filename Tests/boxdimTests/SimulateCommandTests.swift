import Foundation
import Testing
import TestSupport

/// `boxdim simulate`: labelled datasets of simulated captures.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct SimulateCommandTests {
    /// This test's outputs, removed when it ends.
    let scratch = ScratchFolder("simulate")

    /// `--on-pallet` stands every scenario on a pallet's deck, the room's floor 144 mm below: the
    /// first capture of seed 2026 (a 685.6 x 524.5 x 280.2 mm box) is measured on the deck, each
    /// dimension within 5 mm of its truth (the room's floor would make it 144 mm too tall).
    @Test func aBoxOnAPalletIsWrittenAndMeasuredOnTheDeck() throws {
        let record = try simulateAndMeasureTheFirst(into: "pallet", flag: "--on-pallet")
        let truth = ["length": 685.6, "width": 524.5, "height": 280.2]
        for (name, value) in truth {
            let measured = try #require(record[name] as? Double, "no \(name) in \(record)")
            #expect(abs(measured - value) <= 5, "\(name): \(measured) mm against \(value) mm")
        }
    }

    /// `--leaning-lids` gives the box a flat lid leaning along its length (seed 2026's first: 16.4 mm
    /// from end to end), the truth its enclosing cuboid: the measurement says the lid leans, and
    /// the height's truth lies within its stated U.
    @Test func aLeaningLidIsWrittenAndMeasuredAsOne() throws {
        let record = try simulateAndMeasureTheFirst(into: "lean", flag: "--leaning-lids")
        let notes = record["shape_notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("the lid leans") }, "\(notes)")
        let height = try #require(record["height"] as? Double, "no height in \(record)")
        let u = try #require((record["uncertainty"] as? [String: Any])?["height"] as? Double, "no height U in \(record)")
        #expect(abs(height - 280.2) <= u, "height \(height) ± \(u) mm against 280.2 mm")
    }

    /// Writes seed 2026's first capture (10 frames) with `flag` into the scratch folder `name`, and
    /// returns `measure --json --units mm --min-confidence 0`'s record of it.
    private func simulateAndMeasureTheFirst(into name: String, flag: String) throws -> [String: Any] {
        let out = scratch.path(name)
        let r = try BoxDimBinary.run(["simulate", out.path, "--count", "1", "--frames", "10", flag, "--quiet"])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let m = try BoxDimBinary.run(["measure", out.appendingPathComponent("capture-00000-box").path, "--json",
                                      "--units", "mm", "--min-confidence", "0"])
        return try #require(JSONSerialization.jsonObject(with: Data(m.stdout.utf8)) as? [String: Any], "\(m.stdout) \(m.stderr)")
    }

    /// A pallet and a table each set what the scenarios stand on: both is a usage error.
    @Test func aPalletAndATableIsAUsageError() throws {
        let r = try BoxDimBinary.run(["simulate", scratch.path("both").path, "--count", "1", "--on-pallet", "--on-table"])
        #expect(r.status == 64, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("--on-pallet"), "\(r.stderr)")
    }
}
