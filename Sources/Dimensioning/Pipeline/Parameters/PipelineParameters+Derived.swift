/// Settings the engine derives from others. Each was a setting of its own, at the value it is
/// derived to by default; a configuration file that names one at that value still reads, and
/// another value is an error that says what it follows now (`removedKeys`).
///
/// Two models make them redundant:
/// - **One separation.** Euclidean clustering (`IsolationParameters.clusterTolerance`) decides
///   that two surfaces closer than it are one object and farther apart are two. The other
///   "together or apart" decisions use the same distance: the points of a side face within it
///   of the side, a point that far below the top seen past the edge, a side that near a wall's
///   foot touching the wall. A different distance for each would let one stage call apart what
///   another joined.
/// - **The sensor's own numbers.** How far a vertical surface's samples scatter is the
///   sensor's `SensorBehaviour.surfaceSpread`, for a wall as for a surface behind a box; a
///   plane nearer the camera than its shortest measuring range plus the lowest box cannot hold
///   a box it could measure.
extension PipelineParameters {
    /// Distance (metres) at which two surfaces are apart: `isolation.clusterTolerance`
    /// (default 0.02).
    public var separation: Double { isolation.clusterTolerance }

    /// Side-face points within this distance (metres) of a rectangle side locate that edge
    /// (`locateEdges`, `neighbourFace`): `separation`. Nearer than that, a point would have
    /// been clustered with the box anyway. Was `cuboid.sideBand` (0.02).
    public var sideBand: Double { separation }

    /// A point at least this far (metres) below the top is seen past the box's edge: the
    /// background of a silhouette side, a ray through a step of the top's outline: `separation`.
    /// Was `cuboid.backgroundDrop` (0.02).
    public var backgroundDrop: Double { separation }

    /// A box refused as several objects with a side within this distance (metres) of a wall
    /// (placed at the wall's foot) is refused as `againstWall` instead: the other object was the
    /// wall, touching the box at the resolution of the clustering: `separation`. Was
    /// `walls.footDistance` (0.02).
    public var wallFootDistance: Double { separation }

    /// Points within twice this distance (metres) of a wall found in the box's cluster are the
    /// wall's (its noise, its flying pixels): the sensor's spread of a vertical surface's
    /// samples, `SensorBehaviour.surfaceSpread`. Was `walls.band` (0.008, the same value).
    public var wallBand: Double { behaviour.surfaceSpread }

    /// With nothing standing on it, a plane nearer than this (metres) below the camera that
    /// fills the view is taken for a box's lid, not the floor (`noBoxRefusal`): a box
    /// the camera could measure stands at least `envelope.minimumHeight` high with its top at
    /// least the sensor's `rangeMinimum` away, so the floor under it lies farther (0.36 m by
    /// default). Was `floor.lidSuspicionHeight` (0.35).
    public var lidSuspicionHeight: Double { behaviour.rangeMinimum + envelope.minimumHeight }
}
