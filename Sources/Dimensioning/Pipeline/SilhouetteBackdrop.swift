/// What a silhouette side's gap past the top's last ray ended on, in most of its strips:
/// classified once by `locateEdge` from what `silhouetteEdge` counted, and read by the passes
/// that decide whose band the side keeps (`reconcileBands`, `captureBandPixels`) and by the
/// uncertainty model (`SideEvidence`).
public enum SilhouetteBackdrop: String, Sendable, Codable, Equatable {
    /// The surface the box stands on resumed past a band of mixed or missing pixels: the gap
    /// is the sensor's own edge band.
    case support
    /// A surface between top and floor stood close behind (a wall, another object), and the
    /// gap did not end on it: the gap is not the sensor's band there, so the side takes the
    /// band the capture's other sides show (`reconcileBands`).
    case surface
    /// A surface close behind, and the gap ended on it (points standing on the same vertical
    /// plane as its farther points; measured on a still camera only, see `locateEdge`): the
    /// gap is the sensor's band against that surface, kept like a gap to the floor.
    case surfaceAtGap = "surface_at_gap"
    /// No strip's gap was narrow enough for a band, but in most of them nothing at all came
    /// back past the top's last ray before the floor resumed, up to
    /// `SensorBehaviour.missingReturnsReachPixels` out (a stereo camera's occlusion strip
    /// beside a tall edge, a dark patch). The gap says nothing of the edge, so the side always
    /// takes the other sides' band, or is a fallback at its last top ray (`reconcileBands`).
    case missingReturns = "missing_returns"

    /// Classifies a silhouette as `silhouetteEdge` measured it: missing returns when it was
    /// measured across them, else a surface behind in more than half the strips (the gap
    /// ending on it in more than half), else the support.
    init(_ silhouette: SilhouetteEdge) {
        if silhouette.acrossMissingReturns {
            self = .missingReturns
        } else if silhouette.surfaceGapShare > 0.5 {
            self = .surfaceAtGap
        } else if silhouette.surfaceShare > 0.5 {
            self = .surface
        } else {
            self = .support
        }
    }

    /// A surface between top and floor stands close behind the side.
    var isSurface: Bool { self == .surface || self == .surfaceAtGap }

    /// Whether the gap is the sensor's own band past the edge: to the support, or measured
    /// against the surface behind.
    var gapIsOwnBand: Bool { self == .support || self == .surfaceAtGap }
}
