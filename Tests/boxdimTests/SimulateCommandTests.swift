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
        let out = scratch.path("pallet")
        let r = try BoxDimBinary.run(["simulate", out.path, "--count", "1", "--frames", "10", "--on-pallet", "--quiet"])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let m = try BoxDimBinary.run(["measure", out.appendingPathComponent("capture-00000-box").path, "--json",
                                      "--units", "mm", "--min-confidence", "0"])
        let record = try #require(JSONSerialization.jsonObject(with: Data(m.stdout.utf8)) as? [String: Any], "\(m.stdout) \(m.stderr)")
        let truth = ["length": 685.6, "width": 524.5, "height": 280.2]
        for (name, value) in truth {
            let measured = try #require(record[name] as? Double, "no \(name) in \(m.stdout)")
            #expect(abs(measured - value) <= 5, "\(name): \(measured) mm against \(value) mm")
        }
    }

    /// `--leaning-lids` gives the box a flat lid leaning along its length (seed 2026's first: 16.4 mm
    /// from end to end), the truth its enclosing cuboid: the measurement says the lid leans, and
    /// the height's truth lies within its stated U.
    @Test func aLeaningLidIsWrittenAndMeasuredAsOne() throws {
        let out = scratch.path("lean")
        let r = try BoxDimBinary.run(["simulate", out.path, "--count", "1", "--frames", "10", "--leaning-lids", "--quiet"])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let m = try BoxDimBinary.run(["measure", out.appendingPathComponent("capture-00000-box").path, "--json",
                                      "--units", "mm", "--min-confidence", "0"])
        let record = try #require(JSONSerialization.jsonObject(with: Data(m.stdout.utf8)) as? [String: Any], "\(m.stdout) \(m.stderr)")
        let notes = record["shape_notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("the lid leans") }, "\(notes)")
        let height = try #require(record["height"] as? Double, "no height in \(m.stdout)")
        let u = try #require((record["uncertainty"] as? [String: Any])?["height"] as? Double, "no height U in \(m.stdout)")
        #expect(abs(height - 280.2) <= u, "height \(height) ± \(u) mm against 280.2 mm")
    }

    /// A pallet and a table each set what the scenarios stand on: both is a usage error.
    @Test func aPalletAndATableIsAUsageError() throws {
        let r = try BoxDimBinary.run(["simulate", scratch.path("both").path, "--count", "1", "--on-pallet", "--on-table"])
        #expect(r.status == 64, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("--on-pallet"), "\(r.stderr)")
    }
}
