import Foundation

/// What the colour image says of the seams in a carton's top (`measureAllBoxes`).
public enum SeamSearch: Sendable, Equatable {
    /// No colour image: the seams between lids of one height were not looked for.
    case notLooked
    /// The colour image shows no seam across its top.
    case noneSeen
    /// Cut from a larger top along `seams` seams, the weakest `weakestContrast` grey levels;
    /// `clear` when that is at least twice the least a seam needs (`SceneParameters.seamContrast`):
    /// the seams between this top's cartons show plainly, so one inside it would show too.
    case cut(seams: Int, weakestContrast: Double, clear: Bool)

    init(_ piece: TopPiece, parameters: SceneParameters) {
        if let weakest = piece.seams.map(\.contrast).min() {
            self = .cut(seams: piece.seams.count, weakestContrast: weakest, clear: weakest >= 2 * parameters.seamContrast)
        } else {
            self = piece.searched ? .noneSeen : .notLooked
        }
    }
}
