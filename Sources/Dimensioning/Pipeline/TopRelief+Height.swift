import Foundation

extension TopRelief {
    /// How far the enclosing cuboid's top stands above the lid's plane, metres (>= 0): a bowed
    /// lid's crown as far as its bow supports (`crown`, once decided) and a raised part's rise.
    var enclosingRise: Double { max(0, crown?.raise ?? 0) + (raisedPart?.rise ?? 0) }

    /// What the result says of the lid's shape: measured to its crown, or to a raised part's top.
    var shapeNotes: [String] {
        var notes: [String] = []
        if let crown, crown.raise >= 0.001 {
            notes.append("the lid bows up \(Int((crown.raise * 1000).rounded())) mm above its plane: measured to its crown")
        }
        if let raised = raisedPart {
            notes.append("a part rises \(Int((raised.rise * 1000).rounded())) mm above the lid over "
                + "\(Int((raised.area * 10_000).rounded())) cm² (a handle, a strap or a bump): measured to its top")
        }
        return notes
    }

    /// The height's terms for the top's relief (`estimateUncertainty`): where a raised part's top
    /// lies (`RaisedPart.levelDoubt`); without one, the lid's highest cells above its plane
    /// (`lidHigh`, a rectangle: ripple and bow cannot be told apart), less what a bowed lid's
    /// crown raised the height by, which carries its own doubt (`LidCrown`).
    var heightTerms: [UncertaintyTerm] {
        if let part = raisedPart { return [UncertaintyTerm(name: .raisedPart, standard: part.levelDoubt, kind: .typeB)] }
        guard let crown else { return [.rectangle(.lidRelief, halfWidth: lidHigh)] }
        return [.rectangle(.lidRelief, halfWidth: crown.unresolved),
                UncertaintyTerm(name: .lidCrown, standard: crown.standard, kind: .typeB)]
    }
}
