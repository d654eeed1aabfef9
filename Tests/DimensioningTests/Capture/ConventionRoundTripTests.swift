import Foundation
import Testing
import TestSupport
@testable import Dimensioning
@testable import DimensioningReaders
@testable import DimensioningSimulation

/// A simulated scene written in every common point-cloud convention and unit: each file must
/// be read in the right convention and unit and measure like the original, within 0.5 mm.
/// Camera-frame files (OpenCV, OpenGL, ROS body; organized or not; m or mm) are the same points
/// after an exact axis change. World-frame files (z-up, y-up, under a random rigid transform;
/// m or mm) have lost the sensor position the silhouette edges are located from: the reader
/// recovers it from the pixel grid the points still lie on (`PixelGridViewpoint`, started from
/// the box's shadow, `ShadowViewpoint`); they also measure within 0.5 mm of each other.
@Suite(.serialized) struct ConventionRoundTripTests {
    /// A variant of the scene: how it was written and what the reader should find.
    struct Variant {
        var name: String
        var points: PointCloud
        var grid: (width: Int, height: Int, index: [Int32])?
        var expected: AxesConvention
        var units: InputUnits
    }

    /// The scene as an organized OpenCV camera cloud (metres) and the same points in the
    /// simulator's z-up world (floor at z = 0).
    static func scene(_ number: Int) throws -> (camera: CapturedCloud, world: PointCloud) {
        let box = number == 0 ? SimulatedBox(center: SIMD2(0.02, -0.01), length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
            : SimulatedBox(center: SIMD2(-0.05, 0.03), length: 0.32, width: 0.22, height: 0.15, yaw: 1.1)
        let capture = number == 0 ? PipelineTest.noisy(box).capture
            : PipelineTest.noisy(box, distance: 1.0, elevation: 62, azimuth: 40, frames: 10, seed: 9).capture
        let fused = try fuseFrames(capture)
        let cameraFromWorld = fused.worldFromReferenceCamera.inverse
        let camera = PointCloud(points: (0..<fused.pointsInWorld.count).map { cameraFromWorld.apply(fused.pointsInWorld[$0]) })
        let pixelIndex: [Int32] = try #require(fused.pixelIndex)
        let cloud = CapturedCloud(pointsInCamera: camera, gridWidth: fused.gridWidth, gridHeight: fused.gridHeight,
                                  pixelIndex: pixelIndex)
        return (cloud, fused.pointsInWorld)
    }

    static func map(_ cloud: PointCloud, _ f: (SIMD3<Double>) -> SIMD3<Double>) -> PointCloud {
        PointCloud(points: (0..<cloud.count).map { f(cloud[$0]) })
    }

    /// A random rotation (uniform unit quaternion) and a translation within ±3 m.
    static func randomRigid(_ rng: inout SeededGenerator, yawOnlyAbout axis: SIMD3<Double>? = nil) -> RigidTransform {
        let t = SIMD3(rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3))
        if let axis {
            let angle = rng.uniform(-Double.pi, Double.pi), s = sin(angle / 2)
            let along = axis * t
            return RigidTransform(quaternion: SIMD4(axis.x * s, axis.y * s, axis.z * s, cos(angle / 2)),
                                  translation: t - along)  // keeps the floor at 0 along the up axis
        }
        var q = SIMD4(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1))
        q /= (q * q).sum().squareRoot()
        return RigidTransform(quaternion: q, translation: t)
    }

    static func variants(scene number: Int) throws -> [Variant] {
        let (camera, world) = try scene(number)
        let grid = (camera.gridWidth, camera.gridHeight, camera.pixelIndex!)
        var rng = SeededGenerator(seed: 2026 + UInt64(number))
        let zUp = randomRigid(&rng, yawOnlyAbout: SIMD3(0, 0, 1))
        let yUpFromZUp = { (p: SIMD3<Double>) in SIMD3(p.x, p.z, -p.y) }
        let yUp = randomRigid(&rng, yawOnlyAbout: SIMD3(0, 1, 0))
        let any = randomRigid(&rng)
        var out: [Variant] = [
            Variant(name: "opencv organized", points: camera.pointsInCamera, grid: grid, expected: .opencv, units: .metres),
            Variant(name: "opencv unorganized", points: camera.pointsInCamera, grid: nil, expected: .opencv, units: .metres),
            Variant(name: "opengl organized", points: map(camera.pointsInCamera) { SIMD3($0.x, -$0.y, -$0.z) }, grid: grid,
                    expected: .opengl, units: .metres),
            Variant(name: "opengl unorganized", points: map(camera.pointsInCamera) { SIMD3($0.x, -$0.y, -$0.z) }, grid: nil,
                    expected: .opengl, units: .metres),
            Variant(name: "ros-body", points: map(camera.pointsInCamera) { SIMD3($0.z, -$0.x, -$0.y) }, grid: nil,
                    expected: .rosBody, units: .metres),
            Variant(name: "z-up world", points: map(world) { zUp.apply($0) }, grid: nil, expected: .zUp, units: .metres),
            Variant(name: "y-up world", points: map(world) { yUp.apply(yUpFromZUp($0)) }, grid: nil, expected: .yUp, units: .metres),
            Variant(name: "rigid world", points: map(world) { any.apply($0) }, grid: nil, expected: .world, units: .metres),
        ]
        for v in out {
            var mm = v
            mm.name += " mm"
            mm.points = PointCloud(xyz: v.points.xyz.map { $0 * 1000 })
            mm.units = .millimetres
            out.append(mm)
        }
        return out
    }

    static func write(_ v: Variant, to folder: URL, ext: String) throws -> URL {
        let url = folder.appendingPathComponent(v.name.replacingOccurrences(of: " ", with: "-") + "." + ext)
        if let grid = v.grid {
            try PointCloudWriter.write(CapturedCloud(pointsInCamera: v.points, gridWidth: grid.width, gridHeight: grid.height,
                                                     pixelIndex: grid.index), to: url)
        } else {
            try PointCloudWriter.write(v.points, to: url)
        }
        return url
    }

    @Test(arguments: [0, 1])
    func everyConventionAndUnitMeasuresLikeTheOriginal(scene: Int) throws {
        let folder = TestPaths.temporaryFolder("conventions")
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try Self.variants(scene: scene)
        let original = try measureCapture(at: try Self.write(all[0], to: folder, ext: "pcd"))
        var worldOriginal: PipelineResult?
        for (k, v) in all.enumerated() {
            let url = try Self.write(v, to: folder, ext: k % 2 == 0 ? "pcd" : "ply")
            let capture = try CaptureReader.read(url)
            let input = try #require(capture.input)
            #expect(input.convention == v.expected, "\(v.name): read as \(input.convention)")
            #expect(input.units == v.units, "\(v.name): read in \(input.units)")
            let r: PipelineResult
            do { r = try runPipeline(capture) } catch {
                Issue.record("\(v.name): refused: \(error)")
                continue
            }
            func errors(_ reference: PipelineResult) -> [Double] {
                [r.cuboid.length - reference.cuboid.length, r.cuboid.width - reference.cuboid.width,
                 r.cuboid.height - reference.cuboid.height].map { abs($0) * 1000 }
            }
            let e = errors(original)
            print(String(format: "round trip scene %d %@: %@ | L %.3f W %.3f H %.3f mm", scene, v.name,
                         input.convention.rawValue, e[0], e[1], e[2]))
            if v.expected.isCameraFrame {
                #expect(e.max()! <= 0.5, "\(v.name): differs by \(e) mm from the camera original")
            } else {
                #expect(e.max()! <= 0.5, "\(v.name): differs by \(e) mm from the camera original")
                if worldOriginal == nil { worldOriginal = r }  // the z-up file comes first
                let w = errors(worldOriginal!)
                #expect(w.max()! <= 0.5, "\(v.name): differs by \(w) mm from the z-up world file")
            }
        }
    }
}

/// `boxdim convert` writes the fused scene in the engine's z-up world: `measure` reads it back
/// as a z-up world cloud, finds the sensor from its pixel grid and measures the box it came
/// from within 0.5 mm.
@Suite struct ConvertedCloudTests {
    @Test func whatConvertWritesMeasures() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let capture = PipelineTest.noisy(box).capture
        let direct = try runPipeline(capture)
        let folder = TestPaths.temporaryFolder("convert")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("scene.pcd")
        #expect(try ScenePictures.convert(capture, to: url) == nil)
        let read = try CaptureReader.read(url)
        #expect(read.input?.convention == .zUp && read.input?.units == .metres)
        let again = try runPipeline(read)
        for (a, b) in [(direct.cuboid.length, again.cuboid.length), (direct.cuboid.width, again.cuboid.width),
                       (direct.cuboid.height, again.cuboid.height)] {
            #expect(abs(a - b) <= 0.0005, "direct \(a), from the converted cloud \(b)")
        }
    }
}

/// The pose in `measure --json` is in the input file's own axes: the box centre of an OpenGL
/// file is the OpenCV original's centre with y and z negated, and of a rigidly moved world
/// file the moved centre.
@Suite struct InputFramePoseTests {
    @Test func thePoseIsInTheFilesAxes() throws {
        let all = try ConventionRoundTripTests.variants(scene: 0)
        let folder = TestPaths.temporaryFolder("pose")
        defer { try? FileManager.default.removeItem(at: folder) }
        func record(_ v: ConventionRoundTripTests.Variant) throws -> MeasurementRecord {
            let capture = try CaptureReader.read(try ConventionRoundTripTests.write(v, to: folder, ext: "pcd"))
            return MeasurementRecord(capture: v.name, outcome: .success(try runPipeline(capture)), units: .millimeters,
                                     minConfidence: 0.85, input: capture.input)
        }
        let original = try #require(try record(all[0]).pose?.centerMeters)
        let gl = try #require(try record(all[3]).pose?.centerMeters)  // "opengl unorganized"
        #expect(all[3].expected == .opengl)
        #expect(abs(gl[0] - original[0]) < 1e-5 && abs(gl[1] + original[1]) < 1e-5 && abs(gl[2] + original[2]) < 1e-5,
                "OpenGL centre \(gl), OpenCV centre \(original)")
        let up = try #require(try record(all[5]).pose?.upAxis)  // "z-up world"
        #expect(all[5].expected == .zUp)
        #expect(up[2] > 0.999, "up in a z-up world file: \(up)")
    }
}
