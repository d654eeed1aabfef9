/// A systematic depth error that grows with the square of range: beyond `start` metres, every
/// exact depth z becomes z + `perSquareMetre` · (z − `start`)².
///
/// A stereo camera's depth error grows with the square of range (a fraction of a pixel of
/// disparity is z² / (f B) of depth), and a real floor is rarely flat over two metres, so a floor
/// seen past the box bends away from the part near it. Real OAK-D clouds
/// (`Tests/Fixtures/real/luxonis-oak`) show floor points at 1.5-2.5 m lying 3-7 cm under the
/// plane of the floor at 1.0-1.5 m: about 5 cm per square metre beyond the box. Applied to the
/// exact depth before the sensor's noise, so the bend is the same in every frame.
public struct RangeBend: Sendable, Equatable, Codable {
    /// Depth (metres along the optical axis) from which the bias grows.
    public var start: Double
    /// Metres of extra depth per square metre beyond `start`.
    public var perSquareMetre: Double

    public init(start: Double, perSquareMetre: Double) {
        self.start = start
        self.perSquareMetre = perSquareMetre
    }

    /// `depth` (metres, 0 for no return) with the bias added.
    func applied(to depth: [Double]) -> [Double] {
        depth.map { z in
            guard z > start else { return z }
            let beyond = z - start
            return z + perSquareMetre * beyond * beyond
        }
    }
}
