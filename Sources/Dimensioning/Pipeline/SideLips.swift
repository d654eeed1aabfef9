/// What one silhouette side shows of depth copied past its edge: the lip a fattening sensor
/// leaves (heights in metres above the top plane; positions in metres from the rectangle's
/// centre). `locateEdge` fills it from the side's strips, `measureBandLips` adds the lip under a
/// band, and `assessLips` and `correctFattening` read it.
public struct SideLips: Sendable, Equatable {
    /// Share of strips whose first ray past the edge met a surface *above* the top plane: the
    /// nearer surface spreading over the farther one (stereo fattening), seen as a lip. Such
    /// rays count as past the edge. Nil for sides that are not silhouettes.
    public var share: Double? = nil
    /// Whether fattening of two pixels would show as a lip here (the edge is seen obliquely
    /// enough that depth copied across it rises above the top's noise band). A sharp edge
    /// (`EdgeEstimate.bandPixels` under a pixel) that shows no lip where one would show is a
    /// sharp sensor, not a fattening one; elsewhere (a straight-down view, a side seen along its
    /// length) the two cannot be told apart.
    public var visible: Bool = false
    /// How far a one-pixel lip would rise above the top here (`lipRisePerPixel`).
    public var risePerPixel: Double = 0
    /// Sides facing away: how far the top's outermost row of samples stands above the rows just
    /// inside it (median over strips), and its standard error. A lip lower than the foreground
    /// band passes for top; this is how it still shows (see `assessLips`).
    public var outerRowRise: Double? = nil
    public var outerRowRiseError: Double? = nil
    /// Sides facing away: the median height above the top plane of the near-top depth samples
    /// in the first pixel row past the top's outer row, and its standard error
    /// (`measureBandLips`): about 0 without fattening, about `risePerPixel` with a pixel of
    /// fattening hidden under a band. Nil where not measured.
    public var bandRise: Double? = nil
    public var bandRiseError: Double? = nil
    /// The outer row's median position, and where a lip higher than the band ends (the last ray
    /// above the top, median over the strips showing one). Not in any output.
    var outerRowPosition: Double? = nil
    var end: Double? = nil
    /// Where a lip rises above the band: how far its highest ray stands above the top (median
    /// over the strips showing one). A fattening sensor copies the edge pixel's depth `k` pixels
    /// out, so the lip's last pixel rises `k` times `risePerPixel`. Not in any output.
    var topRise: Double? = nil

    /// Whether what rose past the edge stands higher than a lip can: more than the widest band's
    /// pixels (`SensorBehaviour.maximumBandPixels`) of `risePerPixel` (`topRise`; false where
    /// none was measured). Such a rise is a surface behind the side (a wall, a taller
    /// neighbour's face), not the sensor's lip.
    func risesHigherThanALip(_ sensor: SensorBehaviour) -> Bool {
        guard let topRise else { return false }
        return topRise > sensor.maximumBandPixels * risePerPixel
    }

    public init() {}
}
