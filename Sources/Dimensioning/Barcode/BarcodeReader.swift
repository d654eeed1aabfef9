/// What reads the barcodes in a capture's colour images: the expensive half of barcode reading
/// (decoding video and images), which the core engine does not link. The DimensioningBarcodes
/// library provides the zxing-cpp one (`ZXingBarcodeReader`). A `DimensioningSession` created
/// with one reads the colour frames given to `process(_:colour:)`; `placeBarcodes` maps the
/// reads onto the measured box.
public protocol BarcodeReader: Sendable {
    /// The symbols read in `capture`'s colour images, one observation per symbol and frame, in
    /// the order read; `[]` for a capture without colour.
    ///
    /// - Throws: `unreadableCapture` naming a colour file that cannot be read.
    func readBarcodes(_ capture: DepthCapture, parameters: BarcodeParameters,
                      limits: CaptureLimits) throws(DimensioningError) -> [BarcodeObservation]
}
