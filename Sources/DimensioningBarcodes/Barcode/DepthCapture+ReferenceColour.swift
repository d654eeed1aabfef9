import Dimensioning

extension DepthCapture {
    /// The colour image recorded with the depth frame the fusion looks from
    /// (`referenceFrameIndex(_:)`), decoded to luma, for the seams between lids of one height
    /// (`measureAllBoxes(_:parameters:sceneParameters:colour:)`); nil when the capture has no
    /// colour stream.
    ///
    /// - Throws: `unreadableCapture` naming the colour file when it cannot be decoded.
    public func referenceColourImage(fusion: FusionParameters, limits: CaptureLimits = .init()) throws(DimensioningError) -> LumaImage? {
        guard let stream = colour, let reference = referenceFrameIndex(fusion) else { return nil }
        return try ColourFrameSequence(stream, limits: limits).image(forDepthFrame: reference, decode: true)
    }
}
