import CPointCloud
import Foundation

/// A floor found by the live analysis: the plane `dot(up, p) = height` in the analysis frame.
public struct LiveFloor: Sendable, Equatable {
    /// Unit normal pointing up (against gravity; toward the camera without a pose).
    public var up: SIMD3<Double>
    /// Height of the floor along `up`, metres.
    public var height: Double
    /// Share (0...1) of the analysed points on the floor.
    public var share: Double
}

/// A box-like object found in one frame by the live analysis.
public struct LiveDetection: Sendable, Equatable {
    /// Pixel bounds in the depth image, normalized to 0...1.
    public var rect: NormalizedRect
    /// Centroid of the object's analysed points, metres, world frame (camera frame without a pose).
    public var centroid: SIMD3<Double>
    /// Camera-to-centroid distance, metres.
    public var distance: Double
    /// Highest point above the floor, metres.
    public var maximumHeight: Double
    /// Full-resolution pixels the object covers (analysed points x stride²).
    public var pixelCount: Int
}

/// What the live analysis saw in one frame.
public struct LiveFrameAnalysis: Sendable, Equatable {
    /// The floor, or nil when none was found.
    public var floor: LiveFloor?
    /// Why no floor was accepted (nil when one was).
    public var floorRejection: String?
    /// Box-like objects on the floor, the one nearest the image centre first.
    public var detections: [LiveDetection]
}

/// Cheap per-frame floor and box detection that drives a session's phases and tracks.
///
/// 1. Every `stride`-th pixel (default 4: 3,072 of 49,152 at 256x192) with a depth in the
///    sensor's depth range and at least its minimum confidence is lifted to 3-D and, when the
///    frame has a pose, into the world frame (z up).
/// 2. "Up" is against gravity when the frame has a pose; without one it is the normal of the
///    largest plane (PCL RANSAC, fixed seed) turned toward the camera.
/// 3. Floor: a histogram of heights along up (bins of the pipeline's `floor.voxelSize`);
///    horizontal planes are its peaks holding `floor.minimumInlierShare` of the points. The
///    lowest peak is the floor unless more than `floor.maximumShareBelow` of the points lie
///    `floor.belowTolerance` under it and nothing stands on it (then it is a box top seen
///    without the floor, as in `fitFloor`; a desk seen through a narrow view carries what stands
///    on it). With a pose, a floor found earlier is kept when the frame shows none (the world
///    floor does not move).
/// 4. Boxes: points `isolation.minimumHeightAboveFloor` to `isolation.maximumHeightAboveFloor`
///    above the floor, grouped by connected components on the subsampled pixel grid
///    (8-neighbours closer than `isolation.clusterTolerance + 3 * stride * depth / fx` metres);
///    groups of at least `minimumBoxPixels` pixels rising `minimumBoxHeight` above the floor,
///    ordered by their nearest pixel to the image centre.
///
/// Deterministic; reuses its buffers between frames (hence `mutating`). About 0.1-0.5 ms per
/// 256x192 frame in a release build with a pose.
public struct LiveFrameAnalyzer: Sendable {
    public var parameters: LiveAnalysisParameters
    /// The depth camera's depth range and sample confidence (`SensorBehaviour.minimumDepth`,
    /// `maximumDepth`, `minimumConfidence`).
    public var sensor: SensorBehaviour
    /// The pipeline's floor stage (`PipelineParameters.floor`): the floor histogram's bins
    /// (`voxelSize`, the height the pipeline resolves a floor to) and "the floor must be the
    /// floor" (`maximumShareBelow`, `belowTolerance`).
    public var floorParameters: FloorParameters
    /// The pipeline's isolation stage (`PipelineParameters.isolation`): how far apart two points
    /// of one object may lie (`clusterTolerance`) and the highest point of a box
    /// (`maximumHeightAboveFloor`).
    public var isolationParameters: IsolationParameters
    /// The boxes the engine measures at all (`PipelineParameters.envelope`): what standing on a
    /// plane makes it a support (`carriesAnObject`).
    public var envelope: EnvelopeParameters

    // Scratch buffers, reused between frames (internal for the facet files).
    var points: [SIMD3<Double>] = []
    var depths: [Double] = []
    var valid: [Bool] = []
    var labels: [Int32] = []
    var stack: [Int] = []

    public init(parameters: LiveAnalysisParameters = .init(), pipeline: PipelineParameters = .init()) {
        self.parameters = parameters
        sensor = pipeline.behaviour
        floorParameters = pipeline.floor
        isolationParameters = pipeline.isolation
        envelope = pipeline.envelope
    }

    /// Analyses one frame. `gravity` is the unit gravity direction in the world frame of the
    /// frame's pose (engine world: (0, 0, -1)); `knownFloor` a floor found in earlier frames,
    /// reused when this frame has a pose and shows none.
    public mutating func analyze(_ frame: DepthFrame, gravity: SIMD3<Double>? = SIMD3(0, 0, -1),
                                 knownFloor: LiveFloor? = nil) -> LiveFrameAnalysis {
        let s = max(1, parameters.stride)
        let gw = frame.width / s, gh = frame.height / s
        let n = gw * gh
        guard n > 0, frame.depth.count == frame.width * frame.height else {
            return LiveFrameAnalysis(floor: nil, floorRejection: "the frame is empty", detections: [])
        }
        guard frame.intrinsics.isValid else {
            return LiveFrameAnalysis(floor: nil, floorRejection: "the frame's intrinsics are invalid", detections: [])
        }
        lift(frame, stride: s, gridWidth: gw, gridHeight: gh)
        let validCount = valid.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard validCount >= 30 else {
            return LiveFrameAnalysis(floor: nil, floorRejection: "too few depth pixels (\(validCount * s * s))",
                                     detections: [])
        }
        let pose = frame.worldFromCamera
        let up: SIMD3<Double>
        if pose != nil {
            let g = gravity ?? SIMD3(0, 0, -1)
            up = -g / (g * g).sum().squareRoot()
        } else if let normal = dominantPlaneNormal(validCount: validCount) {
            up = normal
        } else {
            return LiveFrameAnalysis(floor: nil, floorRejection: "no plane in view", detections: [])
        }
        var (floor, rejection) = findFloor(up: up, validCount: validCount, intrinsics: frame.intrinsics, stride: s)
        if floor == nil, pose != nil, let known = knownFloor, abs((known.up * up).sum() - 1) < 1e-9 {
            floor = known
            rejection = nil
        }
        guard let floor else { return LiveFrameAnalysis(floor: nil, floorRejection: rejection, detections: []) }
        let camera = pose?.translation ?? .zero
        let detections = findBoxes(floor: floor, frame: frame, stride: s, gridWidth: gw, gridHeight: gh,
                                   camera: camera)
        return LiveFrameAnalysis(floor: floor, floorRejection: nil, detections: detections)
    }

    /// Fills `points`, `depths` and `valid` for the subsampled grid (cell centres).
    private mutating func lift(_ frame: DepthFrame, stride s: Int, gridWidth gw: Int, gridHeight gh: Int) {
        let n = gw * gh
        if points.count != n {
            points = [SIMD3<Double>](repeating: .zero, count: n)
            depths = [Double](repeating: 0, count: n)
            valid = [Bool](repeating: false, count: n)
        }
        let k = frame.intrinsics
        let pose = frame.worldFromCamera
        let minDepth = sensor.minimumDepth, maxDepth = sensor.maximumDepth
        let minConfidence = sensor.minimumConfidence
        let half = s / 2
        frame.depth.withUnsafeBufferPointer { depth in
            for gy in 0..<gh {
                let v = gy * s + half
                for gx in 0..<gw {
                    let u = gx * s + half
                    let index = v * frame.width + u
                    let cell = gy * gw + gx
                    let d = Double(depth[index])
                    guard d.isFinite, d >= minDepth, d <= maxDepth,
                          (frame.confidence?[index] ?? 2) >= minConfidence else {
                        valid[cell] = false
                        continue
                    }
                    let p = k.unproject(u: Double(u), v: Double(v), depth: d)
                    points[cell] = pose.map { $0.apply(p) } ?? p
                    depths[cell] = d
                    valid[cell] = true
                }
            }
        }
    }

    /// Without a pose: the largest plane's normal (PCL RANSAC, fixed seed), toward the camera.
    private func dominantPlaneNormal(validCount: Int) -> SIMD3<Double>? {
        var cloud = PointCloud()
        cloud.reserve(validCount)
        for i in 0..<points.count where valid[i] { cloud.append(points[i]) }
        let params = cpc_plane_params.ransac(threshold: 0.015, iterations: 200)
        guard let fit = try? NativeCloud.fitPlane(cloud, parameters: params),
              Double(fit.inlierCount) >= floorParameters.minimumInlierShare * Double(validCount) else { return nil }
        let plane = Plane(coefficients: fit.coefficients)
        // The camera is at the origin: the normal must point to the camera's side.
        return plane.signedDistance(.zero) >= 0 ? plane.normal : -plane.normal
    }
}
