import Foundation

extension MeasurementUncertainty {
    /// Why the measurement does not fit `tolerance` metres, read from its budget: for each
    /// dimension whose expanded uncertainty exceeds the tolerance, one sentence with its U and
    /// its two largest terms, each as its own expanded contribution (k = 2; terms add in
    /// quadrature) and in plain words. Lengths in millimetres; empty when every U fits.
    public func reasons(tolerance: Double) -> [String] {
        let names = ["length", "width", "height"]
        return expanded.indices.compactMap { k -> String? in
            guard expanded[k] > tolerance, k < contributions.count else { return nil }
            let largest = contributions[k].sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .prefix(2).filter { $0.value > 0 }
            let terms = largest.map { name, standard in
                String(format: "%@ %.1f mm", name, 2000 * standard) + " (" + Self.meaning(ofTerm: name) + ")"
            }
            return String(format: "the %@'s U, %.1f mm, is over the %.1f mm tolerance; its largest terms: ",
                          names[k], 1000 * expanded[k], 1000 * tolerance) + terms.joined(separator: "; ")
        }
    }

    /// What an uncertainty term's name stands for, in a few plain words (`SideEvidence.terms`,
    /// `SideEvidence.sensorTerms`, `estimateUncertainty`, `topRectangleUncertainty`).
    static func meaning(ofTerm name: String) -> String {
        switch name {
        case "band": "where in the band of mixed pixels at a side the edge lies"
        case "strips": "how far a side's strips disagree"
        case "borrowed": "a side placed with the other sides' band: its own gap was no band"
        case "gap": "nothing came back past a side: its edge may lie anywhere across the gap"
        case "eaten", "spacing": "a side known only from the top's outermost points"
        case "methods": "a side's face and silhouette disagree"
        case "pixel": "a pixel's rounding where a side is placed from the top and the floor"
        case "placement": "where the pixel grid falls against an edge"
        case "edge_bias": "the sensor's edge bias, which no face or lip showed"
        case "fattening": "a sensor that may spread near depth over far depth at edges"
        case "profile": "the spread of the sensor profile's reference boxes"
        case "face_span": "a face too narrow to measure, taken out of its side's gap"
        case "face_pixel": "a taller neighbour's face seen in a few pixel rows"
        case "seam": "the seam's line in the colour image"
        case "lid_edge": "the lid's edge in the colour image"
        case "rim", "rim_drop": "how far a bowed lid's rim lies past its plane"
        case "wall": "a wall's foot hides where a side ends"
        case "scale": "the sensor's depth scale"
        case "frames": "the frames disagree: hold still, or record longer"
        case "top_plane": "the top's noise about its plane"
        case "floor_plane": "the floor's noise about its plane"
        case "floor_near_box", "floor_scatter": "the floor around the box stands off the floor's plane"
        case "height_bias": "the sensor's height bias"
        case "lid_relief", "lid_crown": "the lid is not flat: a bow or a ripple may reach above its plane"
        case "raised_part": "a part standing on the lid"
        case "support_plane", "support_under": "the surface under a carton is not seen, only beside it"
        case "support_choice": "it may stand on any of the surfaces seen beside it"
        default: "see the uncertainty's contributions"
        }
    }
}
