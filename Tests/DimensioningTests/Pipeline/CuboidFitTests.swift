import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Known-answer boxes: sizes and yaws, including square tops where a PCA box has no axis.
@Suite struct CuboidFitTests {
    @Test(arguments: [0.0, 15, 30, 45, 60, 75, 90])
    func rectangularBoxAtAnyYaw(yaw: Double) throws {
        let box = SimulatedBox(center: SIMD2(0.05, -0.02), length: 0.42, width: 0.28, height: 0.22, yaw: yaw * PipelineTest.deg)
        let result = try runPipeline(PipelineTest.clean(box).capture)
        #expect(abs(result.cuboid.length - 0.42) < 0.002, "length \(result.cuboid.length) at yaw \(yaw)")
        #expect(abs(result.cuboid.width - 0.28) < 0.002, "width \(result.cuboid.width) at yaw \(yaw)")
        #expect(abs(result.cuboid.height - 0.22) < 0.001, "height \(result.cuboid.height) at yaw \(yaw)")
        // The length axis is the box's, up to sign (yaw 0 and 90 differ by the long side).
        let expected = SIMD3(cos(yaw * PipelineTest.deg), sin(yaw * PipelineTest.deg), 0)
        #expect(abs(dot(result.cuboid.axesInWorld[0], expected)) > cos(1.0 * PipelineTest.deg))
    }

    @Test(arguments: [0.0, 22.5, 45, 67.5])
    func squareTopAtAnyYaw(yaw: Double) throws {
        let box = SimulatedBox(center: .zero, length: 0.35, width: 0.35, height: 0.30, yaw: yaw * PipelineTest.deg)
        let result = try runPipeline(PipelineTest.clean(box).capture)
        #expect(abs(result.cuboid.length - 0.35) < 0.002)
        #expect(abs(result.cuboid.width - 0.35) < 0.002)
        #expect(abs(result.cuboid.height - 0.30) < 0.001)
        #expect(result.cuboid.length >= result.cuboid.width)
        // The footprint's axes follow the square's sides (not a 45-degree PCA diagonal).
        let side = SIMD3(cos(yaw * PipelineTest.deg), sin(yaw * PipelineTest.deg), 0)
        let alignment = max(abs(dot(result.cuboid.axesInWorld[0], side)), abs(dot(result.cuboid.axesInWorld[1], side)))
        #expect(alignment > cos(1.0 * PipelineTest.deg))
    }

    @Test func topFaceHeightIsThePlaneDistance() throws {
        let box = SimulatedBox(center: .zero, length: 0.5, width: 0.3, height: 0.137, yaw: 0.4)
        let capture = PipelineTest.clean(box).capture
        let scene = try fuseFrames(capture)
        let floor = try fitFloor(scene)
        let segment = try isolateBox(scene, floor: floor)
        let top = try fitTopFace(scene, box: segment)
        #expect(abs(top.height - 0.137) < 0.0005)
        #expect(top.rms < 0.0005)
        #expect(abs(floor.plane.signedDistance(.zero)) < 0.0005)
    }

    @Test func theObjectInTheMiddleOfTheViewIsTheBox() throws {
        // The camera aims at the target; a bigger box stands 60 cm to its side.
        let target = SimulatedBox(center: .zero, length: 0.30, width: 0.20, height: 0.15, yaw: 0.2)
        let neighbour = SimulatedBox(center: SIMD2(0.0, 0.65), length: 0.45, width: 0.40, height: 0.35)
        let result = try runPipeline(PipelineTest.clean(target, distance: 1.3, others: [neighbour]).capture)
        #expect(result.box.clusterCount >= 2)
        #expect(abs(result.cuboid.length - 0.30) < 0.003 && abs(result.cuboid.height - 0.15) < 0.002)
    }

    @Test func noisyCaptureMeasuresWithinThreeMillimetres() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let result = try runPipeline(PipelineTest.noisy(box).capture)
        #expect(abs(result.cuboid.length - 0.40) < 0.003)
        #expect(abs(result.cuboid.width - 0.30) < 0.003)
        #expect(abs(result.cuboid.height - 0.25) < 0.003)
        #expect(result.isAccepted())
    }
}
