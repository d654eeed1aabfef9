import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningBarcodes
@testable import DimensioningReaders
@testable import DimensioningSimulation
import TestSupport

/// The barcode stage on simulated captures with painted codes (colour at 1920x1440, in memory),
/// and on captures without colour or with codes too small to read.
@Suite struct BarcodeStageTests {
    static let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.4)

    /// A steady capture of `box` with `label`, the camera `distance` metres from the box centre.
    static func capture(_ label: BarcodeLabel, distance: Double = 0.7, elevation: Double = 60, azimuth: Double = 200,
                        frames: Int = 2) throws -> DepthCapture {
        let scene = SimulatedScene(name: "barcode", target: box)
        let rig = CameraRig(distance: distance, elevation: elevation * Double.pi / 180, azimuth: azimuth * Double.pi / 180,
                            frameCount: frames)
        let simulated = SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: 16)
        return try ColourStreamWriter.withColourFrames(simulated, labels: [label])
    }

    @Test func aTopFaceCodeIsReadWithItsModuleSize() throws {
        let label = BarcodeLabel(symbology: .qrCode, text: "PARCEL-000016", moduleSize: 0.002, rotation: 0.5)
        let measured = measureWithBarcodes(try Self.capture(label))
        #expect((try? measured.outcome.get()) != nil, "the box itself is measured as before")
        #expect(measured.barcodeError == nil)
        #expect(measured.barcodes.count == 1)
        let code = try #require(measured.barcodes.first)
        #expect(code.symbology == .qrCode && code.text == "PARCEL-000016")
        #expect(code.face == .top)
        let module = try #require(code.moduleSize)
        #expect(abs(module - 0.002) / 0.002 <= 0.10, "module \(module * 1000) mm, painted 2 mm")
        #expect((code.modulePixels ?? 0) > 2, "about 4 px a module at 0.7 m")
        #expect(code.scannerReadable == true)
    }

    @Test func aSideFaceCodeIsOnASide() throws {
        // The +length side faces the camera at azimuth 0.4 rad (the box's yaw), seen from low.
        let label = BarcodeLabel(symbology: .qrCode, text: "SIDE-1", moduleSize: 0.002, face: .plusLength,
                                 offset: SIMD2(0, 0.03))
        let measured = measureWithBarcodes(try Self.capture(label, distance: 0.75, elevation: 35, azimuth: 0.4 * 180 / Double.pi))
        let code = try #require(measured.barcodes.first)
        #expect(code.text == "SIDE-1")
        if (try? measured.outcome.get()) != nil {
            #expect(code.face == .side)
        }
    }

    @Test func facesAreClassifiedAgainstTheCuboid() {
        let cuboid = CuboidFit(footprint: Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: 0.2, halfB: 0.15),
                               length: 0.4, width: 0.3, height: 0.25, centerInWorld: SIMD3(0, 0, 0.125),
                               axesInWorld: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)], fill: 1, edges: [], topPointCount: 0)
        let p = BarcodeParameters()
        #expect(classifyFace(center: SIMD3(0.05, 0.02, 0.251), normal: SIMD3(0, 0, 1), cuboid: cuboid, parameters: p) == .top)
        #expect(classifyFace(center: SIMD3(0.2, 0.0, 0.1), normal: SIMD3(1, 0, 0), cuboid: cuboid, parameters: p) == .side)
        #expect(classifyFace(center: SIMD3(0.0, -0.15, 0.1), normal: SIMD3(0, -1, 0), cuboid: cuboid, parameters: p) == .side)
        #expect(classifyFace(center: SIMD3(0.5, 0.0, 0.0), normal: SIMD3(0, 0, 1), cuboid: cuboid, parameters: p) == .offBox,
                "on the floor beside the box")
        #expect(classifyFace(center: SIMD3(0.05, 0.02, 0.40), normal: SIMD3(0, 0, 1), cuboid: cuboid, parameters: p) == .offBox,
                "a sheet held 15 cm above the top")
    }

    @Test func aCodeTooSmallToResolveGivesNoText() throws {
        // 0.3 mm modules at about 0.9 m: half a pixel a module. No guess comes back.
        let label = BarcodeLabel(symbology: .qrCode, text: "TOO-SMALL-1", moduleSize: 0.0003)
        let measured = measureWithBarcodes(try Self.capture(label, distance: 0.9))
        #expect(measured.barcodes.isEmpty)
        #expect(measured.barcodeError == nil)
    }

    @Test func aCaptureWithoutColourGivesNoBarcodesAndTheSameMeasurement() throws {
        let simulated = SampleCapture.render()
        #expect(simulated.capture.colour == nil)
        let measured = measureWithBarcodes(simulated.capture)
        #expect(measured.barcodes.isEmpty && measured.barcodeError == nil)
        let plain = try runPipeline(simulated.capture)
        let cuboid = try measured.outcome.get().cuboid
        #expect(cuboid.length == plain.cuboid.length && cuboid.width == plain.cuboid.width && cuboid.height == plain.cuboid.height)
    }

    @Test func neuraColourFramesReportNoCode() throws {
        // 640x480 colour of cartons 1.6-1.9 m away: their codes are about a pixel a module.
        guard let folder = RealFixtures.require("neura-pallet/frame-1") else { return }
        let capture = try CaptureReader.read(folder)
        #expect(capture.colour != nil, "color_image.png is the capture's colour stream")
        #expect(try readBarcodes(capture).isEmpty)
    }

    @Test func aDamagedColourVideoIsReportedNotFatal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("barcode-damaged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let simulated = SceneSimulator.render(scene: SampleCapture.scene, rig: SampleCapture.rig.with(frames: 3),
                                              noise: .iPhoneLiDAR, seed: 3)
        try StrayScannerWriter.write(simulated.capture, to: folder)
        try Data("not a video".utf8).write(to: folder.appendingPathComponent("rgb.mp4"))
        let capture = try CaptureReader.read(folder)
        let measured = measureWithBarcodes(capture)
        #expect(measured.barcodes.isEmpty)
        guard case let .unreadableCapture(file, _)? = measured.barcodeError else {
            Issue.record("expected an unreadable-capture error naming rgb.mp4"); return
        }
        #expect(file.hasSuffix("rgb.mp4"))
        #expect((try? measured.outcome.get()) != nil, "the depth measurement stands")
    }
}

extension CameraRig {
    func with(frames: Int) -> CameraRig {
        var rig = self
        rig.frameCount = frames
        return rig
    }
}
