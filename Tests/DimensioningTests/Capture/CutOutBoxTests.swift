import Foundation
import Testing
import TestSupport
@testable import Dimensioning
@testable import DimensioningReaders

/// A box cut out of its scene: a printer carton seen by a Kinect-class camera, its faces alone
/// with no floor around them, written by Open3D in OpenGL axes (`Tests/Fixtures/real/pyransac-box`).
/// Every plane of such a cloud has everything on one side, so a world-frame reading stood the
/// box on one of its own faces and refused it for what that made of it: "not a cuboid: the
/// sides located beside its 392 mm wide top lie past each other" (caixa), "too small: 8.4 cm
/// across" (caixa5). Its faces all face the origin from well over 0.15 m, as a camera sees an
/// object's faces from outside (`CloudOrientation.cameraHypothesis`): it is read as the camera's
/// cloud, and refused for the true reason, no ground plane in view.
@Suite struct CutOutBoxTests {
    @Test(arguments: ["caixa", "caixa5"])
    func aBoxWithoutItsFloorIsACameraCloudWithNoGroundPlane(name: String) throws {
        let capture = try CaptureReader.read(try TestPaths.pyransacBox(name))
        #expect(capture.input?.convention == .opengl && capture.input?.conventionDetected == true,
                "\(name): read as \(String(describing: capture.input?.convention))")
        do {
            let result = try runPipeline(capture)
            Issue.record("\(name): measured \(result.cuboid.length) x \(result.cuboid.width) x \(result.cuboid.height) m with no floor in view")
        } catch {
            #expect(error.code == "no_ground_plane", "\(name): \(error)")
        }
    }
}
