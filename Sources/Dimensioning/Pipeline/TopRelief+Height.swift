import Foundation

extension TopRelief {
    /// How far the enclosing cuboid's top stands above the lid's plane, metres: a bowed lid's
    /// crown as far as its bow supports (`crown`, once decided), a raised part's rise, and a
    /// leaning lid's level at the footprint's centre (`leanLevel`) and half its rise from there
    /// (`leanRise`). Only a leaning lid's level can make it negative.
    ///
    /// Half: a lid that leans against the floor beside it may be a crushed or bulging end, whose
    /// enclosing top is the lid's high end, or the sensor's depth error, which leaves the box as
    /// high as the lid's level (one OAK-D carton of `Tests/Fixtures/real/luxonis-oak` has its high
    /// corner 22 mm above its lid's level in `example_4.ply`, against the floor around it). The
    /// capture cannot tell them apart, so the height is the middle of the two, and the truth is
    /// at one of its ends: a standard uncertainty of half the rise (`heightTerms`; a two-point
    /// distribution, whose standard deviation is its half-width, where a rectangle's would be
    /// `a/√3` and leave the simulated crushed ends at the edge of the coverage interval).
    var enclosingRise: Double { max(0, crown?.raise ?? 0) + (raisedPart?.rise ?? 0) + leanLevel + leanRise / 2 }

    /// What the result says of the lid's shape: measured to its crown, or to a raised part's top.
    var shapeNotes: [String] {
        var notes: [String] = []
        if leanRise >= 0.001 {
            notes.append("the lid leans: its high corner stands \(Int((leanRise * 1000).rounded())) mm above its level "
                + "(a crushed end, or the sensor's depth error): measured half-way up, and the height's uncertainty covers both")
        }
        if let crown, crown.raise >= 0.001 {
            notes.append("the lid bows up \(Int((crown.raise * 1000).rounded())) mm above its plane: measured to its crown")
        }
        if raisedPart == nil, rimsAboveLid {
            notes.append("the lid dips: its rims rise to \(Int((rimRise * 1000).rounded())) mm above its plane at the "
                + "corners (a sagging lid, or the sensor's depth error), counted in the height's uncertainty")
        }
        if let raised = raisedPart {
            notes.append("a part rises \(Int((raised.rise * 1000).rounded())) mm above the lid over "
                + "\(Int((raised.area * 10_000).rounded())) cm² (a handle, a strap or a bump): measured to its top")
        }
        if narrowAbove > 0 {
            notes.append("a few touching cells rise \(Int((narrowRise * 1000).rounded())) mm above the lid (a narrow "
                + "handle, a strap or the sensor's noise), too few to measure to: counted in the height's uncertainty")
        }
        return notes
    }

    /// The height's terms for the top's relief (`estimateUncertainty`): where a raised part's top
    /// lies (`RaisedPart.levelDoubt`); without one, the lid's highest cells above its plane
    /// (`lidHigh`, a rectangle: ripple and bow cannot be told apart), less what a bowed lid's
    /// crown raised the height by, which carries its own doubt (`LidCrown`). Where a narrow group
    /// of cells (`narrowRise`) reaches higher than the height was measured to, the top may reach
    /// it: a rectangle as wide as its rise above that height, in place of the lid's relief.
    /// A leaning lid adds half its rise, as a standard uncertainty (`enclosingRise`).
    var heightTerms: [UncertaintyTerm] {
        reliefTerms + (leanRise > 0 ? [UncertaintyTerm(name: .lidLean, standard: leanRise / 2, kind: .typeB)] : [])
    }

    /// `heightTerms` but the lean's: a raised part's top, or the lid's relief and crown.
    private var reliefTerms: [UncertaintyTerm] {
        if let part = raisedPart {
            return [UncertaintyTerm(name: .raisedPart, standard: part.levelDoubt, kind: .typeB)]
                + (narrowAbove > 0 ? [.rectangle(.narrowPart, halfWidth: narrowAbove)] : [])
        }
        let relieved: [UncertaintyTerm] = narrowAbove > 0
            ? [.rectangle(.narrowPart, halfWidth: narrowAbove)]
            : [.rectangle(.lidRelief, halfWidth: reliefReach)]
        guard let crown else { return relieved }
        return relieved + [UncertaintyTerm(name: .lidCrown, standard: crown.standard, kind: .typeB)]
    }

    /// How far a narrow group of cells (`narrowRise`) stands above the height measured to, metres,
    /// where it reaches past what the top's other relief term already allows for (a raised part's
    /// top; else the lid's relief above its crown); 0 otherwise.
    var narrowAbove: Double {
        if let part = raisedPart { return max(0, narrowRise - part.rise) }
        let above = narrowRise - max(0, crown?.raise ?? 0)
        return above > reliefReach ? above : 0
    }

    /// How far a lid dipped in its middle rises at its corners above its plane, metres (>= 0):
    /// the rims' rises along both axes (`rimDrops` where negative: the lid's profile carried
    /// out to its sides stands above the plane there), which meet at the corners. `lidHigh`
    /// leaves out a margin along the sides (there a sensor's band stands in for the lid), so
    /// it misses a rim that rises toward the sides: the real Orbbec toolbox of
    /// GeraltRivskiy/measurmentify (`toolbox.npz`, 87.3 mm high, not vendored: no licence),
    /// whose lid dips between rims 4.2 and 0.6 mm above its plane, has a `lidHigh` of 3.9 mm, and
    /// was measured 6.9 mm short at U 6.3 mm (unknown class); bounded by its corners, 4.8 mm
    /// up, U is 7.1 mm. Summed, not the larger: a lid that dips along both axes as a product
    /// (a bulge upside down, `TopFeature.sag`) has its corners no higher than its rims, one that
    /// dips as a sum has them as high as both rises together.
    var rimRise: Double {
        guard rimDrops.count == 4 else { return 0 }
        return [0, 2].reduce(0) { $0 + (rimDrops[$1].isFinite ? max(0, -rimDrops[$1]) : 0) }
    }

    /// The half-width of the lid's relief term (`reliefTerms`): how far above the height measured
    /// to the enclosing top may lie when no raised part sets it. The lid's highest cells
    /// (`lidHigh`, less a bowed lid's crown as far as the height reached it), or the corners of a
    /// lid whose rims rise above its plane (`rimRise`), whichever stands higher. Ripple, a bow,
    /// a dip and the sensor's low-frequency error cannot be told apart, so the height stays at
    /// the plane and this is a rectangle either way of it.
    var reliefReach: Double { max(crown?.unresolved ?? lidHigh, rimRise) }

    /// Whether the rims of a dipped lid stand higher than its highest cells, by at least 1 mm:
    /// the shape note says so.
    var rimsAboveLid: Bool { rimRise >= 0.001 + (crown?.unresolved ?? lidHigh) }
}
