import Foundation
import Testing
@testable import Dimensioning
import TestSupport

/// `boxdim measure --all`: the scene's JSON schema (boxdim.scene/1), its text table and its exit
/// codes, on the real pallet frames.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct MeasureAllCommandTests {
    @Test func thePalletsJSONIsOneSceneRecordWithAFullRecordPerCarton() throws {
        guard let folder = RealFixtures.require("neura-pallet/frame-1") else { return }
        let r = try BoxDimBinary.run(["measure", "--all", "--json", "--units", "mm", folder.path])
        // Cartons measured, none accepted (they stand among others): 3.
        #expect(r.status == 3, "\(r.stdout) \(r.stderr)")
        let record = try JSONDecoder().decode(SceneRecord.self, from: Data(r.stdout.utf8))
        #expect(record.schema == "boxdim.scene/1")
        #expect(record.status == .measured)
        #expect(record.units == .millimeters)
        #expect(record.boxes.count >= 4)
        #expect(record.boxes.map(\.index) == Array(1...record.boxes.count))
        for box in record.boxes {
            #expect(box.position.count == 2)
            #expect(box.measurement.schema == MeasurementRecord.currentSchema)
            #expect(box.measurement.capture == "\(folder.path)#\(box.index)")
            #expect(box.measurement.status != .accepted)
            #expect(box.topCenterMeters.count == 3)
            if box.measurement.length == nil {
                #expect(box.measurement.error != nil && box.method == nil)
            } else {
                #expect(box.method != nil && box.supportLevel != nil && box.measurement.uncertainty != nil)
                // The top's centre is the cuboid's centre raised by half its height along its up axis
                // (both in the capture's own frame, metres).
                if let pose = box.measurement.pose, let height = box.measurement.height, box.topCenterMeters.count == 3 {
                    let gap = (0..<3).map { pose.centerMeters[$0] + height / 2000 * pose.upAxis[$0] - box.topCenterMeters[$0] }
                    #expect(gap.map { $0 * $0 }.reduce(0, +).squareRoot() < 0.03, "#\(box.index): top centre \(gap) m off")
                }
            }
        }
        // The keys scripts read, by name.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["schema", "capture", "units", "status", "error", "support_levels", "up_axis", "boxes"])
        let first = try #require((object["boxes"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["index", "position", "top_center_m", "top_level", "method", "support_level", "seams", "measurement"])
        let seams = try #require(record.boxes.compactMap(\.seams).first)
        #expect(["not_looked", "none_seen", "cut"].contains(seams.search))
    }

    /// The pallet's frames come with their colour image, so `--all` looks for the seams between
    /// lids of one height: the front layer's six small cartons (255 x 155 x 100 mm, pressed
    /// together in a block of four and a pair) are each cut out and measured, none accepted
    /// (each keeps a side known only from its depth outline, fattened by the stereo camera up to
    /// 25 mm, and a height from a support it hides).
    @Test(arguments: ["neura-pallet/frame-1", "neura-pallet/frame-2"])
    func thePalletsSeamsCutOutItsSmallCartons(_ frame: String) throws {
        guard let folder = RealFixtures.require(frame) else { return }
        let r = try BoxDimBinary.run(["measure", "--all", "--json", "--units", "mm", folder.path])
        #expect(r.status == 3, "\(r.stdout) \(r.stderr)")
        let record = try JSONDecoder().decode(SceneRecord.self, from: Data(r.stdout.utf8))
        let front = record.boxes.filter { box in
            box.seams?.search == "cut" && (box.measurement.height ?? .infinity) < 150
        }
        #expect(front.count >= 6, "\(r.stdout)")
        for box in front {
            let m = box.measurement
            #expect(m.status != .accepted)
            #expect(abs((m.width ?? 0) - 155) <= 15, "#\(box.index): width \(m.width ?? 0) mm")
            #expect(abs((m.length ?? 0) - 255) <= 30, "#\(box.index): length \(m.length ?? 0) mm")
            #expect(abs((m.height ?? 0) - 100) <= 20, "#\(box.index): height \(m.height ?? 0) mm")
            #expect((box.seams?.count ?? 0) >= 1 && (box.seams?.weakestContrast ?? 0) >= 40)
        }
    }

    @Test func theTextIsOneRowPerCarton() throws {
        guard let folder = RealFixtures.require("neura-pallet/frame-2") else { return }
        let r = try BoxDimBinary.run(["measure", "--all", "--units", "mm", folder.path])
        #expect(r.status == 3, "\(r.stdout) \(r.stderr)")
        let rows = r.stdout.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(rows.count >= 4, "\(r.stdout)")
        #expect(rows.contains { $0.contains("refused:") })
        #expect(rows.contains { $0.contains(" ± ") && $0.contains("check before use") })
        // A carton not accepted says why under its row, as a lone box's `why:` lines do.
        #expect(r.stdout.contains("     why: "), "\(r.stdout)")
        #expect(r.stdout.contains("cartons:"))
    }

    @Test func anEmptyFloorIsFourAndAnUnreadableCaptureFive() throws {
        let floor = try TestPaths.oakCloud("calibration_calibration")
        let empty = try BoxDimBinary.run(["measure", "--all", "--json", floor.path])
        #expect(empty.status == 4, "\(empty.stdout) \(empty.stderr)")
        let record = try JSONDecoder().decode(SceneRecord.self, from: Data(empty.stdout.utf8))
        #expect(record.status == .noMeasurement && record.boxes.isEmpty && record.error?.code == "no_box")
        let missing = try BoxDimBinary.run(["measure", "--all", "--json", "/nonexistent/scene.pcd"])
        #expect(missing.status == 5, "\(missing.stdout) \(missing.stderr)")
        #expect(try JSONDecoder().decode(SceneRecord.self, from: Data(missing.stdout.utf8)).status == .unreadable)
    }

    @Test func theOverlayNumbersEveryCarton() throws {
        guard let folder = RealFixtures.require("neura-pallet/frame-1") else { return }
        let scratch = ScratchFolder("scene-overlay")
        let png = scratch.path("scene.png")
        let r = try BoxDimBinary.run(["measure", "--all", "--overlay", png.path, folder.path])
        #expect(r.status == 3, "\(r.stdout) \(r.stderr)")
        let bytes = try Data(contentsOf: png)
        #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    /// `--all --ply`: the fused scene with every measured carton's points labelled with its
    /// number (and coloured as the overlay colours it), the rest 0, and its cuboid's edges.
    @Test func thePLYLabelsEachMeasuredCartonsPoints() throws {
        guard let folder = RealFixtures.require("neura-pallet/frame-1") else { return }
        let scratch = ScratchFolder("scene-ply")
        let ply = scratch.path("scene.ply")
        let r = try BoxDimBinary.run(["measure", "--all", "--json", "--ply", ply.path, folder.path])
        #expect(r.status == 3, "\(r.stdout) \(r.stderr)")
        let record = try JSONDecoder().decode(SceneRecord.self, from: Data(r.stdout.utf8))
        let measured = Set(record.boxes.filter { $0.measurement.length != nil }.map(\.index))
        // Binary little-endian PLY: x y z float, red green blue uchar, label uint (19 bytes).
        let bytes = [UInt8](try Data(contentsOf: ply))
        let header = try #require(String(decoding: bytes.prefix(400), as: UTF8.self).components(separatedBy: "end_header\n").first)
        #expect(header.contains("property uint label") && header.contains("binary_little_endian"))
        let count = try #require(header.split(separator: "\n").first { $0.hasPrefix("element vertex") }
            .flatMap { Int($0.split(separator: " ")[2]) })
        let start = header.utf8.count + "end_header\n".utf8.count
        #expect(bytes.count == start + 19 * count)
        var pointsPerLabel: [Int: Int] = [:]
        for i in 0..<count {
            let o = start + 19 * i + 15
            let label = Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24
            pointsPerLabel[label, default: 0] += 1
        }
        // Every label is 0 or a measured carton's number, and every measured carton has points.
        #expect(Set(pointsPerLabel.keys).subtracting([0]) == measured, "\(pointsPerLabel) vs \(measured)")
        #expect(measured.allSatisfy { (pointsPerLabel[$0] ?? 0) > 500 }, "\(pointsPerLabel)")
        #expect((pointsPerLabel[0] ?? 0) > count / 4)
    }
}
