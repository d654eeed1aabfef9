import Foundation
import Testing
import TestSupport
@testable import Dimensioning
@testable import DimensioningReaders

/// What an OAK-D viewer or Open3D writes: an unorganized PLY in OpenGL axes (y up, the camera
/// looking along -z), thinned to a 7 mm voxel grid. The real Kinect carton frame written that
/// way is read as OpenGL and measured within 3 mm of the organized original; the milk-carton
/// scene is still refused as not a cuboid (a true cause, not "no depth").
@Suite struct ThinnedOpenGLCloudTests {
    static func openGLThinned(_ file: URL, to url: URL) throws -> DepthCapture {
        let points = try #require(try CaptureReader.read(file).cloud).pointsInCamera
        let thin = try NativeCloud.voxelDownsample(points, leaf: 0.007)
        try PointCloudWriter.write(PointCloud(points: (0..<thin.count).map { SIMD3(thin[$0].x, -thin[$0].y, -thin[$0].z) }),
                                   to: url, format: .plyASCII)
        return try CaptureReader.read(url)
    }

    @Test func theCartonFrameMeasures() throws {
        guard let file = RealFixtures.pcdFiles("pcl-box-on-carpet").first else { return }
        let folder = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(folder) }
        let capture = try Self.openGLThinned(file, to: folder.appendingPathComponent("oak.ply"))
        #expect(capture.input?.convention == .opengl && capture.input?.units == .metres)
        let original = try measureCapture(at: file), thinned = try runPipeline(capture)
        for (a, b) in [(original.cuboid.length, thinned.cuboid.length), (original.cuboid.width, thinned.cuboid.width),
                       (original.cuboid.height, thinned.cuboid.height)] {
            #expect(abs(a - b) <= 0.003, "organized \(a), thinned OpenGL \(b)")
        }
    }

    @Test func theMilkCartonIsNotACuboid() throws {
        guard let file = RealFixtures.require("pcl-milk-carton/milk_cartoon_all_small_clorox.pcd") else { return }
        let folder = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(folder) }
        let capture = try Self.openGLThinned(file, to: folder.appendingPathComponent("oak.ply"))
        #expect(capture.input?.convention == .opengl)
        do {
            let r = try runPipeline(capture)
            #expect(!r.isAccepted(), "accepted at \(r.probabilityWithinTolerance), U \(r.uncertainty.expanded)")
        } catch {
            #expect(["not_cuboid", "several_boxes", "box_too_small", "no_box"].contains(error.code), "\(error)")
        }
    }

    /// A folder of unorganized frames is stacked into one cloud (convention found on the first
    /// frame); a frame whose points lie elsewhere (moved 40 cm) is left out and named.
    @Test func unorganizedFramesAreStackedAndAMovedOneDropped() throws {
        let files = RealFixtures.pcdFiles("pcl-box-on-carpet")
        guard files.count == 3 else { return }
        let folder = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(folder) }
        var counts: [Int] = []
        for (i, file) in files.enumerated() {
            counts.append(try Self.openGLThinned(file, to: folder.appendingPathComponent("frame-\(i).ply")).cloud!.pointsInCamera.count)
        }
        let moved = try CaptureReader.read(folder.appendingPathComponent("frame-2.ply"), options: InputOptions(axes: .opengl))
        let shifted = try #require(moved.cloud).pointsInCamera
        // Back to OpenGL axes, 40 cm to the side.
        try PointCloudWriter.write(PointCloud(points: (0..<shifted.count).map { SIMD3(shifted[$0].x + 0.4, -shifted[$0].y, -shifted[$0].z) }),
                                   to: folder.appendingPathComponent("frame-3.ply"))
        let capture = try CaptureReader.read(folder)
        #expect(capture.input?.convention == .opengl)
        #expect(capture.input?.droppedFrames.count == 1 && capture.input?.droppedFrames.first?.hasPrefix("frame-3.ply:") == true,
                "\(capture.input?.droppedFrames ?? [])")
        #expect(capture.cloud?.pointsInCamera.count == counts.reduce(0, +))
        let result = try runPipeline(capture)
        #expect((0.23...0.27).contains(result.cuboid.length) && (0.15...0.18).contains(result.cuboid.width)
                && (0.075...0.10).contains(result.cuboid.height),
                "\(result.cuboid.length) x \(result.cuboid.width) x \(result.cuboid.height)")
    }
}

/// The real Kinect carton frames rewritten as z-up world clouds (floor at z = 0, as ROS or
/// CloudCompare export them; no sensor position): the virtual camera aims at the box-like
/// object, not the laptop beside it, and the carton is measured. A world frame loses the sensor
/// position the silhouette edges come from, so the footprint is looser than from the camera
/// frame: within 10 mm, the height within 2 mm.
@Suite struct RealWorldFrameTests {
    @Test func theCartonFramesAsZUpWorldCloudsMeasure() throws {
        let files = RealFixtures.pcdFiles("pcl-box-on-carpet")
        guard files.count == 3 else { return }
        let folder = CaptureFixtures.temporaryFolder()
        defer { CaptureFixtures.remove(folder) }
        for file in files {
            let capture = try CaptureReader.read(file)
            let original = try runPipeline(capture)
            let frame = FloorFrame(floor: original.floor.plane)
            let points = try #require(capture.cloud).pointsInCamera
            let url = folder.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".ply")
            try PointCloudWriter.write(PointCloud(points: (0..<points.count).map { frame.local(points[$0]) }), to: url)
            let world = try CaptureReader.read(url)
            #expect(world.input?.convention == .zUp)
            let r = try runPipeline(world)
            #expect(abs(r.cuboid.length - original.cuboid.length) <= 0.010 && abs(r.cuboid.width - original.cuboid.width) <= 0.010
                    && abs(r.cuboid.height - original.cuboid.height) <= 0.002,
                    "\(file.lastPathComponent): world \(r.cuboid.length) x \(r.cuboid.width) x \(r.cuboid.height), camera \(original.cuboid.length) x \(original.cuboid.width) x \(original.cuboid.height)")
        }
    }
}
