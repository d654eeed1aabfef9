// The 2-D convex hull (cpc_convex_hull_2d) on qhull's reentrant library (libqhull_r) directly.
//
// PCL's pcl::ConvexHull lives in libpcl_surface, which links five VTK libraries, so the engine
// would map VTK at start-up for one hull. This file makes the same qhull call PCL 1.13 makes in
// ConvexHull<PointXYZ>::performReconstruction2D with dimension 2 and points in the xy plane:
//  - qh_new_qhull in 2-D with the flags "qhull " (PCL's default: no options, so qhull's default
//    merging of near-collinear vertices applies), on the points widened float -> double in
//    input order;
//  - the vertices taken in qhull's vertex-list order, their float centroid (a float sum in that
//    order, divided by the float count), and the vertices sorted by decreasing
//    atan2f(y - cy, x - cx) + pi with std::sort (the same comparisons, so the same order, ties
//    included).
// Then, as before, the shoelace sign decides whether the list is reversed to counter-clockwise.
// The answer is PCL's, vertex for vertex (the ExactReformulation tests held both side by side
// when PCL's hull was replaced).
#include "cpc_internal.hpp"

extern "C" {
#include <libqhull_r/libqhull_r.h>
}

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

namespace {

/// A hull vertex: its input index and its offset from the vertices' centroid (float, as PCL).
using Vertex = std::pair<size_t, std::pair<float, float>>;

/// PCL's comparePoints2D: decreasing angle around the centroid, atan2 on floats.
bool by_decreasing_angle(const Vertex &a, const Vertex &b) {
    const double angle_a = std::atan2(a.second.second, a.second.first) + M_PI;
    const double angle_b = std::atan2(b.second.second, b.second.first) + M_PI;
    return angle_a > angle_b;
}

/// The qhull vertices of `count` xy points (input indices, qhull's vertex-list order); empty
/// when qhull fails.
std::vector<size_t> qhull_vertices(const float *xy, size_t count) {
    // qhull takes ownership of `points` (ismalloc = True) and frees it in qh_freeqhull.
    auto *points = static_cast<coordT *>(std::calloc(2 * count, sizeof(coordT)));
    if (points == nullptr) {
        throw std::bad_alloc();
    }
    for (size_t i = 0; i < 2 * count; ++i) {
        points[i] = static_cast<coordT>(xy[i]);
    }
    qhT qh_storage;
    qhT *qh = &qh_storage;
    QHULL_LIB_CHECK
    qh_zero(qh, stderr);
    char flags[] = "qhull ";
    const int exit_code = qh_new_qhull(qh, 2, static_cast<int>(count), points, True, flags, nullptr, stderr);
    std::vector<size_t> indices;
    if (exit_code == 0) {
        indices.reserve(static_cast<size_t>(qh->num_vertices));
        vertexT *vertex;
        FORALLvertices {
            indices.push_back(static_cast<size_t>(qh_pointid(qh, vertex->point)));
        }
    }
    qh_freeqhull(qh, !qh_ALL);
    int still_long = 0, total_long = 0;
    qh_memfreeshort(qh, &still_long, &total_long);
    return indices;
}

} // namespace

extern "C" cpc_status cpc_convex_hull_2d(const float *xy, size_t count, float *hull_xy, size_t *hull_count,
                                         cpc_error *error) {
    if (hull_xy == nullptr || hull_count == nullptr || (xy == nullptr && count > 0)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    *hull_count = 0;
    if (!cpc::all_finite(xy, 2 * count)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "non-finite coordinate");
    }
    if (count < 3) {
        return cpc::fail(error, CPC_ERR_NOT_FOUND, "fewer than 3 points");
    }
    if (count > static_cast<size_t>(INT32_MAX)) {
        return cpc::fail(error, CPC_ERR_TOO_LARGE, "too many points for qhull");
    }
    // qhull reports collinear input on stderr before failing; detect it here instead: find the
    // point farthest from the first, then the largest distance of any point from that line.
    size_t far = 0;
    double far_distance = 0.0;
    for (size_t i = 1; i < count; ++i) {
        const double dx = xy[2 * i] - xy[0], dy = xy[2 * i + 1] - xy[1];
        if (dx * dx + dy * dy > far_distance) {
            far_distance = dx * dx + dy * dy;
            far = i;
        }
    }
    double spread = 0.0;
    if (far_distance > 0.0) {
        const double ux = (xy[2 * far] - xy[0]) / std::sqrt(far_distance);
        const double uy = (xy[2 * far + 1] - xy[1]) / std::sqrt(far_distance);
        for (size_t i = 1; i < count; ++i) {
            spread = std::max(spread, std::abs((xy[2 * i] - xy[0]) * uy - (xy[2 * i + 1] - xy[1]) * ux));
        }
    }
    if (spread <= 1e-6 * std::sqrt(far_distance) || far_distance == 0.0) {
        return cpc::fail(error, CPC_ERR_NOT_FOUND, "points are collinear or coincident");
    }
    return cpc::guarded(error, "convex hull", [&]() -> cpc_status {
        const std::vector<size_t> indices = qhull_vertices(xy, count);
        if (indices.size() < 3) {
            return cpc::fail(error, CPC_ERR_NOT_FOUND, "points are collinear or coincident");
        }
        float cx = 0.0f, cy = 0.0f;
        for (const size_t i : indices) {
            cx += xy[2 * i];
            cy += xy[2 * i + 1];
        }
        cx /= static_cast<float>(indices.size());
        cy /= static_cast<float>(indices.size());
        std::vector<Vertex> vertices;
        vertices.reserve(indices.size());
        for (const size_t i : indices) {
            vertices.push_back({i, {xy[2 * i] - cx, xy[2 * i + 1] - cy}});
        }
        std::sort(vertices.begin(), vertices.end(), by_decreasing_angle);
        // Signed area (shoelace) decides the orientation; hand back counter-clockwise.
        const size_t n = vertices.size();
        double area = 0.0;
        for (size_t k = 0; k < n; ++k) {
            const size_t p = vertices[k].first, q = vertices[(k + 1) % n].first;
            area += static_cast<double>(xy[2 * p]) * xy[2 * q + 1] - static_cast<double>(xy[2 * q]) * xy[2 * p + 1];
        }
        for (size_t k = 0; k < n; ++k) {
            const size_t p = vertices[area >= 0.0 ? k : n - 1 - k].first;
            hull_xy[2 * k] = xy[2 * p];
            hull_xy[2 * k + 1] = xy[2 * p + 1];
        }
        *hull_count = n;
        return CPC_OK;
    });
}
