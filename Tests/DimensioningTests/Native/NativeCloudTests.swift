import Foundation
import Testing
import CPointCloud
@testable import Dimensioning
@testable import DimensioningReaders
import TestSupport

/// Known-answer tests of the PCL algorithms behind the C boundary.
@Suite struct NativeCloudTests {
    /// A noisy-free grid on the plane z = 0.3 + 0.1 x, plus 20 % scattered outliers.
    private func tiltedPlane() -> PointCloud {
        var cloud = PointCloud()
        for i in 0..<40 { for j in 0..<40 {
            let x = Double(i) * 0.02, y = Double(j) * 0.02
            cloud.append(SIMD3(x, y, 0.3 + 0.1 * x))
        } }
        var generator = 12345 as UInt64
        for _ in 0..<400 {
            generator = generator &* 6364136223846793005 &+ 1442695040888963407
            let r = Double(generator >> 11) / Double(1 << 53)
            cloud.append(SIMD3(r * 0.8, (1 - r) * 0.8, 0.5 + r))
        }
        return cloud
    }

    @Test func ransacPlaneRecoversCoefficients() throws {
        let params = cpc_plane_params(distance_threshold: 0.002, max_iterations: 500, probability: 0.99,
                                      axis: (0, 0, 0), eps_angle: 0, optimize: 1, axis_in_plane: 0)
        let fit = try NativeCloud.fitPlane(tiltedPlane(), parameters: params)
        // Expected normal of z - 0.1x - 0.3 = 0, normalised, sign-free.
        let n = SIMD3<Double>(-0.1, 0, 1) / (1.01 as Double).squareRoot()
        let got = SIMD3(fit.coefficients.x, fit.coefficients.y, fit.coefficients.z)
        let sign: Double = (got * n).sum() < 0 ? -1 : 1
        #expect(abs((got * sign * n).sum() - 1) < 1e-6)
        #expect(abs(fit.coefficients.w * sign - (-0.3 / (1.01 as Double).squareRoot())) < 1e-5)
        #expect(fit.inlierCount >= 1600 && fit.inlierCount < 1650)
    }

    @Test func perpendicularPlaneRespectsAxis() throws {
        // Only planes with a normal near +z are allowed: the tilted plane is 5.7 degrees off,
        // so with a 2-degree limit no plane is found; with 10 degrees it is.
        var params = cpc_plane_params(distance_threshold: 0.002, max_iterations: 500, probability: 0.99,
                                      axis: (0, 0, 1), eps_angle: Float(2.0 * Double.pi / 180), optimize: 0,
                                      axis_in_plane: 0)
        let strict = Result { try NativeCloud.fitPlane(tiltedPlane(), parameters: params) }
        if case let .success(fit) = strict { #expect(fit.inlierCount < 200) }
        params.eps_angle = Float(10.0 * Double.pi / 180)
        let loose = try NativeCloud.fitPlane(tiltedPlane(), parameters: params)
        #expect(loose.inlierCount >= 1600)
    }

    @Test func parallelPlaneFindsTheWallNotTheLargerFloor() throws {
        // A 1 m x 1 m floor at z = 0 (2500 points) and a smaller wall x = 0.6 (1000 points).
        var cloud = PointCloud()
        for i in 0..<50 { for j in 0..<50 { cloud.append(SIMD3(Double(i) * 0.02 - 0.5, Double(j) * 0.02 - 0.5, 0)) } }
        for i in 0..<50 { for k in 1...20 { cloud.append(SIMD3(0.6, Double(i) * 0.02 - 0.5, Double(k) * 0.02)) } }
        var params = cpc_plane_params(distance_threshold: 0.002, max_iterations: 500, probability: 0.99,
                                      axis: (0, 0, 1), eps_angle: Float(5.0 * Double.pi / 180), optimize: 1,
                                      axis_in_plane: 0)
        let floor = try NativeCloud.fitPlane(cloud, parameters: params)
        #expect(abs(floor.coefficients.z) > 0.999 && floor.inlierCount >= 2500)
        params.axis_in_plane = 1
        let wall = try NativeCloud.fitPlane(cloud, parameters: params)
        let offset = wall.coefficients.w / wall.coefficients.x
        #expect(abs(wall.coefficients.x) > 0.999 && abs(offset + 0.6) < 1e-4 && wall.inlierCount == 1000,
                "\(wall.coefficients), \(wall.inlierCount) inliers")
    }

    @Test func sameInputSameRansacResult() throws {
        let params = cpc_plane_params(distance_threshold: 0.002, max_iterations: 200, probability: 0.99,
                                      axis: (0, 0, 0), eps_angle: 0, optimize: 1, axis_in_plane: 0)
        let a = try NativeCloud.fitPlane(tiltedPlane(), parameters: params)
        let b = try NativeCloud.fitPlane(tiltedPlane(), parameters: params)
        #expect(a.coefficients == b.coefficients && a.inliers == b.inliers)
    }

    @Test func clustersSeparateTwoBlobs() throws {
        var cloud = PointCloud()
        for i in 0..<10 { for j in 0..<10 { cloud.append(SIMD3(Double(i) * 0.01, Double(j) * 0.01, 0)) } }
        for i in 0..<5 { for j in 0..<5 { cloud.append(SIMD3(1 + Double(i) * 0.01, Double(j) * 0.01, 0)) } }
        cloud.append(SIMD3(5, 5, 5))
        let (labels, count) = try NativeCloud.euclideanClusters(cloud, tolerance: 0.015, minSize: 5, maxSize: 10_000)
        #expect(count == 2)
        #expect(labels[0..<100].allSatisfy { $0 == 0 })
        #expect(labels[100..<125].allSatisfy { $0 == 1 })
        #expect(labels[125] == -1)
    }

    @Test func convexHullOfSquareWithInterior() throws {
        var points: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(2, 0), SIMD2(2, 1), SIMD2(0, 1)]
        for i in 1..<10 { points.append(SIMD2(Double(i) * 0.19, 0.5)) }
        let hull = try NativeCloud.convexHull2D(points)
        #expect(hull.count == 4)
        var area = 0.0
        for i in hull.indices { let p = hull[i], q = hull[(i + 1) % hull.count]; area += p.x * q.y - q.x * p.y }
        #expect(abs(area / 2 - 2) < 1e-5) // counter-clockwise: positive area
    }

    @Test func collinearHullIsNotFound() {
        let line = (0..<10).map { SIMD2(Double($0), 2 * Double($0)) }
        #expect(throws: NativeFailure.self) { try NativeCloud.convexHull2D(line) }
    }

    @Test func voxelGridAveragesCells() throws {
        var cloud = PointCloud()
        cloud.append(SIMD3(0.001, 0.001, 0.001)); cloud.append(SIMD3(0.003, 0.003, 0.003))
        cloud.append(SIMD3(0.101, 0.001, 0.001))
        let out = try NativeCloud.voxelDownsample(cloud, leaf: 0.01)
        #expect(out.count == 2)
        let sorted = (0..<out.count).map { out[$0] }.sorted { $0.x < $1.x }
        #expect(abs(sorted[0].x - 0.002) < 1e-6)
    }

    @Test func pcdAndPlyRoundTrip() throws {
        let folder = TestPaths.temporaryFolder("native")
        defer { try? FileManager.default.removeItem(at: folder) }
        var cloud = PointCloud()
        for i in 0..<50 { cloud.append(SIMD3(Double(i) * 0.01, -Double(i) * 0.02, 1 + Double(i) * 0.001)) }
        let labels = (0..<50).map { Int32($0 % 3) }
        for (name, format) in [("a.pcd", NativeCloud.FileFormat.pcdASCII), ("b.pcd", .pcdBinary),
                               ("c.pcd", .pcdBinaryCompressed), ("d.ply", .plyASCII), ("e.ply", .plyBinary)] {
            let path = folder.appendingPathComponent(name).path
            try NativeCloud.write(path: path, format: format, points: cloud, labels: labels)
            let back = try NativeCloud.read(path: path, maxPoints: 1000)
            #expect(back.points.count == 50, "\(name)")
            for i in 0..<back.points.count {
                #expect(abs(back.points.xyz[i] == cloud.xyz[i] ? 0 : back.points.xyz[i] - cloud.xyz[i]) < 1e-6, "\(name)")
            }
        }
    }

    @Test func pcdHeaderDamageIsRefusedNotCrashed() throws {
        let folder = TestPaths.temporaryFolder("native-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = "VERSION .7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 2\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS 2\nDATA ascii\n1 2 3\n4 5 6\n"
        let cases: [(String, String)] = [
            ("empty", ""),
            ("keyword", good.replacingOccurrences(of: "WIDTH", with: "WIDHT")),
            ("data", good.replacingOccurrences(of: "DATA ascii", with: "DATA zip")),
            ("noz", good.replacingOccurrences(of: "FIELDS x y z", with: "FIELDS x y w")),
            ("points", good.replacingOccurrences(of: "POINTS 2", with: "POINTS 3")),
            ("short", good.replacingOccurrences(of: "\n4 5 6\n", with: "\n")),
            ("binary", good.replacingOccurrences(of: "DATA ascii\n1 2 3\n4 5 6\n", with: "DATA binary\n\u{1}\u{2}")),
        ]
        for (name, text) in cases {
            let url = folder.appendingPathComponent("\(name).pcd")
            try Data(text.utf8).write(to: url)
            #expect(throws: NativeFailure.self, "\(name)") { try NativeCloud.read(path: url.path, maxPoints: 100) }
        }
        let url = folder.appendingPathComponent("good.pcd")
        try Data(good.utf8).write(to: url)
        #expect(try NativeCloud.read(path: url.path, maxPoints: 100).points.count == 2)
        #expect(throws: NativeFailure.self) { try NativeCloud.read(path: url.path, maxPoints: 1) }
    }

    @Test func realCartonFramesLoadOrganized() throws {
        let frames = try TestPaths.cartonFrames
        for frame in frames {
            let cloud = try NativeCloud.read(path: frame.path, maxPoints: 1_000_000)
            #expect(cloud.width == 640 && cloud.height == 480)
            #expect(cloud.points.count > 100_000)
            #expect(cloud.pixelIndex?.allSatisfy { $0 >= 0 && $0 < 640 * 480 } == true)
        }
    }
}
