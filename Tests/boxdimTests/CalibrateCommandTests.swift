import Foundation
import Testing
@testable import Dimensioning
import TestSupport

/// `boxdim calibrate` and `--profile`: a reference box of known size gives a profile file that
/// measure, verify and replay take; bad input gets a usage error or names the file.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct CalibrateCommandTests {
    var sample: URL { TestPaths.repository.appendingPathComponent("Samples/captures/box-400x300x250") }
    /// This test's outputs, removed when it ends.
    let scratch = ScratchFolder("cal")
    func temporary(_ name: String) -> URL { scratch.path(name) }

    /// The sample's simulated iPhone sees its edges without bias: the calibrated offset is a
    /// fraction of a pixel, the depth scale within 0.5 % of 1, and measuring with the profile
    /// stays within 3 mm of the truth.
    @Test func calibratingOnTheSampleWritesAUsableProfile() throws {
        let profile = temporary("profile.json")
        let r = try BoxDimBinary.run(["calibrate", sample.path, "--known", "400x300x250", "--out", profile.path])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("edge offset:") && r.stdout.contains("depth scale:"))
        let written = try SensorProfile.read(profile)
        #expect(abs(written.edgeOffsetPixels) < 1, "offset \(written.edgeOffsetPixels)")
        #expect(abs(written.depthScale - 1) < 0.005)
        #expect(written.knownSizeMM == [400, 300, 250])
        let m = try BoxDimBinary.run(["measure", sample.path, "--json", "--units", "mm", "--profile", profile.path])
        #expect(m.status == 0, "\(m.stdout) \(m.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(m.stdout.utf8)) as? [String: Any])
        let length = try #require(json["length"] as? Double), width = try #require(json["width"] as? Double)
        #expect(abs(length - 400) <= 3 && abs(width - 300) <= 3, "\(length) x \(width)")
    }

    @Test(arguments: ["400x300", "400x-300x250", "axbxc", "400x300x250x1"])
    func aMalformedSizeIsAUsageError(known: String) throws {
        let r = try BoxDimBinary.run(["calibrate", sample.path, "--known", known])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--known"))
    }

    /// Several placements of the reference box are pooled: one --known for all of them, or one
    /// per capture; any other count is a usage error.
    @Test func severalCapturesArePooled() throws {
        let profile = temporary("pooled.json")
        let r = try BoxDimBinary.run(["calibrate", sample.path, sample.path, "--known", "400x300x250", "--out", profile.path])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("reference 2:"), "\(r.stdout)")
        let pooled = try SensorProfile.read(profile)
        let single = temporary("single.json")
        #expect(try BoxDimBinary.run(["calibrate", sample.path, "--known", "400x300x250", "--out", single.path]).status == 0)
        let one = try SensorProfile.read(single)
        #expect(abs(pooled.edgeOffsetPixels - one.edgeOffsetPixels) <= 0.01, "the same capture twice is the same evidence")
        #expect(abs(pooled.depthScale - one.depthScale) < 1e-12)
        let mismatch = try BoxDimBinary.run(["calibrate", sample.path, sample.path, sample.path,
                                             "--known", "400x300x250", "--known", "400x300x250"])
        #expect(mismatch.status == 64, "\(mismatch.stderr)")
        #expect(mismatch.stderr.contains("once per capture"))
    }

    @Test func aBadProfileIsUnreadableNamingTheFile() throws {
        let profile = temporary("bad.json")
        try Data("{\"edge_offset_px\": 42}".utf8).write(to: profile)
        let r = try BoxDimBinary.run(["measure", sample.path, "--profile", profile.path])
        #expect(r.status == 5, "\(r.stdout) \(r.stderr)")
        #expect((r.stdout + r.stderr).contains(profile.path))
    }

    /// A box whose height is far from the stated one is refused, not calibrated to nonsense.
    @Test func theWrongReferenceBoxIsRefused() throws {
        let r = try BoxDimBinary.run(["calibrate", sample.path, "--known", "400x300x150", "--out", temporary("p.json").path])
        #expect(r.status == 4, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("right box"))
    }

    /// `--all`: every carton of the known size in a scene is a reference. On the NEURA pallet's
    /// frame-2, the small cartons (255 x 155 x 100 mm) cut out along their seams are found (at
    /// least six, each within 12 % of the size in all three dimensions), the profile is
    /// written, and measuring the other frame with it accepts nothing
    /// wrongly: the stereo outline's sides scatter by about 2 px, which the profile says.
    @Test func everyCartonOfTheSizeInAScene() throws {
        guard let frame2 = RealFixtures.require("neura-pallet/frame-2"),
              let frame1 = RealFixtures.require("neura-pallet/frame-1") else { return }
        let profile = temporary("pallet.json")
        let r = try BoxDimBinary.run(["calibrate", frame2.path, "--all", "--known", "255x155x100", "--out", profile.path])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        /// The millimetre figures after a line's label ("carton 1:", "left out:").
        func sizes(_ line: Substring) -> [Double] { line.split(separator: ":")[1].split(separator: " ").compactMap { Double($0) } }
        let cartons = lines.filter { $0.hasPrefix("carton ") }
        #expect(cartons.count >= 6, "\(r.stdout)")
        // Each reference is a carton of the size, height included: two cartons of the upper
        // layer measured 276 and 296 mm tall against the floor beside the pallet are none.
        for carton in cartons {
            let size = sizes(carton)
            #expect(size.count >= 3 && abs(size[2] - 100) <= 12, "\(carton)")
        }
        // Those two are listed as left out, with the height that kept them out.
        let leftOut = lines.filter { $0.hasPrefix("left out:") }
        #expect(leftOut.count == 2, "\(r.stdout)")
        for line in leftOut {
            let size = sizes(line)
            #expect(size.count == 3 && size[2] > 250, "\(line)")
        }
        let written = try SensorProfile.read(profile)
        #expect(written.knownSizeMM == [255, 155, 100])
        #expect(abs(written.edgeOffsetPixels) <= 5 && (written.edgeScatterPixels ?? 0) > 1, "\(written)")
        let m = try BoxDimBinary.run(["measure", "--all", "--json", "--units", "mm", "--tolerance", "10", "--profile",
                                      profile.path, frame1.path])
        #expect(m.status == 3, "\(m.stdout) \(m.stderr)")
        let record = try JSONDecoder().decode(SceneRecord.self, from: Data(m.stdout.utf8))
        for box in record.boxes where box.measurement.status == .accepted {
            let m = box.measurement
            #expect(abs((m.length ?? 0) - 255) <= 10 && abs((m.width ?? 0) - 155) <= 10 && abs((m.height ?? 0) - 100) <= 10,
                    "#\(box.index) accepted beyond the tolerance")
        }
    }

    /// `--all` takes one size; a size no carton of the scene has is refused, naming the size.
    @Test func allTakesOneSizeThatTheSceneHas() throws {
        guard let frame = RealFixtures.require("neura-pallet/frame-1") else { return }
        let twice = try BoxDimBinary.run(["calibrate", frame.path, frame.path, "--all", "--known", "255x155x100",
                                          "--known", "340x250x95"])
        #expect(twice.status == 64 && twice.stderr.contains("once"), "\(twice.stderr)")
        let none = try BoxDimBinary.run(["calibrate", frame.path, "--all", "--known", "900x800x100", "--out",
                                         temporary("none.json").path])
        #expect(none.status == 4, "\(none.stdout) \(none.stderr)")
        #expect(none.stderr.contains("900 x 800"), "\(none.stderr)")
    }
}
