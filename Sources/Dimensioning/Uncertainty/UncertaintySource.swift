import Foundation

/// What one term of an uncertainty budget stands for (`UncertaintyTerm.name`). Its raw value is
/// the term's name wherever it is written: `confidence_reasons`, `boxdim accuracy`'s listings,
/// a budget's `contributions`. Made where a term is made (`SideEvidence.terms`,
/// `estimateUncertainty`, `topRectangleUncertainty`, `TopRelief`), read by
/// `MeasurementUncertainty.reasons(tolerance:)`.
public enum UncertaintySource: String, Sendable, Codable, CaseIterable, Comparable {
    // A side's own evidence (`SideEvidence`).
    case band, strips, borrowed, gap, eaten, spacing, methods, pixel, placement
    case faceSpan = "face_span", facePixel = "face_pixel", faceScatter = "face_scatter", faceBand = "face_band"
    case seam, lidEdge = "lid_edge", shadow
    // What the capture cannot show: the sensor class's priors, a profile.
    case edgeBias = "edge_bias", fattening, profile
    // A side's surroundings.
    case rim, rimDrop = "rim_drop", rimHidden = "rim_hidden", wall
    // Every dimension.
    case scale, frames
    // The height.
    case topPlane = "top_plane", floorPlane = "floor_plane", floorNearBox = "floor_near_box"
    case floorScatter = "floor_scatter", heightBias = "height_bias"
    case lidRelief = "lid_relief", lidCrown = "lid_crown", lidLean = "lid_lean", raisedPart = "raised_part"
    case narrowPart = "narrow_part"
    // A carton among others, measured from its top (`measure --all`).
    case supportPlane = "support_plane", supportUnder = "support_under", supportChoice = "support_choice"

    /// The term in a few plain words, for the reasons a measurement gives.
    public var meaning: String {
        switch self {
        case .band: "where in the band of mixed pixels at a side the edge lies"
        case .strips: "how far a side's strips disagree"
        case .borrowed: "a side placed with the other sides' band: its own gap was no band"
        case .gap: "nothing came back past a side: its edge may lie anywhere across the gap"
        case .eaten, .spacing: "a side known only from the top's outermost points"
        case .methods: "a side's face and silhouette disagree"
        case .pixel: "a pixel's rounding where a side is placed from the top and the floor"
        case .placement: "where the pixel grid falls against an edge"
        case .faceSpan: "a face too narrow to measure, taken out of its side's gap"
        case .facePixel: "a taller neighbour's face seen in a few pixel rows"
        case .faceScatter: "how far a side face's points scatter about their median"
        case .faceBand: "the sensor's edge band blends part of a side face with the top and the floor"
        case .seam: "the seam's line in the colour image"
        case .lidEdge: "the lid's edge in the colour image"
        case .shadow: "a taller neighbour hides where the lid ends: it may run on to the neighbour's foot"
        case .edgeBias: "the sensor's edge bias, which no face or lip showed"
        case .fattening: "a sensor that may spread near depth over far depth at edges"
        case .profile: "the spread of the sensor profile's reference boxes"
        case .rim, .rimDrop: "how far a bowed lid's rim lies past its plane"
        case .rimHidden: "a bowed lid's far rim is hidden behind its crown: the lid may run on past the side"
        case .wall: "a wall's foot hides where a side ends: move the box 10 cm or more from the wall"
        case .scale: "the sensor's depth scale"
        case .frames: "the frames disagree: hold still, or record longer"
        case .topPlane: "the top's noise about its plane"
        case .floorPlane: "the floor's noise about its plane"
        case .floorNearBox, .floorScatter: "the floor around the box stands off the floor's plane"
        case .heightBias: "the sensor's height bias"
        case .lidRelief, .lidCrown: "the lid is not flat: a bow or a ripple may reach above its plane"
        case .lidLean: "the lid leans: its high end may be a crushed end or the sensor's depth error"
        case .raisedPart: "a part standing on the lid"
        case .narrowPart: "a few touching cells stand above the lid, too small to measure to: the top may reach them"
        case .supportPlane, .supportUnder: "the surface under a carton is not seen, only beside it"
        case .supportChoice: "it may stand on any of the surfaces seen beside it"
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
