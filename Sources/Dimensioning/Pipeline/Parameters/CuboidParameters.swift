/// The oriented footprint and its four sides (`fitCuboid`, `locateEdge`). How the sensor renders
/// an edge (its band, its fattening) is its class's `SensorBehaviour`; the window that gathers a
/// side face's points and the drop that counts as seen past an edge are the engine's separation
/// (`PipelineParameters.sideBand`, `PipelineParameters.backgroundDrop`).
public struct CuboidParameters: Sendable, Equatable, Codable {
    /// A side face is used only when its points run along at least this many of the side's
    /// 2-cm strips, half a row of samples in each (`faceStrips`). A face seen at a grazing angle
    /// may hold no points of its own while the noisy corner of the neighbouring face, or a few
    /// stray samples, reach into its window: on the fixed tuning seeds such windows (a dozen to
    /// seventy points, in the end strip or scattered) put sides 8-10 mm inside the box. A face
    /// partly hidden by something in front of it still shows a run of strips. Default 3.
    public var minimumSideFaceStrips: Int = 3

    public init() {}
}
