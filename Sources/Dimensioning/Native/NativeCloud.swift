import CPointCloud

/// PCL's algorithms through the C boundary (package-internal; point-cloud files are read and
/// written by DimensioningReaders, `NativeCloud+Files.swift`).
package enum NativeCloud {
    /// pcl::VoxelGrid centroids with cubic voxels of edge `leaf` metres.
    package static func voxelDownsample(_ points: PointCloud, leaf: Float) throws(NativeFailure) -> PointCloud {
        var out: UnsafeMutablePointer<Float>?
        var count = 0
        try NativeFailure.check { error in
            points.xyz.withUnsafeBufferPointer { cpc_voxel_downsample($0.baseAddress, points.count, leaf, &out, &count, error) }
        }
        defer { cpc_free(out) }
        return PointCloud(xyz: Array(UnsafeBufferPointer(start: out, count: 3 * count)))
    }

    /// RANSAC plane (PCL's fixed seed). Returns unit-normal coefficients (a, b, c, d) and an
    /// inlier mask.
    package static func fitPlane(_ points: PointCloud, parameters: cpc_plane_params) throws(NativeFailure) -> (coefficients: SIMD4<Double>, inliers: [Bool], inlierCount: Int) {
        var result = cpc_plane_result()
        var mask = [UInt8](repeating: 0, count: points.count)
        var params = parameters
        try NativeFailure.check { error in
            points.xyz.withUnsafeBufferPointer { xyz in
                mask.withUnsafeMutableBufferPointer { m in
                    cpc_fit_plane(xyz.baseAddress, points.count, &params, &result, m.baseAddress, error)
                }
            }
        }
        let c = result.coefficients
        return (SIMD4(c.0, c.1, c.2, c.3), mask.map { $0 != 0 }, result.inlier_count)
    }

    /// Euclidean clusters (PCL's kd-tree `EuclideanClusterExtraction`): a label per point
    /// (0 = largest cluster, -1 = none) and the count.
    static func euclideanClusters(_ points: PointCloud, tolerance: Float, minSize: Int, maxSize: Int) throws(NativeFailure) -> (labels: [Int32], clusterCount: Int) {
        try cluster(points, tolerance: tolerance, minSize: minSize, maxSize: maxSize, using: cpc_euclidean_clusters)
    }

    /// The same clusters as `euclideanClusters` (same labels), found as radius-connected
    /// components on a voxel hash grid (`cpc_radius_components`) instead of kd-tree searches.
    package static func radiusComponents(_ points: PointCloud, tolerance: Float, minSize: Int, maxSize: Int) throws(NativeFailure) -> (labels: [Int32], clusterCount: Int) {
        try cluster(points, tolerance: tolerance, minSize: minSize, maxSize: maxSize, using: cpc_radius_components)
    }

    /// The C signature both clustering functions share.
    private typealias ClusterFunction = @convention(c) (
        UnsafePointer<Float>?, Int, Float, UInt32, UInt32, UnsafeMutablePointer<Int32>?,
        UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<cpc_error>?) -> cpc_status

    private static func cluster(_ points: PointCloud, tolerance: Float, minSize: Int, maxSize: Int,
                                using function: ClusterFunction) throws(NativeFailure) -> (labels: [Int32], clusterCount: Int) {
        var labels = [Int32](repeating: -1, count: points.count)
        var clusters: UInt32 = 0
        try NativeFailure.check { error in
            points.xyz.withUnsafeBufferPointer { xyz in
                labels.withUnsafeMutableBufferPointer { l in
                    function(xyz.baseAddress, points.count, tolerance, UInt32(clamping: minSize),
                             UInt32(clamping: maxSize), l.baseAddress, &clusters, error)
                }
            }
        }
        return (labels, Int(clusters))
    }

    /// 2-D convex hull, counter-clockwise.
    package static func convexHull2D(_ points: [SIMD2<Double>]) throws(NativeFailure) -> [SIMD2<Double>] {
        var flat = [Float](); flat.reserveCapacity(2 * points.count)
        for p in points { flat.append(Float(p.x)); flat.append(Float(p.y)) }
        var hull = [Float](repeating: 0, count: 2 * max(points.count, 1))
        var hullCount = 0
        try NativeFailure.check { error in
            flat.withUnsafeBufferPointer { xy in
                hull.withUnsafeMutableBufferPointer { h in
                    cpc_convex_hull_2d(xy.baseAddress, points.count, h.baseAddress, &hullCount, error)
                }
            }
        }
        return (0..<hullCount).map { SIMD2(Double(hull[2 * $0]), Double(hull[2 * $0 + 1])) }
    }
}

extension cpc_plane_params {
    /// Settings for `NativeCloud.fitPlane` (PCL RANSAC, early stop at 99 % confidence,
    /// least-squares refinement on the inliers): inliers within `threshold` metres, at most
    /// `iterations` iterations. With `axis` (any length, world frame), only planes whose normal
    /// is within `epsilonDegrees` of it, or with `axisInPlane` planes containing it (walls,
    /// when the axis is "up"). `optimize` false keeps RANSAC's best sample plane instead of
    /// refitting it to the inliers.
    package static func ransac(threshold: Double, iterations: Int, axis: SIMD3<Double>? = nil,
                       epsilonDegrees: Double = 0, axisInPlane: Bool = false,
                       optimize: Bool = true) -> cpc_plane_params {
        var params = cpc_plane_params()
        params.distance_threshold = Float(threshold)
        params.max_iterations = Int32(iterations)
        params.probability = 0.99
        params.optimize = optimize ? 1 : 0
        if let axis {
            params.axis = (Float(axis.x), Float(axis.y), Float(axis.z))
            params.eps_angle = Float(epsilonDegrees * .pi / 180)
            params.axis_in_plane = axisInPlane ? 1 : 0
        }
        return params
    }
}

