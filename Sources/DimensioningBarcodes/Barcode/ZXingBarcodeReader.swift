import Dimensioning

/// The zxing-cpp barcode reader (`readBarcodes`), for the core's `BarcodeReader` slot: pass it
/// to a `DimensioningSession` to have the colour frames given to `process(_:colour:)` read.
///
/// ```swift
/// let session = try DimensioningSession(configuration: .init(), barcodeReader: ZXingBarcodeReader())
/// ```
public struct ZXingBarcodeReader: BarcodeReader {
    public init() {}

    public func readBarcodes(_ capture: DepthCapture, parameters: BarcodeParameters,
                             limits: CaptureLimits) throws(DimensioningError) -> [BarcodeObservation] {
        try DimensioningBarcodes.readBarcodes(capture, parameters: parameters, limits: limits)
    }
}
