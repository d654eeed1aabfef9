import Dimensioning
import Dispatch
import Foundation

/// The barcode stage of a measurement: `readBarcodes` on the capture's colour images, then
/// `placeBarcodes` on the pipeline's result (or without one: faces unknown).
///
/// Colour that cannot be read (a truncated `rgb.mp4`) gives no barcodes and the error naming
/// the file; it never changes or fails the measurement. A capture without colour gives `[]`.
public func locateBarcodes(in capture: DepthCapture, result: PipelineResult?,
                           parameters: BarcodeParameters = .init(),
                           limits: CaptureLimits = .init()) -> (barcodes: [BarcodeReading], error: DimensioningError?) {
    do {
        let observations = try readBarcodes(capture, parameters: parameters, limits: limits)
        return (placeBarcodes(observations, in: capture, result: result, parameters: parameters), nil)
    } catch {
        return ([], error)
    }
}

/// `runPipeline` and the barcode stage together: the colour images are read and decoded on
/// another thread while the depth pipeline runs, then placed on its result. The pipeline's
/// outcome is exactly `runPipeline`'s.
public func measureWithBarcodes(_ capture: DepthCapture, parameters: PipelineParameters = .init(),
                                barcodeParameters: BarcodeParameters = .init(), limits: CaptureLimits = .init())
    -> (outcome: Result<PipelineResult, DimensioningError>, barcodes: [BarcodeReading], barcodeError: DimensioningError?) {
    guard capture.colour != nil else {
        return (Result { () throws(DimensioningError) in try runPipeline(capture, parameters: parameters) }, [], nil)
    }
    let read = ResultBox()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global(qos: .userInitiated).async {
        read.value = Result { () throws(DimensioningError) in try readBarcodes(capture, parameters: barcodeParameters, limits: limits) }
        done.signal()
    }
    let outcome = Result { () throws(DimensioningError) in try runPipeline(capture, parameters: parameters) }
    done.wait()
    switch read.value {
    case let .success(observations)?:
        return (outcome, placeBarcodes(observations, in: capture, result: try? outcome.get(), parameters: barcodeParameters), nil)
    case let .failure(error)?:
        return (outcome, [], error)
    case nil:
        return (outcome, [], .internalFailure(reason: "the barcode reader did not finish"))
    }
}

/// The background read's result, handed over under the semaphore.
private final class ResultBox: @unchecked Sendable {
    var value: Result<[BarcodeObservation], DimensioningError>?
}
