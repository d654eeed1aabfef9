/// The surface the box stands on (`fitFloor`): RANSAC planes through PCL, with gravity when the
/// capture has poses. How far a real floor bends with range is the sensor's
/// (`SensorBehaviour.rangeBendPerSquareMetre`).
public struct FloorParameters: Sendable, Equatable, Codable {
    /// Voxel edge (metres) of the down-sampled cloud RANSAC runs on. Default 0.01.
    public var voxelSize: Double = 0.01
    /// RANSAC iterations (upper bound; PCL stops early at 99 % confidence). Default 400.
    public var maxIterations: Int = 400
    /// With gravity: the floor's normal must be within this angle of gravity, degrees. Default 8.
    public var maximumTiltDegrees: Double = 8
    /// Planes tried, largest first (a box top can be larger than the visible floor). Default 4.
    public var maximumPlanes: Int = 4
    /// A plane needs at least this share of the down-sampled points to be a floor candidate.
    /// Default 0.08.
    public var minimumInlierShare: Double = 0.08
    /// "The floor must be the floor": if more than `maximumShareBelow` of the points lies more
    /// than `belowTolerance` metres below a candidate (plus the sensor's range bend), it is not
    /// the floor (it is a box top, or a table seen from above its edge). `belowTolerance` is also
    /// how near the floor plane a ray seen in a step of the top's outline must end to reach the
    /// support (`gatherOutlineEvidence`). Defaults 0.03 and 0.03 m.
    public var maximumShareBelow: Double = 0.03
    public var belowTolerance: Double = 0.03

    /// RANSAC inlier distance, metres: one voxel. The plane is fitted to the voxel grid's
    /// centroids, so it is resolved to a voxel and no finer; a tighter band would split a floor
    /// that bends by a voxel into strips. Was a setting of its own at the same value (0.01).
    public var distanceThreshold: Double { voxelSize }

    public init() {}
}
