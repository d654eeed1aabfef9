/// "Is this a cuboid?" (`outlineStep`, `heightStep`, the top's fill). A step seen down to the
/// support is two parcels and refused as not a cuboid; a step over the object's own lower part
/// is a recess, measured as the enclosing cuboid (`PipelineResult.shapeNotes`).
public struct ShapeParameters: Sendable, Equatable, Codable {
    /// The top's outline must be straight (`outlineStep`): along each side, in strips
    /// `outlineStripWidth` metres wide (leaving `outlineCornerMargin`, a strip and a half, at each corner), a
    /// run of strips whose outermost top samples lie more than `outlineStepMinimum` (a strip's
    /// width) or `outlineStepPixels` pixel footprints off the side's median, over at least
    /// `outlineStepMinimumShare` of the side (and three strips), with at least
    /// `outlineSeenRays` rays per strip seen passing below the top in the gap
    /// (`PipelineParameters.backgroundDrop`), is a step. Defaults 0.02 m, 3 px, 0.15 and 3.
    ///
    /// `outlineStripWidth` is the scale of every test of the top's shape: the height step's
    /// window and margin are multiples of it too.
    public var outlineStripWidth: Double = 0.02
    public var outlineStepPixels: Double = 3
    public var outlineStepMinimumShare: Double = 0.15
    public var outlineSeenRays: Int = 3
    /// The top must be one plane (`heightStep`): a line across the footprint, at least
    /// `heightStepMinimumSide` metres from either end (on steps of a quarter window), with the
    /// top band's median height on either side differing by `heightStepMinimum` metres or more
    /// within `heightStepWindow` metres of the line (each median over at least
    /// `heightStepMinimumSamples` samples), is a step: two boxes of nearly one height side by
    /// side, or a crushed lid. Defaults 0.008 m and 30.
    public var heightStepMinimum: Double = 0.008
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

    /// How far (metres) the top's outline must stand off its side's median to step: one strip's
    /// width, so that a step is as deep as the strips that find it are wide. Once a setting of
    /// its own, at this value (0.02 m).
    public var outlineStepMinimum: Double { outlineStripWidth }

    /// The window (metres) on either side of a candidate line of the height step: two strips,
    /// so that each side's median spans the width of the outline's own step test twice over.
    /// Once a setting of its own, at this value (0.04 m).
    public var heightStepWindow: Double { 2 * outlineStripWidth }

    /// How far (metres) a height step's line stays from either end of the footprint: two
    /// windows, so that the lower part seen on either side is at least one full window wide
    /// past the line's own. Once a setting of its own, at this value (0.08 m).
    public var heightStepMinimumSide: Double { 2 * heightStepWindow }

    public init() {}
}
