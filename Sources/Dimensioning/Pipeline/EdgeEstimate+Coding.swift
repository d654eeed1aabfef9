/// An `EdgeEstimate` in JSON (`boxdim accuracy --json`): one flat object per side, metres
/// (`_m`) and pixels (`_px`), the lips' numbers beside the rest; absent numbers are left out.
/// What is not in any output (`EdgeEstimate`'s internal members) is not written.
extension EdgeEstimate: Codable {
    enum CodingKeys: String, CodingKey {
        case method
        case pixelFootprint = "pixel_footprint_m"
        case bandPixels = "band_px"
        case lipShare = "lip_share"
        case disagreement = "disagreement_m"
        case correction = "correction_m"
        case creaseReach = "crease_reach_m"
        case stripScatter = "strip_scatter_m"
        case strips
        case lipVisible = "lip_visible"
        case lipRisePerPixel = "lip_rise_per_px_m"
        case outerRowRise = "outer_row_rise_m"
        case outerRowRiseError = "outer_row_rise_error_m"
        case bandLipRise = "band_lip_rise_m"
        case bandLipRiseError = "band_lip_rise_error_m"
        case bandFromOtherSides = "band_from_other_sides"
        case backedBySurface = "backed_by_surface"
        case backdrop
        case faceSpanPixels = "face_span_px"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(method: try c.decode(EdgeMethod.self, forKey: .method),
                  pixelFootprint: try c.decode(Double.self, forKey: .pixelFootprint),
                  bandPixels: try c.decodeIfPresent(Double.self, forKey: .bandPixels),
                  disagreement: try c.decodeIfPresent(Double.self, forKey: .disagreement),
                  correction: try c.decode(Double.self, forKey: .correction),
                  strips: try c.decode(Int.self, forKey: .strips))
        creaseReach = try c.decodeIfPresent(Double.self, forKey: .creaseReach)
        stripScatter = try c.decodeIfPresent(Double.self, forKey: .stripScatter)
        faceSpanPixels = try c.decodeIfPresent(Double.self, forKey: .faceSpanPixels)
        bandFromOtherSides = try c.decode(Bool.self, forKey: .bandFromOtherSides)
        // Records from before the backdrop was written say only whether a surface stood behind.
        backdrop = try c.decodeIfPresent(SilhouetteBackdrop.self, forKey: .backdrop)
            ?? (try c.decodeIfPresent(Bool.self, forKey: .backedBySurface) == true ? .surface : nil)
        lips.share = try c.decodeIfPresent(Double.self, forKey: .lipShare)
        lips.visible = try c.decode(Bool.self, forKey: .lipVisible)
        lips.risePerPixel = try c.decode(Double.self, forKey: .lipRisePerPixel)
        lips.outerRowRise = try c.decodeIfPresent(Double.self, forKey: .outerRowRise)
        lips.outerRowRiseError = try c.decodeIfPresent(Double.self, forKey: .outerRowRiseError)
        lips.bandRise = try c.decodeIfPresent(Double.self, forKey: .bandLipRise)
        lips.bandRiseError = try c.decodeIfPresent(Double.self, forKey: .bandLipRiseError)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(method, forKey: .method)
        try c.encode(pixelFootprint, forKey: .pixelFootprint)
        try c.encodeIfPresent(bandPixels, forKey: .bandPixels)
        try c.encodeIfPresent(lips.share, forKey: .lipShare)
        try c.encodeIfPresent(disagreement, forKey: .disagreement)
        try c.encode(correction, forKey: .correction)
        try c.encodeIfPresent(creaseReach, forKey: .creaseReach)
        try c.encodeIfPresent(stripScatter, forKey: .stripScatter)
        try c.encode(strips, forKey: .strips)
        try c.encode(lips.visible, forKey: .lipVisible)
        try c.encode(lips.risePerPixel, forKey: .lipRisePerPixel)
        try c.encodeIfPresent(lips.outerRowRise, forKey: .outerRowRise)
        try c.encodeIfPresent(lips.outerRowRiseError, forKey: .outerRowRiseError)
        try c.encodeIfPresent(lips.bandRise, forKey: .bandLipRise)
        try c.encodeIfPresent(lips.bandRiseError, forKey: .bandLipRiseError)
        try c.encode(bandFromOtherSides, forKey: .bandFromOtherSides)
        try c.encode(backedBySurface, forKey: .backedBySurface)
        try c.encodeIfPresent(backdrop, forKey: .backdrop)
        try c.encodeIfPresent(faceSpanPixels, forKey: .faceSpanPixels)
    }
}
