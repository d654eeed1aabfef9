import Foundation
import Testing
import TestSupport
@testable import Dimensioning
@testable import DimensioningReaders

/// Folders of frames from a still camera (PCL grabber .pcd + .xml; depth PNG + intrinsics.json)
/// on the vendored real captures, and the readers' refusals of bad folders.
@Suite struct FrameFolderTests {
    /// The folder of three Kinect frames is one measurement whose sizes lie within the spread
    /// of the three frames measured one by one (frames aligned, none dropped).
    @Test func theCartonFolderMeasuresWithinTheSpreadOfItsFrames() throws {
        let files = RealFixtures.pcdFiles("pcl-box-on-carpet")
        guard files.count == 3, let folder = RealFixtures.require("pcl-box-on-carpet") else {
            Issue.record("expected the three carton frames under Tests/Fixtures/real/pcl-box-on-carpet")
            return
        }
        let singles = try files.map { try measureCapture(at: $0) }
        let capture = try CaptureReader.read(folder)
        #expect(capture.frames.count == 3)
        #expect(capture.input?.droppedFrames == [])
        #expect(capture.input?.convention == .opencv && capture.input?.units == .metres)
        // The PCL .xml intrinsics were used (fx = fy = 525, cx = 320, cy = 240).
        #expect(capture.frames[0].intrinsics == CameraIntrinsics(fx: 525, fy: 525, cx: 320, cy: 240, width: 640, height: 480))
        let fused = try runPipeline(capture)
        #expect(fused.scene.frameCount == 3)
        for (name, path) in [("length", \CuboidFit.length), ("width", \CuboidFit.width), ("height", \CuboidFit.height)] {
            let values = singles.map { $0.cuboid[keyPath: path] }
            let value = fused.cuboid[keyPath: path]
            #expect(value >= values.min()! && value <= values.max()!, "\(name) \(value) outside the frames' \(values)")
        }
        // Roughly 25 x 17 x 9 cm (the capture's stated outside estimate).
        #expect((0.23...0.27).contains(fused.cuboid.length) && (0.15...0.18).contains(fused.cuboid.width)
                && (0.075...0.10).contains(fused.cuboid.height))
    }

    /// The NEURA pallet (RealSense-class depth PNG in mm + intrinsics.json): many touching
    /// cartons, refused as several boxes, not as cut off or as having no depth.
    @Test(arguments: ["neura-pallet/frame-1", "neura-pallet/frame-2"])
    func thePalletIsSeveralBoxes(_ relative: String) throws {
        guard let folder = RealFixtures.require(relative) else { return }
        let capture = try CaptureReader.read(folder)
        #expect(capture.frames.count == 1 && capture.frames[0].width == 640 && capture.frames[0].height == 480)
        #expect(abs(capture.frames[0].intrinsics.fx - 607.59228515625) < 1e-9)
        do {
            let result = try runPipeline(capture)
            Issue.record("measured \(result.cuboid.length) x \(result.cuboid.width) x \(result.cuboid.height)")
        } catch let error {
            guard case let .severalBoxes(count, _) = error else {
                Issue.record("expected several boxes, got \(error.code): \(error)")
                return
            }
            #expect(count >= 3, "a pallet of cartons, not \(count)")
        }
    }

    /// A Kinect frame written in millimetres measures as the metre original (unit found from
    /// the extent), and the organized grid is kept.
    @Test func aMillimetreKinectFrameMeasuresLikeTheMetreOne() throws {
        guard let file = RealFixtures.pcdFiles("pcl-box-on-carpet").first else { return }
        let metres = try CaptureReader.read(file)
        var cloud = try #require(metres.cloud)
        cloud.pointsInCamera = PointCloud(xyz: cloud.pointsInCamera.xyz.map { $0 * 1000 })
        let folder = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(folder) }
        let url = folder.appendingPathComponent("mm.pcd")
        try PointCloudWriter.write(cloud, to: url)
        let read = try CaptureReader.read(url)
        #expect(read.input?.units == .millimetres && read.input?.unitsDetected == true)
        #expect(read.cloud?.isOrganized == true)
        let a = try runPipeline(metres), b = try runPipeline(read)
        // Within 0.5 mm: x1000 in Float and back moves points by ~1e-7 relative, which can move RANSAC.
        for (x, y) in [(a.cuboid.length, b.cuboid.length), (a.cuboid.width, b.cuboid.width), (a.cuboid.height, b.cuboid.height)] {
            #expect(abs(x - y) <= 0.0005, "metres \(x), millimetres \(y)")
        }
        // Stated on the command line, the unit wins over the data.
        let forced = try CaptureReader.read(url, options: InputOptions(units: .metres))
        #expect(forced.input?.units == .metres && forced.input?.unitsDetected == false)
    }

    /// A frame that moved (20 cm) is left out and named; the others are fused.
    @Test func aMovedFrameIsDroppedAndNamed() throws {
        let files = RealFixtures.pcdFiles("pcl-box-on-carpet")
        guard files.count == 3 else { return }
        let folder = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(folder) }
        for file in files.prefix(2) {
            try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(file.lastPathComponent))
        }
        var moved = try #require(try CaptureReader.read(files[2]).cloud)
        moved.pointsInCamera = PointCloud(points: (0..<moved.pointsInCamera.count).map { moved.pointsInCamera[$0] + SIMD3(0.2, 0, 0.1) })
        try PointCloudWriter.write(moved, to: folder.appendingPathComponent("frame_z_moved.pcd"))
        let capture = try CaptureReader.read(folder)
        #expect(capture.frames.count == 2)
        let dropped = try #require(capture.input?.droppedFrames)
        #expect(dropped.count == 1 && dropped[0].hasPrefix("frame_z_moved.pcd:"), "\(dropped)")
        _ = try runPipeline(capture)
    }

    // MARK: Bad folders: unreadable, naming the file

    static func png16(_ url: URL, width: Int = 8, height: Int = 6, value: UInt16 = 1000) throws {
        try NativePNG.writeGray16(path: url.path, width: width, height: height,
                                  pixels: [UInt16](repeating: value, count: width * height))
    }

    static let goodIntrinsics = #"{"fx": 600, "fy": 600, "cx": 4, "cy": 3}"#

    func expectUnreadable(_ folder: URL, naming file: String, _ reasonContains: String,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let capture = try CaptureReader.read(folder)
            Issue.record("read \(capture.frames.count) frames", sourceLocation: sourceLocation)
        } catch {
            guard case let .unreadableCapture(path, reason) = error else {
                Issue.record("expected unreadable_capture, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(path.hasSuffix(file), "names \(path), expected \(file)", sourceLocation: sourceLocation)
            #expect(reason.contains(reasonContains), "reason: \(reason)", sourceLocation: sourceLocation)
        }
    }

    @Test func depthFolderRefusalsNameTheFile() throws {
        let root = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(root) }
        func folder(_ name: String) -> URL {
            let url = root.appendingPathComponent(name)
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        func write(_ text: String, _ url: URL) throws { try Data(text.utf8).write(to: url) }

        let missing = folder("missing")
        try Self.png16(missing.appendingPathComponent("raw_depth.png"))
        expectUnreadable(missing, naming: "missing/intrinsics.json", "missing intrinsics")

        let eightBit = folder("eight")
        try write(Self.goodIntrinsics, eightBit.appendingPathComponent("intrinsics.json"))
        try NativePNG.write8(path: eightBit.appendingPathComponent("depth.png").path, width: 8, height: 6, channels: 1,
                             pixels: [UInt8](repeating: 7, count: 48))
        expectUnreadable(eightBit, naming: "eight/depth.png", "8-bit")

        let sizes = folder("sizes")
        try write(Self.goodIntrinsics, sizes.appendingPathComponent("intrinsics.json"))
        try Self.png16(sizes.appendingPathComponent("depth_0.png"))
        try Self.png16(sizes.appendingPathComponent("depth_1.png"), width: 9)
        expectUnreadable(sizes, naming: "sizes/depth_1.png", "9x6")

        let stated = folder("stated")
        try write(#"{"fx": 600, "fy": 600, "cx": 4, "cy": 3, "width": 640, "height": 480}"#, stated.appendingPathComponent("intrinsics.json"))
        try Self.png16(stated.appendingPathComponent("raw_depth.png"))
        expectUnreadable(stated, naming: "stated/raw_depth.png", "640x480")

        let nan = folder("nan")
        try write(#"{"fx": NaN, "fy": 600, "cx": 4, "cy": 3}"#, nan.appendingPathComponent("intrinsics.json"))
        try Self.png16(nan.appendingPathComponent("raw_depth.png"))
        expectUnreadable(nan, naming: "nan/intrinsics.json", "not valid JSON")

        let text = folder("text")
        try write(#"{"fx": "nan", "fy": 600, "cx": 4, "cy": 3}"#, text.appendingPathComponent("intrinsics.json"))
        try Self.png16(text.appendingPathComponent("raw_depth.png"))
        expectUnreadable(text, naming: "text/intrinsics.json", "\"fx\"")

        let negative = folder("negative")
        try write(#"{"fx": -600, "fy": 600, "cx": 4, "cy": 3}"#, negative.appendingPathComponent("intrinsics.json"))
        try Self.png16(negative.appendingPathComponent("raw_depth.png"))
        expectUnreadable(negative, naming: "negative/intrinsics.json", "positive")

        let empty = folder("empty")
        try write(Self.goodIntrinsics, empty.appendingPathComponent("intrinsics.json"))
        expectUnreadable(empty, naming: "empty", "no depth PNG")

        let truncated = folder("truncated")
        try write(Self.goodIntrinsics, truncated.appendingPathComponent("intrinsics.json"))
        try Self.png16(truncated.appendingPathComponent("raw_depth.png"))
        let bytes = try Data(contentsOf: truncated.appendingPathComponent("raw_depth.png"))
        try bytes.prefix(bytes.count / 2).write(to: truncated.appendingPathComponent("raw_depth.png"))
        expectUnreadable(truncated, naming: "truncated/raw_depth.png", "PNG")

        // An empty folder is not a capture of any kind, and says so.
        expectUnreadable(folder("nothing"), naming: "nothing", "empty folder")
        let other = folder("other")
        try write("notes", other.appendingPathComponent("readme.txt"))
        expectUnreadable(other, naming: "other", "not a capture folder")
        // PNGs in depth/ without numbered names or intrinsics: the intrinsics are what is missing.
        let unnamed = folder("unnamed")
        try FileManager.default.createDirectory(at: unnamed.appendingPathComponent("depth"), withIntermediateDirectories: true)
        try Self.png16(unnamed.appendingPathComponent("depth/a.png"))
        expectUnreadable(unnamed, naming: "unnamed/intrinsics.json", "missing intrinsics")
    }

    @Test func tumLayoutReadsDepthAt5000PerMetre() throws {
        let root = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("depth"), withIntermediateDirectories: true)
        try Data("# depth maps\n".utf8).write(to: root.appendingPathComponent("depth.txt"))
        try Self.png16(root.appendingPathComponent("depth/1305031102.160407.png"), width: 640, height: 480, value: 5000)
        let capture = try CaptureReader.read(root)
        #expect(capture.frames.count == 1)
        #expect(capture.frames[0].depth[0] == 1.0, "5000 units = 1 m")
        #expect(capture.frames[0].intrinsics == CameraIntrinsics(fx: 525, fy: 525, cx: 319.5, cy: 239.5, width: 640, height: 480))
    }

    @Test func cloudFolderRefusalsNameTheFile() throws {
        let files = RealFixtures.pcdFiles("pcl-box-on-carpet")
        guard let first = files.first else { return }
        let root = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(root) }
        // A PCL .xml with a NaN focal length.
        let nan = root.appendingPathComponent("nan")
        try FileManager.default.createDirectory(at: nan, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: first, to: nan.appendingPathComponent("a.pcd"))
        try Data("<depth><focal_length_x>nan</focal_length_x><focal_length_y>525</focal_length_y><principal_point_x>320</principal_point_x><principal_point_y>240</principal_point_y></depth>".utf8)
            .write(to: nan.appendingPathComponent("a.xml"))
        expectUnreadable(nan, naming: "nan/a.xml", "focal_length_x")
        // Frames of different grid sizes.
        let mixed = root.appendingPathComponent("mixed")
        try FileManager.default.createDirectory(at: mixed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: first, to: mixed.appendingPathComponent("a.pcd"))
        try PointCloudWriter.write(CapturedCloud(pointsInCamera: PointCloud(points: [SIMD3(0, 0, 1), SIMD3(0.01, 0, 1)]),
                                                 gridWidth: 1, gridHeight: 2, pixelIndex: [0, 1]),
                                   to: mixed.appendingPathComponent("b.pcd"))
        expectUnreadable(mixed, naming: "mixed/b.pcd", "1x2 grid")
        // A damaged frame.
        let broken = root.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: first, to: broken.appendingPathComponent("a.pcd"))
        try Data().write(to: broken.appendingPathComponent("b.pcd"))
        expectUnreadable(broken, naming: "broken/b.pcd", "0-byte")
    }
}
