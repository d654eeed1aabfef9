import Foundation

/// How far a set of measurements of items of one known size lie from that size, dimension by
/// dimension: the root mean square of measured minus known (bias and scatter together), a type
/// A evaluation over the items (JCGM 100:2008, 4.2), and twice it, the least expanded
/// uncertainty (k = 2, about 95 %) that would hold them.
///
/// Items measured alike (cartons of one size in one capture, by one engine) share whatever their
/// evidence leaves unknown, so no uncertainty model can honestly state less for them than this
/// floor: where it is over a tolerance, such items cannot honestly be accepted at it. Lengths in
/// whatever unit the errors are given in (millimetres in `boxdim accuracy`).
public struct ErrorSpread: Sendable, Equatable {
    /// Items the spread is taken over.
    public let count: Int
    /// Root mean square of measured minus known, per dimension (length, width, height).
    public let rootMeanSquare: [Double]

    /// `errors`: one `[length, width, height]` of measured minus known per item; nil for no item
    /// or an item without three finite values.
    public init?(errors: [[Double]]) {
        guard !errors.isEmpty, errors.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) }) else { return nil }
        count = errors.count
        rootMeanSquare = (0..<3).map { d in (errors.reduce(0) { $0 + $1[d] * $1[d] } / Double(errors.count)).squareRoot() }
    }

    /// Twice `rootMeanSquare`: the least U (k = 2) that holds these measurements, per dimension.
    public var leastExpandedUncertainty: [Double] { rootMeanSquare.map { 2 * $0 } }

    /// The dimensions ("L", "W", "H") whose least U is over `tolerance` (same unit).
    public func dimensionsOver(tolerance: Double) -> [String] {
        zip(["L", "W", "H"], leastExpandedUncertainty).filter { $0.1 > tolerance }.map(\.0)
    }
}
