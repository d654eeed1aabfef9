/// "Is this a cuboid?" (`outlineStep`, `heightStep`, the top's fill). A step seen down to the
/// support is two parcels and refused as not a cuboid; a step over the object's own lower part
/// is a recess, measured as the enclosing cuboid (`PipelineResult.shapeNotes`).
public struct ShapeParameters: Sendable, Equatable, Codable {
    /// The top's outline must be straight (`outlineStep`): along each side, in strips
    /// `outlineStripWidth` metres wide (leaving `outlineCornerMargin`, a strip and a half, at each corner), a
    /// run of strips whose outermost top samples lie more than `outlineStepMinimum` metres or
    /// `outlineStepPixels` pixel footprints off the side's median, over at least
    /// `outlineStepMinimumShare` of the side (and three strips), with at least
    /// `outlineSeenRays` rays per strip seen passing below the top in the gap
    /// (`CuboidParameters.backgroundDrop`), is a step. Defaults 0.02 m, 0.02 m, 3 px, 0.15 and 3.
    public var outlineStripWidth: Double = 0.02
    public var outlineStepMinimum: Double = 0.02
    public var outlineStepPixels: Double = 3
    public var outlineStepMinimumShare: Double = 0.15
    public var outlineSeenRays: Int = 3
    /// The top must be one plane (`heightStep`): a line across the footprint, at least
    /// `heightStepMinimumSide` metres from either end (on steps of a quarter window), with the
    /// top band's median height on either side differing by `heightStepMinimum` metres or more
    /// within `heightStepWindow` metres of the line (each median over at least
    /// `heightStepMinimumSamples` samples), is a step: two boxes of nearly one height side by
    /// side, or a crushed lid. Defaults 0.008 m, 0.04 m, 0.08 m and 30.
    public var heightStepMinimum: Double = 0.008
    public var heightStepWindow: Double = 0.04
    public var heightStepMinimumSide: Double = 0.08
    public var heightStepMinimumSamples: Int = 30
    /// Smallest share of its fitted rectangle (0...1) a carton's top among others must cover
    /// to be one box (`measureTop`). A lone box is refused 0.1 below it: its outline has also
    /// lost the sensor's band at every side, and what is left is judged by its uncertainty.
    /// Default 0.85.
    public var minimumFill: Double = 0.85

    /// What each side's outline leaves out at each corner, metres: a strip and a half (a
    /// blurred or rounded corner, the band turning the corner). Once a setting of its own, at
    /// this value (0.03 m).
    public var outlineCornerMargin: Double { 1.5 * outlineStripWidth }

    public init() {}
}
