import Foundation
import Testing
import TestSupport
@testable import Dimensioning
@testable import DimensioningSimulation

/// The fixed-mount camera effects (`FixedMountEffects`) each do what they say on an exact
/// rendering of a box seen by a fixed camera, with no other noise; and the handheld iPhone
/// model is untouched by them.
@Suite struct FixedMountEffectsTests {
    static let scene = SimulatedScene(target: SimTest.box)
    static func rig(_ camera: CameraIntrinsics, elevation: Double = 60) -> CameraRig {
        CameraRig(distance: 1.0, elevation: elevation * SimTest.deg, azimuth: 30 * SimTest.deg, lookAt: .zero,
                  frameCount: 1, intrinsics: camera).steady()
    }
    static let stereoCamera = SensorFamily.stereo.fixedMount!
    static let tofCamera = SensorFamily.timeOfFlight.fixedMount!

    /// Exact depth, and the depth the noise-free model with sharp edges and only `effects` records.
    static func recorded(_ effects: FixedMountEffects, camera: CameraIntrinsics, scene: SimulatedScene = scene,
                         elevation: Double = 60, white: Double = 0) -> (exact: RenderedDepth, depth: [Float]) {
        var model = SensorNoiseModel.none
        model.edges = EdgeBehaviour(name: "sharp", bandHalfWidth: 0)
        model.fixedMount = effects
        model.whiteNoiseBase = white
        model.matte = SurfaceResponse(noiseGain: 1, dropoutProbability: 0, mediumConfidenceProbability: 0)
        let exact = SceneSimulator.renderExact(scene: scene, rig: rig(camera, elevation: elevation), seed: 3)[0]
        var g = SeededGenerator(seed: 5)
        let state = model.makeCaptureState(width: exact.width, height: exact.height, using: &g)
        return (exact, model.apply(to: exact, state: state, using: &g).depth)
    }

    /// Structured light: depths come in disparity steps, z^2 / 8 / (f b) (3.5 mm at 1.1 m for an
    /// Astra, as its real captures step), so each lies within half a step of the exact depth
    /// and they take far fewer values than whole millimetres would; steps grow with z^2.
    @Test func structuredLightDepthsComeInDisparitySteps() throws {
        let effects = FixedMountEffects.structuredLight
        let camera = try #require(SensorFamily.structuredLight.fixedMount)
        let (exact, depth) = Self.recorded(effects, camera: camera)
        var recorded = Set<Float>(), millimetres = Set<Double>()
        for p in depth.indices where depth[p] > 0 {
            let step = try #require(effects.disparityStep(atDepth: exact.depth[p]))
            #expect(abs(Double(depth[p]) - exact.depth[p]) <= step / 2 + 0.0005,
                    "pixel \(p): \(depth[p]) m for \(exact.depth[p]) m")
            recorded.insert(depth[p])
            millimetres.insert((exact.depth[p] * 1000).rounded())
        }
        #expect(millimetres.count > 200)
        #expect(recorded.count * 2 < millimetres.count, "\(recorded.count) values against \(millimetres.count) mm")
        let step = try #require(effects.disparityStep(atDepth: 1.1))
        #expect(abs(step - 0.0035) < 0.0002, "step at 1.1 m: \(step * 1000) mm")
        #expect(try #require(effects.disparityStep(atDepth: 2.2)) > 3.9 * step)
        #expect(FixedMountEffects.stereo.disparityStep(atDepth: 1.1) == nil)
    }

    /// Stereo: every pixel in the left band (u < f b / z) is empty; every other emptied pixel
    /// has a nearer surface to its right within the occlusion width f b (1/z_near - 1/z); the
    /// rest keep their exact depth; the box casts an occlusion strip.
    @Test func stereoLeftBandAndOcclusion() {
        let fb = 385 * 0.05
        let (exact, depth) = Self.recorded(FixedMountEffects(focalBaseline: fb), camera: Self.stereoCamera)
        let w = exact.width
        var occluded = 0
        for p in depth.indices where exact.depth[p] > 0 {
            let u = p % w, z = exact.depth[p]
            if Double(u) < fb / z { #expect(depth[p] == 0, "pixel \(p) in the left band kept depth"); continue }
            if depth[p] == 0 {
                var explained = false
                var k = 1
                while !explained && u + k < w {
                    let zq = exact.depth[p + k]
                    if zq > 0, z - zq > 0.02, Double(k) <= fb * (1 / zq - 1 / z) { explained = true }
                    k += 1
                }
                #expect(explained, "pixel \(p) emptied with no nearer surface to its right")
                occluded += 1
            } else {
                #expect(abs(Double(depth[p]) - z) < 1e-6)
            }
        }
        #expect(occluded > 50, "occlusion strip: \(occluded) pixels")
    }

    /// Holes fall only on the objects standing on the floor, never on the floor.
    @Test func holesOnlyOnObjects() {
        let (exact, depth) = Self.recorded(FixedMountEffects(texturelessHoleShare: 0.2), camera: Self.stereoCamera)
        var holes = 0
        for p in depth.indices where exact.depth[p] > 0 && depth[p] == 0 {
            #expect(exact.objectID[p] > RenderedDepth.floorID)
            holes += 1
        }
        #expect(holes > 0)
    }

    /// ToF multipath: only pixels within the reach of where box and floor meet get longer, by
    /// at most the maximum, and there are some.
    @Test func multipathLengthensTheBase() {
        let effects = FixedMountEffects(multipathLengthening: 0.005, multipathReachPixels: 6)
        let (exact, depth) = Self.recorded(effects, camera: Self.tofCamera)
        var longer = 0
        for p in depth.indices where exact.depth[p] > 0 {
            let extra = Double(depth[p]) - exact.depth[p]
            #expect(extra > -1e-6 && extra <= 0.005 + 1e-6, "pixel \(p): \(extra) m")
            if extra > 1e-4 { longer += 1 }
        }
        #expect(longer > 100, "\(longer) pixels lengthened")
        // Straight down at a floor alone: nothing to bounce off.
        let floor = Self.recorded(effects, camera: Self.tofCamera, scene: .floorOnly(), elevation: 90)
        #expect(zip(floor.exact.depth, floor.depth).allSatisfy { abs(Double($1) - $0) < 1e-6 })
    }

    /// ToF dark patches: about the stated share of the image, more in the outer ring than in
    /// the middle.
    @Test func darkPatchesTowardTheCorners() {
        let (exact, depth) = Self.recorded(FixedMountEffects(noReturnShare: 0.04), camera: Self.tofCamera,
                                           scene: .floorOnly(), elevation: 90)
        let w = exact.width, h = exact.height
        var dark = 0, outer = 0, inner = 0
        for p in depth.indices where depth[p] == 0 {
            dark += 1
            let u = Double(p % w) / Double(w) - 0.5, v = Double(p / w) / Double(h) - 0.5
            if max(abs(u), abs(v)) > 0.35 { outer += 1 } else if max(abs(u), abs(v)) < 0.2 { inner += 1 }
        }
        let share = Double(dark) / Double(w * h)
        #expect(share > 0.03 && share < 0.05, "dark share \(share)")
        #expect(outer > 3 * inner, "outer \(outer), inner \(inner)")
    }

    /// ToF corner noise: the white noise in the corners is about (1 + gain)-fold the centre's.
    @Test func noiseGrowsTowardTheCorners() {
        let (exact, depth) = Self.recorded(FixedMountEffects(cornerNoiseGain: 1.5), camera: Self.tofCamera,
                                           scene: .floorOnly(), elevation: 90, white: 0.002)
        let w = exact.width, h = exact.height
        var centre: [Double] = [], corner: [Double] = []
        for p in depth.indices where depth[p] > 0 {
            let u = p % w, v = p / w, e = Double(depth[p]) - exact.depth[p]
            if abs(u - w / 2) < 40 && abs(v - h / 2) < 40 { centre.append(e) }
            if (u < 40 || u >= w - 40) && (v < 40 || v >= h - 40) { corner.append(e) }
        }
        let ratio = SimTest.standardDeviation(corner) / SimTest.standardDeviation(centre)
        #expect(ratio > 1.9 && ratio < 2.6, "corner / centre noise \(ratio)")
    }

    /// The iPhone model never sees these effects: the bundled sample capture is rendered
    /// byte for byte as checked in.
    @Test func theIPhoneSampleIsUnchanged() throws {
        let folder = TestPaths.temporaryFolder("sample")
        defer { try? FileManager.default.removeItem(at: folder) }
        try SampleCapture.write(to: folder)
        let checkedIn = TestPaths.repository.appendingPathComponent("Samples/captures/\(SampleCapture.name)/depth")
        let names = try FileManager.default.contentsOfDirectory(atPath: checkedIn.path).sorted()
        #expect(names.count == 20)
        for name in names {
            let a = try Data(contentsOf: checkedIn.appendingPathComponent(name))
            let b = try Data(contentsOf: folder.appendingPathComponent("depth/" + name))
            #expect(a == b, "depth/\(name) differs from the checked-in sample")
        }
    }
}
