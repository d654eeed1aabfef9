import Foundation

/// Settings of `measureAllBoxes`: how a scene of several cartons is cut into tops (metres, and
/// grey levels for the colour image).
///
/// Everything else (the smallest box, the top's fill, the border margin, the gate) comes from
/// `PipelineParameters`, so that a carton measured in a scene is judged as a lone box is.
public struct SceneParameters: Sendable, Equatable, Codable {
    /// Side of a height-map cell on the support, metres (> 0). Default 0.005: finer than a
    /// depth pixel's footprint at 1-2 m for the cameras in use (2-3 mm at 1.7 m for 600 px of
    /// focal length gives cells of one or two samples), coarse enough to stay connected.
    public var cellSize: Double = 0.005
    /// Largest height difference between neighbouring cells of one top, metres (> 0). Default
    /// 0.012: three times a stereo camera's depth noise at 1.7 m (about 4 mm), and under the
    /// smallest step between two cartons' tops the scene is cut at (a lid of 12 mm or more).
    public var stepTolerance: Double = 0.012
    /// Steepest a cell's surface may rise (height over run, on its flatter side) and still
    /// belong to a top. Default 0.35 (about 20 degrees): a lid sags or bulges less; the ramps of
    /// mixed pixels at a carton's edge and its side faces rise more.
    public var maximumSlope: Double = 0.35
    /// How far around a top its support is looked for, metres. Default 0.10.
    public var supportReach: Double = 0.10
    /// Weakest dark line across a top, in grey levels (0...255) of the colour image, that cuts
    /// it into two cartons (`strongestSeam`). Default 20: the shadowed gaps between the NEURA
    /// pallet's lids answer 44-125 grey levels, lines across its lids without a seam (print,
    /// tape, barcodes) at most 3, and strips of mixed depths too thin to hold a carton up to 12
    /// (both frames).
    public var seamContrast: Double = 20

    public init() {}
}
