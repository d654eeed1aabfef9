import Foundation

/// A scene of cartons for `calibrateProfile(scenes:known:)`: a capture and the colour image of
/// its reference view (`measureAllBoxes`' `colour`), when it has one.
public struct SceneCalibrationReference: Sendable {
    public var capture: DepthCapture
    public var colour: LumaImage?
    /// What to call it in an error (its path).
    public var name: String?

    public init(capture: DepthCapture, colour: LumaImage? = nil, name: String? = nil) {
        self.capture = capture
        self.colour = colour
        self.name = name
    }
}

/// Calibrates a sensor on every carton of a known size in scenes of cartons, as a palletising
/// cell that knows its cartons would (`boxdim calibrate SCENE --all --known LxWxH`).
///
/// The references are the cartons `measureAllBoxes` measures from their tops whose length, width
/// and height are within 12 % of `known`'s. Cartons of other sizes and tops of several cartons are
/// left out, and so is a carton of the size measured against the wrong surface: on the NEURA
/// pallet's frame-2, two cartons on the upper layer measured 276 and 296 mm tall against the floor
/// beside the pallet, and their sides, cut where the layer ends, were 13-20 mm off (they made
/// the references' scatter 2.02 px instead of 1.75). Then as `calibrateProfile` for single
/// boxes: the depth scale from the heights of those standing on one surface seen beside them
/// (`fittedDepthScale`), the edge offset from their lengths' and widths' residuals after scaling
/// over the sides placed from the top's depth outline (`TopSide.carriesProfileOffset`: a side on
/// a seam of the colour image carries none), sides facing the camera on their own from three
/// references on (`EdgeOffsetFit`). `CalibrationResult.references` lists each reference carton's
/// size without and with the profile, in the order found; `CalibrationResult.leftOut` the
/// cartons of the footprint left out for their height.
///
/// - Throws: a scene's refusal (named), `unsupported` when no carton of the size is measured, or
///   for a result outside a profile's valid range.
public func calibrateProfile(scenes: [SceneCalibrationReference], known: [Double], parameters: PipelineParameters = .init(),
                             sceneParameters: SceneParameters = .init(),
                             reference: String? = nil) throws(DimensioningError) -> CalibrationResult {
    guard !scenes.isEmpty else { throw .unsupported(feature: "a calibration without a scene") }
    guard known.count == 3, known.allSatisfy({ $0.isFinite && $0 > 0 }) else {
        throw .unsupported(feature: "a reference carton size that is not three positive lengths")
    }
    let size = [max(known[0], known[1]), min(known[0], known[1]), known[2]]
    /// Whether a carton's height is the size's (within 12 %).
    func heightFits(_ box: SceneBoxMeasurement) -> Bool { abs(box.height - size[2]) <= 0.12 * size[2] }
    /// The cartons of the size's footprint (length and width within 12 %) in every scene,
    /// measured with `profile`.
    func footprintCartons(_ profile: SensorProfile?) throws(DimensioningError) -> [SceneBoxMeasurement] {
        var parameters = parameters
        parameters.profile = profile
        var found: [SceneBoxMeasurement] = []
        for scene in scenes {
            let measured: SceneMeasurement
            do { measured = try measureAllBoxes(scene.capture, parameters: parameters, sceneParameters: sceneParameters,
                                                colour: scene.colour) } catch {
                guard scenes.count > 1, !error.isUnreadable else { throw error }
                throw .unsupported(feature: "a calibration with \(scene.name ?? "a scene"): it is refused (\(error.description))")
            }
            found += measured.boxes.compactMap { try? $0.outcome.get() }.filter { box in
                box.method == .topRectangle && abs(box.length - size[0]) <= 0.12 * size[0] && abs(box.width - size[1]) <= 0.12 * size[1]
            }
        }
        return found
    }
    /// The cartons of the size in every scene, measured with `profile`.
    func cartons(_ profile: SensorProfile?) throws(DimensioningError) -> [SceneBoxMeasurement] {
        try footprintCartons(profile).filter(heightFits)
    }
    let footprint = try footprintCartons(nil)
    let first = footprint.filter(heightFits)
    guard !first.isEmpty else {
        throw .unsupported(feature: "a calibration on scenes where no carton of \(millimetres(size[0])) x \(millimetres(size[1])) "
            + "x \(millimetres(size[2])) mm is measured from its top (within 12 %)")
    }
    let measured = first.map { [$0.length, $0.width, $0.height] }
    // The scale from the cartons whose support is one surface: a carton standing on one of
    // several (its height taken half-way) says nothing of the depth scale.
    let ratios = first.filter { ($0.uncertainty.contributions[2][.supportChoice] ?? 0) == 0 }
        .map { size[2] / $0.height }
    let (scale, scaleUncertainty) = ratios.isEmpty ? (1, nil)
        : try fittedDepthScale(ratios, measuredHeight: size[2] / ratios[0], knownHeight: size[2])
    let second = try cartons(SensorProfile(edgeOffsetPixels: 0, depthScale: scale))
    var rows: [EdgeOffsetFit.Row] = []
    var carrying = 0
    for box in second {
        rows += EdgeOffsetFit.Row.pair(residuals: [box.length - size[0], box.width - size[1]],
                                       sides: box.sides.map { ($0.carriesProfileOffset, $0.facesCamera, $0.footprint) })
        carrying += box.sides.filter(\.carriesProfileOffset).count
    }
    let fit = EdgeOffsetFit(rows, pooledOnly: second.count < 3)
    let sizes = scenes.map(\.capture.imageSizePixels)
    // A top's height carries its unseen support's doubt, far more than a scale's: the ratios'
    // spread is not this camera's depth-scale scatter, which stays the class's.
    let profile = try fittedProfile(fit, scale: scale, ratios: ratios, known: size, measured: measured[0], reference: reference,
                                    imageSize: sizes.allSatisfy { $0 == sizes[0] } ? sizes[0] : nil, recordsScaleScatter: false)
    // Each first carton against the calibrated carton nearest it (its top's centre).
    let third = try cartons(profile)
    let pairs = first.map { box -> (measured: [Double], calibrated: [Double]) in
        let again = third.min { length($0.centerInWorld - box.centerInWorld) < length($1.centerInWorld - box.centerInWorld) }
        return ([box.length, box.width, box.height], again.map { [$0.length, $0.width, $0.height] } ?? [.nan, .nan, .nan])
    }
    // Left out, and said so: cartons of the footprint measured to another height.
    let leftOut = footprint.filter { !heightFits($0) }.map { [$0.length, $0.width, $0.height] }
    return CalibrationResult(profile: profile, measured: pairs[0].measured, calibrated: pairs[0].calibrated,
                             silhouetteSides: carrying, references: pairs, scaleUncertainty: scaleUncertainty,
                             offsetUncertainty: fit.offsetUncertainty, leftOut: leftOut)
}
