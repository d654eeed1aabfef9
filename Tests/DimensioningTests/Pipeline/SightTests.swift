import Foundation
import Testing
@testable import Dimensioning

/// Lines of sight around a box: the floor seen beneath a table's top (`PlanHeights`), and the
/// box's outline in the image (`CuboidSilhouette`). Lengths in metres, world z up.
@Suite struct SightTests {
    /// A table's top at 0.75 m over [-0.6, 0.6]^2 around a 0.2 x 0.2 m object at the origin,
    /// seen from (-1.5, 0, 1.8). A floor point at x = 0.15 (under the table, beside the object)
    /// is seen beneath the table: its sight line passes 0.4-0.7 m under the table's points on
    /// the way back. A point on the table's top is not, nor is the same floor point with no table.
    @Test func theFloorUnderATableIsSeenBeneathIt() {
        var table: [SIMD3<Double>] = []
        for x in stride(from: -0.6, through: 0.6, by: 0.01) {
            for y in stride(from: -0.6, through: 0.6, by: 0.01) where max(abs(x), abs(y)) > 0.12 {
                table.append(SIMD3(x, y, 0.75))
            }
        }
        let camera = SIMD3<Double>(-1.5, 0, 1.8)
        let frame = FloorFrame(floor: Plane(normal: SIMD3(0, 0, 1), offset: 0))
        let extent = Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: 0.1, halfB: 0.1)
        let floorPoint = SIMD3<Double>(0.15, 0.02, 0)
        let withTable = PlanHeights(PipelineTest.scene(points: table + [floorPoint], camera: camera),
                                    frame: frame, extent: extent, top: 0.95)
        #expect(withTable.seenBeneath(floorPoint, from: camera))
        #expect(!withTable.seenBeneath(SIMD3(0.15, 0.02, 0.75), from: camera))
        let bare = PlanHeights(PipelineTest.scene(points: [floorPoint], camera: camera), frame: frame, extent: extent, top: 0.2)
        #expect(!bare.seenBeneath(floorPoint, from: camera))
    }

    /// A 0.4 x 0.2 x 0.5 m cuboid seen straight down from 2 m (focal length 200 px, principal
    /// point (128, 96)): its top's corners project 200 * 0.2 / 1.5 = 26.7 px right of the
    /// centre, its foot's 20 px. The silhouette holds the centre; 5 px past the top's right
    /// edge is within an 8-px band of it, 10 px past is not.
    @Test func theSilhouetteIsTheCuboidProjected() throws {
        let camera = SIMD3<Double>(0, 0, 2)
        let pose = RigidTransform(rows: [SIMD3(1, 0, 0), SIMD3(0, -1, 0), SIMD3(0, 0, -1)], translation: camera)
        var scene = PipelineTest.scene(points: [.zero], camera: camera)
        scene.worldFromReferenceCamera = pose
        scene.intrinsics = CameraIntrinsics(fx: 200, fy: 200, cx: 128, cy: 96, width: 256, height: 192)
        let frame = FloorFrame(floor: Plane(normal: SIMD3(0, 0, 1), offset: 0))
        let footprint = Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: 0.2, halfB: 0.1)
        let silhouette = try #require(CuboidSilhouette(scene, frame: frame, footprint: footprint, height: 0.5))
        let right = 128 + 200 * 0.2 / 1.5
        #expect(silhouette.isWithin(0, of: SIMD2(128, 96)))
        #expect(silhouette.isWithin(8, of: SIMD2(right + 5, 96)))
        #expect(!silhouette.isWithin(8, of: SIMD2(right + 10, 96)))
        #expect(!silhouette.isWithin(0, of: SIMD2(right + 1, 96)))
    }
}
