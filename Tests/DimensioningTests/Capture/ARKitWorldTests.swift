import Testing
@testable import Dimensioning

extension CaptureTests {
    /// The ARKit (y up) to engine (z up) world change.
    @Suite struct ARKitWorldTests {
        @Test func worldConversionRoundTrips() {
            let pose = RigidTransform(quaternion: SIMD4(0.3, -0.1, 0.2, 0.9), translation: SIMD3(1, 2, 3))
            let engine = ARKitWorld.engineWorldFromCamera(arkitWorldFromCamera: pose)
            #expect(maxAbs(engine.translation - SIMD3(1, -3, 2)) < 1e-12)
            let back = ARKitWorld.arkitWorldFromCamera(engineWorldFromCamera: engine)
            #expect(CaptureFixtures.maxDifference(back, pose) < 1e-12)
            // ARKit's up (+y) is the engine's up (+z).
            #expect(maxAbs(ARKitWorld.engineFromARKit.rotate(SIMD3(0, 1, 0)) - SIMD3(0, 0, 1)) < 1e-12)
        }

        /// ARKit's gravity (-y) becomes the engine's gravity (-z).
        @Test func gravityMapsToMinusZ() {
            let g = ARKitWorld.engineFromARKit.rotate(SIMD3(0, -1, 0))
            #expect(maxAbs(g - ARKitWorld.gravityInEngineWorld) < 1e-12)
            #expect(ARKitWorld.gravityInEngineWorld == SIMD3(0, 0, -1))
        }
    }
}
