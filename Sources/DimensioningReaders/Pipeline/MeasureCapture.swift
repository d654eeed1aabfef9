import Dimensioning
import Foundation

/// Reads the capture at `url` (a Stray Scanner folder, a .pcd or a .ply) and measures it.
/// Only the frames the fusion takes are kept in memory (`FrameWindow.last`), so a capture of any
/// length is measured in bounded memory, with the result of reading it whole.
///
/// - Throws: `unreadableCapture` naming the bad file, or the pipeline's refusal.
public func measureCapture(at url: URL, parameters: PipelineParameters = .init(),
                           limits: CaptureLimits = .init()) throws(DimensioningError) -> PipelineResult {
    let capture = try CaptureReader.read(url, limits: limits, window: .last(parameters.fusion.maximumFrames))
    return try runPipeline(capture, parameters: parameters)
}
