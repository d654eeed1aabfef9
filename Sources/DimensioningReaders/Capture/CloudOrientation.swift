import CPointCloud
import Dimensioning
import Foundation

/// Finds a point cloud's axis convention and unit from the data (or takes them from
/// `InputOptions`) and maps the points into the engine's camera frame: OpenCV axes (x right,
/// y down, z forward), metres, a sensor at the origin.
///
/// - **Units**: a cloud whose robust extent (2nd to 98th percentile along any axis) exceeds
///   40 units is in millimetres: no scene a dimensioning camera sees spans 40 m, and any box
///   (10 cm or more) spans hundreds of millimetres.
/// - **Organized clouds** are camera frames: the convention (OpenCV, OpenGL, ROS body) is the
///   one that puts the points in front of the camera with a pinhole projection of positive
///   focal lengths onto their pixel grid.
/// - **Unorganized clouds**: the floor is the dominant plane with (almost) everything on one
///   side, its open side is "up" (seen from a sensor at the origin, "under it" allows for a depth
///   error growing with the square of range, `FloorCandidate.oneSidedFromOrigin`). The cloud is a camera frame when the origin could have been
///   the sensor: above the floor (0.15-6 m), every point within a 60° cone of it, in front of
///   one camera convention's forward axis, with that convention's image "up" not pointing down;
///   or, with no floor in view (a box cut out of its scene), in front of it within that cone with
///   every plane that has everything on one side facing the origin from 0.15 m or more, as a
///   camera sees an object's faces from outside. Otherwise it is a world frame (`zUp`, `yUp`
///   when the floor normal is that axis, else `world`), and a **virtual camera** is placed where the sensor was: from the pixel grid the
///   points still lie on (`PixelGridViewpoint`), else where the box's shadow on the floor says
///   it was (`ShadowViewpoint`), looking at the top of the object nearest the scene's
///   middle (without a shadow: 1 m above it, looking straight down), so that range checks and
///   silhouette rays keep a meaningful viewpoint. A cloud with no plane at all is
///   taken as an OpenCV camera frame (`conventionDetected = false`).
enum CloudOrientation {
    /// How one cloud (and the other frames of its folder) is read.
    struct Interpretation: Sendable {
        var description: InputDescription
        /// Scale from file units to metres.
        var metresPerUnit: Double
        /// Maps metres in the input frame to the (possibly virtual) OpenCV camera frame.
        var cameraFromInput: RigidTransform
        /// True when the organized pixel grid is still the camera's (camera conventions).
        var keepsGrid: Bool
    }

    /// A floor candidate: a plane (metres, input frame) with its normal toward its open side.
    struct FloorCandidate {
        var plane: Plane
        var inliers: Int
        var oneSided: Bool
    }

    /// Interprets `points` (file units, input frame). `pixelIndex` and the grid size describe
    /// an organized cloud.
    static func interpret(_ points: PointCloud, gridWidth: Int, gridHeight: Int, pixelIndex: [Int32]?,
                          options: InputOptions) -> Interpretation {
        completed(interpretWithoutInverse(points, gridWidth: gridWidth, gridHeight: gridHeight, pixelIndex: pixelIndex,
                                          options: options))
    }

    private static func interpretWithoutInverse(_ points: PointCloud, gridWidth: Int, gridHeight: Int, pixelIndex: [Int32]?,
                                                options: InputOptions) -> Interpretation {
        let units = options.units ?? detectUnits(points)
        let scale = units.metresPerUnit
        func described(_ convention: AxesConvention) -> InputDescription {
            InputDescription(convention: convention, units: units, conventionDetected: options.axes == nil,
                             unitsDetected: options.units == nil)
        }
        // A camera convention given by the user: a rotation only.
        if let axes = options.axes, let rotation = axes.openCVFromConvention {
            return Interpretation(description: described(axes), metresPerUnit: scale, cameraFromInput: rotation,
                                  keepsGrid: pixelIndex != nil)
        }
        if options.axes == nil, let index = pixelIndex, gridHeight > 1,
           let convention = organizedConvention(points, scale: scale, width: gridWidth, index: index) {
            return Interpretation(description: described(convention), metresPerUnit: scale,
                                  cameraFromInput: convention.openCVFromConvention!, keepsGrid: true)
        }
        let metres = scaled(points, by: scale)
        let sampled = (try? NativeCloud.voxelDownsample(metres, leaf: 0.02)) ?? metres
        let candidates = floorCandidates(sampled)
        // No plane to find "up" from (a few points, a cloud without a floor): the cloud is taken
        // as it is, an OpenCV camera frame, as PCL and the sensors' SDKs write it.
        if candidates.isEmpty && options.axes == nil {
            var description = described(.opencv)
            description.conventionDetected = false
            return Interpretation(description: description, metresPerUnit: scale, cameraFromInput: .identity,
                                  keepsGrid: pixelIndex != nil)
        }
        if options.axes == nil, let camera = cameraHypothesis(sampled, candidates: candidates) {
            return Interpretation(description: described(camera), metresPerUnit: scale,
                                  cameraFromInput: camera.openCVFromConvention!, keepsGrid: false)
        }
        // A world frame: up from the floor (or from the stated convention).
        let stated: SIMD3<Double>? = switch options.axes {
        case .zUp: SIMD3(0, 0, 1)
        case .yUp: SIMD3(0, 1, 0)
        default: nil
        }
        let floor = worldFloor(sampled, candidates: candidates, statedUp: stated)
        var convention = options.axes ?? .world
        if options.axes == nil {
            if floor.normal.z > cos(5 * Double.pi / 180) { convention = .zUp }
            else if floor.normal.y > cos(5 * Double.pi / 180) { convention = .yUp }
        }
        return Interpretation(description: described(convention), metresPerUnit: scale,
                              cameraFromInput: virtualCamera(sampled, full: metres, floor: floor), keepsGrid: false)
    }

    /// `interpretation` with `description.inputFromCamera` set (the inverse of `cameraFromInput`).
    static func completed(_ interpretation: Interpretation) -> Interpretation {
        var out = interpretation
        out.description.inputFromCamera = interpretation.cameraFromInput.inverse
        return out
    }

    /// The points of `points` (file units, input frame) in the camera frame, metres. Points that
    /// a world-frame placement would carry beyond `Float`'s range are left out (only possible
    /// for unorganized clouds: camera conventions only permute axes and scale down, so an
    /// organized cloud keeps every point and its pixel index).
    static func apply(_ interpretation: Interpretation, to points: PointCloud) -> PointCloud {
        let scale = interpretation.metresPerUnit, transform = interpretation.cameraFromInput
        if scale == 1 && transform == .identity { return points }
        var out = PointCloud()
        out.reserve(points.count)
        for i in 0..<points.count {
            let p = transform.apply(points[i] * scale)
            let stored = SIMD3(Float(p.x), Float(p.y), Float(p.z))
            if interpretation.keepsGrid || (stored.x.isFinite && stored.y.isFinite && stored.z.isFinite) { out.append(p) }
        }
        return out
    }

    /// Millimetres when the 2nd-98th percentile extent along some axis exceeds 40 units.
    static func detectUnits(_ points: PointCloud) -> InputUnits {
        let n = points.count
        guard n >= 2 else { return .metres }
        let step = max(1, n / 20_000)
        var extent = 0.0
        for axis in 0..<3 {
            var values: [Float] = []
            values.reserveCapacity(n / step + 1)
            for i in stride(from: 0, to: n, by: step) { values.append(points.xyz[3 * i + axis]) }
            values.sort()
            let low = values[Int(Double(values.count - 1) * 0.02)], high = values[Int(Double(values.count - 1) * 0.98)]
            extent = max(extent, Double(high - low))
        }
        return extent > 40 ? .millimetres : .metres
    }

    static func scaled(_ points: PointCloud, by scale: Double) -> PointCloud {
        guard scale != 1 else { return points }
        return PointCloud(xyz: points.xyz.map { Float(Double($0) * scale) })
    }

    /// The camera convention of an organized cloud: points in front of the camera (90 %) and a
    /// pinhole fit of the grid with positive focal lengths; nil when none fits.
    static func organizedConvention(_ points: PointCloud, scale: Double, width: Int, index: [Int32]) -> AxesConvention? {
        for convention in [AxesConvention.opencv, .opengl, .rosBody] {
            var su = LineFit(), sv = LineFit(), front = 0
            let step = max(1, points.count / 50_000)
            var used = 0
            for i in stride(from: 0, to: points.count, by: step) {
                used += 1
                guard let q = convention.toOpenCV(points[i] * scale), q.z > 0.01 else { continue }
                front += 1
                su.add(x: q.x / q.z, y: Double(Int(index[i]) % width))
                sv.add(x: q.y / q.z, y: Double(Int(index[i]) / width))
            }
            guard used > 0, Double(front) >= 0.9 * Double(used),
                  let (fx, _) = su.solve(), let (fy, _) = sv.solve(), fx > 0, fy > 0 else { continue }
            return convention
        }
        return nil
    }

    /// Up to five RANSAC planes, largest first (metres), each with its normal toward the side
    /// holding more of the other points, and whether that side holds nearly all of them.
    static func floorCandidates(_ sampled: PointCloud) -> [FloorCandidate] {
        var remaining = sampled
        var out: [FloorCandidate] = []
        let n = sampled.count
        for _ in 0..<5 {
            guard remaining.count >= 50 else { break }
            let params = cpc_plane_params.ransac(threshold: 0.015, iterations: 400)
            guard let fit = try? NativeCloud.fitPlane(remaining, parameters: params),
                  fit.inlierCount >= max(30, n / 20) else { break }
            var plane = Plane(coefficients: fit.coefficients)
            var above = 0, below = 0
            for i in 0..<n {
                let d = plane.signedDistance(sampled[i])
                if d > 0.03 { above += 1 } else if d < -0.03 { below += 1 }
            }
            if below > above { plane = plane.flipped; swap(&above, &below) }
            out.append(FloorCandidate(plane: plane, inliers: fit.inlierCount, oneSided: Double(below) <= 0.03 * Double(n)))
            remaining = remaining.filter { !fit.inliers[$0] }
        }
        return out
    }

    /// Whether at most 3 % of `points` lie under `plane` by more than 3 cm; `seenFromOrigin`:
    /// by more than 3 cm plus `SensorBehaviour.rangeBendPerSquareMetre` times the square
    /// of their distance from the origin, the sensor's depth error growing with range (a stereo
    /// floor bends away from its near part by centimetres at 2 m).
    static func isOneSided(_ plane: Plane, _ points: PointCloud, seenFromOrigin: Bool) -> Bool {
        let perSquareMetre = seenFromOrigin ? SensorBehaviour.shared.rangeBendPerSquareMetre : 0
        var below = 0
        for i in 0..<points.count {
            let p = points[i], r2 = dot(p, p)
            if plane.signedDistance(p) < -(0.03 + perSquareMetre * r2) { below += 1 }
        }
        return Double(below) <= 0.03 * Double(points.count)
    }

    /// The camera convention under which the origin could be the sensor (see the type's
    /// documentation), or nil.
    static func cameraHypothesis(_ sampled: PointCloud, candidates: [FloorCandidate]) -> AxesConvention? {
        guard sampled.count >= 50 else { return nil }
        var sum = SIMD3<Double>.zero
        var directions: [SIMD3<Double>] = []
        directions.reserveCapacity(sampled.count)
        for i in 0..<sampled.count {
            let p = sampled[i], r = length(p)
            guard r > 1e-6 else { continue }
            directions.append(p / r)
            sum += p / r
        }
        guard length(sum) > 1e-9 else { return nil }
        let mean = normalize(sum)
        var angles = directions.map { acos(min(1, max(-1, dot($0, mean)))) }
        angles.sort()
        guard angles[Int(Double(angles.count - 1) * 0.95)] <= 60 * Double.pi / 180 else { return nil }
        let views: [(AxesConvention, forward: SIMD3<Double>, imageUp: SIMD3<Double>)] = [
            (.opencv, SIMD3(0, 0, 1), SIMD3(0, -1, 0)),
            (.opengl, SIMD3(0, 0, -1), SIMD3(0, 1, 0)),
            (.rosBody, SIMD3(1, 0, 0), SIMD3(0, 0, 1)),
        ]
        // The conventions whose camera could see every point: the points' mean direction within
        // 50° of its forward axis and 98 % of them in front of it, nearest first.
        let seeing = views.compactMap { view -> (convention: AxesConvention, imageUp: SIMD3<Double>, angle: Double)? in
            let angle = acos(min(1, max(-1, dot(mean, view.forward))))
            guard angle <= 50 * Double.pi / 180 else { return nil }
            let inFront = directions.reduce(0) { $0 + (dot($1, view.forward) > 0 ? 1 : 0) }
            guard Double(inFront) >= 0.98 * Double(directions.count) else { return nil }
            return (view.0, view.imageUp, angle)
        }.sorted { $0.angle < $1.angle }
        guard !seeing.isEmpty else { return nil }
        for floor in candidates {
            // Seen from a sensor at the origin: the floor faces it, and (almost) nothing lies
            // under it beyond the depth error at each point's range (`seenFromOrigin`).
            let plane = floor.plane.offset < 0 ? floor.plane.flipped : floor.plane
            let height = plane.offset  // distance of the origin above the plane
            guard height > 0.15, height < 6, isOneSided(plane, sampled, seenFromOrigin: true) else { continue }
            if let view = seeing.first(where: { dot(plane.normal, $0.imageUp) > -0.2 }) { return view.convention }
        }
        // No floor in view (a box cut out of its scene, a close-up of its faces): the origin is
        // still the sensor when every plane with everything on one side faces it from 0.15 m or
        // more, as a camera sees only the outer sides of an object's faces. A world frame's
        // floor has its origin on it or on the side its points stand, and keeps the world frame.
        // Read as a world frame, a box cut out of its scene stood on one of its own faces and was
        // refused for what that made of it (`Tests/Fixtures/real/pyransac-box`: "not a cuboid",
        // "too small"); seen from its camera it has no floor, which is the true reason.
        let faces = candidates.filter(\.oneSided)
        guard !faces.isEmpty, faces.allSatisfy({ $0.plane.signedDistance(.zero) < -0.15 }) else { return nil }
        return seeing[0].convention
    }

    /// The floor of a world-frame cloud, normal up: the largest one-sided plane (or, with a
    /// stated up axis, the largest plane within 10° of it); without one, a plane under the
    /// 2nd percentile of the points along the up direction.
    static func worldFloor(_ sampled: PointCloud, candidates: [FloorCandidate], statedUp: SIMD3<Double>?) -> Plane {
        if let up = statedUp {
            if let c = candidates.first(where: { abs(dot($0.plane.normal, up)) > cos(10 * Double.pi / 180) }) {
                return dot(c.plane.normal, up) > 0 ? c.plane : c.plane.flipped
            }
            var heights = (0..<sampled.count).map { dot(sampled[$0], up) }
            heights.sort()
            let floor = heights.isEmpty ? 0 : heights[Int(Double(heights.count - 1) * 0.02)]
            return Plane(normal: up, offset: -floor)
        }
        if let c = candidates.first(where: \.oneSided) ?? candidates.first { return c.plane }
        return Plane(normal: SIMD3(0, 0, 1), offset: 0)
    }

    /// The virtual OpenCV camera of a world-frame cloud, `cameraFromInput` (metres): where the
    /// pixel grid says the sensor was (`PixelGridViewpoint`, started from where the box's shadow
    /// on the floor puts it, `ShadowViewpoint`), else the shadow's estimate, looking at the top of
    /// the object nearest the middle of what stands on `floor`; without a shadow, 1 m above
    /// that object's top, looking straight down.
    static func virtualCamera(_ sampled: PointCloud, full: PointCloud, floor: Plane) -> RigidTransform {
        let up = floor.normal
        var standing: [SIMD3<Double>] = [], onFloor: [SIMD3<Double>] = []
        for i in 0..<sampled.count {
            let p = sampled[i], h = floor.signedDistance(p)
            if h > 0.02 && h < 1.5 { standing.append(p) } else if abs(h) <= 0.02 { onFloor.append(p) }
        }
        let pool = standing.isEmpty ? (onFloor.isEmpty ? [SIMD3<Double>.zero] : onFloor) : standing
        func horizontal(_ v: SIMD3<Double>) -> Double { length(v - dot(v, up) * up) }
        var target = pool.reduce(SIMD3<Double>.zero, +) / Double(pool.count)
        // Mean shift toward the densest object near the middle.
        for _ in 0..<5 {
            let near = pool.filter { horizontal($0 - target) < 0.4 }
            guard !near.isEmpty else { break }
            target = near.reduce(SIMD3<Double>.zero, +) / Double(near.count)
        }
        var top = 0.0
        for p in standing where horizontal(p - target) < 0.4 { top = max(top, floor.signedDistance(p)) }
        // Aim at a box, not at the laptop or the chair beside it, when one stands there.
        if let box = boxLikeObject(standing, floor: floor, middle: target) { (target, top) = box }
        let aim = floor.project(target) + top * up
        let rough = ShadowViewpoint.estimate(full, floor: floor, target: target) ?? (aim + 1.0 * up)
        let position = PixelGridViewpoint.estimate(full, guess: rough, aim: aim, floor: floor) ?? rough
        let z = normalize(aim - position)
        var x = cross(z, up)
        if length(x) < 1e-6 { x = FloorFrame(floor: floor).xAxis } else { x = normalize(x) }
        let y = cross(z, x)
        let rotation = RigidTransform(rows: [x, y, z], translation: .zero)
        return RigidTransform(rows: rotation.rows, translation: -rotation.apply(position))
    }

    /// The object standing on `floor` (2 cm voxels, clusters 2.5 cm apart) that looks most like a
    /// box seen from above, nearest `middle`: its highest band (1.5 cm) is a flat region whose
    /// convex hull fills at least 75 % of its minimum-area rectangle, both sides at least 8 cm,
    /// at least 5 cm above the floor (a laptop's screen edge or a bag's rim do not qualify).
    /// Returns the point under the band's centre and the band's height; nil when none qualifies.
    static func boxLikeObject(_ standing: [SIMD3<Double>], floor: Plane,
                              middle: SIMD3<Double>) -> (target: SIMD3<Double>, top: Double)? {
        // Beyond 10 km the clustering grid cannot index the points (a damaged file): no target.
        guard standing.count >= 20, standing.allSatisfy({ abs($0.x) < 1e4 && abs($0.y) < 1e4 && abs($0.z) < 1e4 }) else { return nil }
        let frame = FloorFrame(floor: floor)
        let local = standing.map { frame.local($0) }
        guard let (labels, count) = try? NativeCloud.radiusComponents(PointCloud(points: standing), tolerance: 0.025, minSize: 20,
                                                                      maxSize: Int(Int32.max)), count > 0 else { return nil }
        var members = [[SIMD3<Double>]](repeating: [], count: count)
        for (i, label) in labels.enumerated() where label >= 0 { members[Int(label)].append(local[i]) }
        let m = frame.local(middle)
        var best: (distance: Double, target: SIMD3<Double>, top: Double)?
        for cluster in members {
            var heights = cluster.map(\.z)
            heights.sort()
            let top = heights[Int(Double(heights.count - 1) * 0.98)]
            guard top >= 0.05 else { continue }
            let band = cluster.filter { $0.z > top - 0.015 }.map { SIMD2($0.x, $0.y) }
            guard band.count >= 10, let hull = try? NativeCloud.convexHull2D(band), hull.count >= 3,
                  let rect = minimumAreaRectangle(hull: hull), rect.halfA >= 0.04, rect.halfB >= 0.04 else { continue }
            var area = 0.0
            for k in 0..<hull.count {
                let a = hull[k], b = hull[(k + 1) % hull.count]
                area += a.x * b.y - a.y * b.x
            }
            guard abs(area) / 2 >= 0.75 * rect.area else { continue }
            let distance = length(rect.center - SIMD2(m.x, m.y))
            if best == nil || distance < best!.distance {
                best = (distance, frame.world(SIMD3(rect.center.x, rect.center.y, 0)), top)
            }
        }
        return best.map { ($0.target, $0.top) }
    }
}
