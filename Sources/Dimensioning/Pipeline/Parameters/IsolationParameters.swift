/// The box's points among the others (`isolateBox`, `boxCandidates`): PCL's Euclidean
/// clustering of what stands on the floor.
public struct IsolationParameters: Sendable, Equatable, Codable {
    /// Points at least this high above the floor (metres) may belong to the box. Default 0.015.
    public var minimumHeightAboveFloor: Double = 0.015
    /// Points higher than this above the floor (metres) are ignored. Default 2.0.
    public var maximumHeightAboveFloor: Double = 2.0
    /// Objects tried as the box, nearest the image centre first. Default 3.
    public var maximumCandidates: Int = 3
    /// Euclidean clustering tolerance, metres. Default 0.02.
    public var clusterTolerance: Double = 0.02
    /// Clusters with fewer points are noise. Default 150.
    public var minimumClusterPoints: Int = 150

    public init() {}
}
