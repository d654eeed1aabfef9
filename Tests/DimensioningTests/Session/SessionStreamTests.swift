import Foundation
import Testing
@testable import Dimensioning

@Suite struct SessionStreamTests {
    @Test func updateStreamDeliversThePhaseSequence() async throws {
        let capture = SessionTest.normalCapture(frames: 50)
        let session = try DimensioningSession()
        let stream = session.updates()
        let consumer = Task {
            var phases: [String] = []
            var sawTracks = false, sawHints = false
            for await update in stream {
                switch update.event {
                case let .phase(phase):
                    phases.append(phase.name)
                    if phase.isFinal { return (phases, sawTracks, sawHints) }
                case .tracks: sawTracks = true
                case .hints: sawHints = true
                case .barcode: break
                }
            }
            return (phases, sawTracks, sawHints)
        }
        for frame in capture.capture.frames {
            session.process(frame)
            if session.phase.isFinal { break }
        }
        let (phases, sawTracks, sawHints) = await consumer.value
        #expect(phases == ["initializing", "scanning", "detected", "capturing", "captured"])
        #expect(sawTracks)
        #expect(sawHints)
    }

    @Test func aSessionCanBeUsedFromManyTasks() async throws {
        let capture = SessionTest.normalCapture(frames: 8)
        let session = try DimensioningSession()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for frame in capture.capture.frames { session.process(frame) } }
            for _ in 0..<4 { group.addTask { for _ in 0..<50 { _ = session.phase; _ = session.tracks } } }
        }
        #expect(session.framesProcessed == 8)
    }
}
