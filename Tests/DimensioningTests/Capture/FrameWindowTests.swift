import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders
import DimensioningSimulation
import TestSupport

/// Issue 15: a long capture is measured in bounded memory by keeping only a window of frames.
/// The window must give the frames (and so the results) that reading everything gives, and a
/// damaged frame outside it must still refuse the capture.
@Suite struct FrameWindowTests {
    @Test func keptIndices() {
        #expect(FrameWindow.all.kept(of: 7) == 0..<7)
        #expect(FrameWindow.last(3).kept(of: 7) == 4..<7)
        #expect(FrameWindow.last(30).kept(of: 7) == 0..<7)
        #expect(FrameWindow.last(0).kept(of: 7) == 6..<7, "at least one frame")
        #expect(FrameWindow.range(2...4).kept(of: 7) == 2..<5)
        #expect(FrameWindow.range(5...9).kept(of: 7) == 5..<7)
        #expect(FrameWindow.range(8...9).kept(of: 7).isEmpty)
    }

    /// The bundled sample's scene (20 frames with poses and confidence) as a Stray Scanner folder
    /// (the caller removes it; removed here if writing fails).
    func writeSample() throws -> URL {
        let folder = TestPaths.temporaryFolder("frame-window")
        do {
            try StrayScannerWriter.write(SampleCapture.render().capture, to: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return folder
    }

    @Test func windowedReadKeepsTheSameFrames() throws {
        let folder = try writeSample()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try StrayScannerReader.read(folder: folder)
        for window in [FrameWindow.last(6), .range(3...9), .all] {
            let part = try CaptureReader.read(folder, window: window)
            let kept = window.kept(of: whole.frames.count)
            #expect(part.frames == Array(whole.frames[kept]))
            #expect(part.recordedFrameCount == whole.frames.count)
            #expect(part.firstFrameIndex == kept.lowerBound)
            #expect(part.gravityInWorld == whole.gravityInWorld)
        }
    }

    @Test func lastMaximumFramesMeasuresBitIdentically() throws {
        let folder = try writeSample()
        defer { try? FileManager.default.removeItem(at: folder) }
        var parameters = PipelineParameters()
        parameters.fusion.maximumFrames = 8
        let whole = try runPipeline(try CaptureReader.read(folder), parameters: parameters)
        let windowed = try runPipeline(try CaptureReader.read(folder, window: .last(8)), parameters: parameters)
        #expect(windowed.cuboid.length == whole.cuboid.length)
        #expect(windowed.cuboid.width == whole.cuboid.width)
        #expect(windowed.cuboid.height == whole.cuboid.height)
        #expect(windowed.cuboid.centerInWorld == whole.cuboid.centerInWorld)
        #expect(windowed.uncertainty == whole.uncertainty)
        #expect(windowed.scene.pointsInWorld == whole.scene.pointsInWorld)
    }

    @Test func aDamagedFrameOutsideTheWindowStillRefusesTheCapture() throws {
        let folder = try writeSample()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("depth/000000.png")
        try Data("not a png".utf8).write(to: first)
        #expect {
            try CaptureReader.read(folder, window: .last(4))
        } throws: { error in
            guard case let .unreadableCapture(file, _) = error as? DimensioningError else { return false }
            return file.hasSuffix("000000.png")
        }
    }
}
