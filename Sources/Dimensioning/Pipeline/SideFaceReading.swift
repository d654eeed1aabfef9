/// How the points of a side's own face lie, for a side placed from them (`EdgeMethod.sideFace`;
/// metres, outward from the rectangle's centre). Filled by `locateEdge`; read by the side's
/// evidence (`SideEvidence.sideFace`). Not in any output.
struct SideFaceReading: Sendable, Equatable {
    /// 1.4826 median absolute deviations of the face points' outward positions about their
    /// median (the side's position).
    var scatter: Double?
    /// The 2-cm strips holding those points (`faceStrips`).
    var strips: Int
    /// How far past the crease a ray through the face's first centimetres, within the top's
    /// foreground band and so passing for top, cuts the top plane: `foregroundBand` times the
    /// cotangent of the ray's elevation at the face (its run over the floor from the camera to
    /// the face, over the camera's height above the top). Nil when the camera is not above the
    /// top.
    var creaseAllowance: Double?
}
