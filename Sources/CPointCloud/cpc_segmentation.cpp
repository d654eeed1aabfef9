// Filters and segmentation through PCL: voxel grid, statistical outlier removal (the reference
// for the grid version in cpc_outliers.cpp), RANSAC plane, Euclidean clustering and the 2-D
// convex hull. Each function copies the caller's floats into a pcl::PointCloud<pcl::PointXYZ>,
// runs one PCL algorithm and copies the answer back out.
#include "cpc_internal.hpp"

#include <pcl/ModelCoefficients.h>
#include <pcl/filters/statistical_outlier_removal.h>
#include <pcl/filters/voxel_grid.h>
#include <pcl/point_cloud.h>
#include <pcl/point_types.h>
#include <pcl/sample_consensus/method_types.h>
#include <pcl/sample_consensus/model_types.h>
#include <pcl/search/kdtree.h>
#include <pcl/segmentation/extract_clusters.h>
#include <pcl/segmentation/sac_segmentation.h>
#include <pcl/surface/convex_hull.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace {

using Cloud = pcl::PointCloud<pcl::PointXYZ>;

Cloud::Ptr make_cloud(const float *xyz, size_t count) {
    Cloud::Ptr cloud(new Cloud);
    cloud->resize(count);
    for (size_t i = 0; i < count; ++i) {
        (*cloud)[i].x = xyz[3 * i];
        (*cloud)[i].y = xyz[3 * i + 1];
        (*cloud)[i].z = xyz[3 * i + 2];
    }
    cloud->width = static_cast<uint32_t>(count);
    cloud->height = 1;
    cloud->is_dense = true;
    return cloud;
}

} // namespace

extern "C" cpc_status cpc_voxel_downsample(const float *xyz, size_t count, float leaf, float **out_xyz,
                                           size_t *out_count, cpc_error *error) {
    if (out_xyz == nullptr || out_count == nullptr || (xyz == nullptr && count > 0)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    *out_xyz = nullptr;
    *out_count = 0;
    if (!(leaf > 0.0f) || !std::isfinite(leaf)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "leaf size must be a positive number of metres");
    }
    if (!cpc::all_finite(xyz, 3 * count)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "non-finite coordinate");
    }
    return cpc::guarded(error, "voxel grid", [&]() -> cpc_status {
        cpc::quiet_pcl();
        Cloud::Ptr input = make_cloud(xyz, count);
        Cloud output;
        pcl::VoxelGrid<pcl::PointXYZ> grid;
        grid.setInputCloud(input);
        grid.setLeafSize(leaf, leaf, leaf);
        grid.filter(output);
        auto *buffer = static_cast<float *>(std::malloc(std::max<size_t>(1, output.size()) * 3 * sizeof(float)));
        if (buffer == nullptr) {
            return cpc::fail(error, CPC_ERR_TOO_LARGE, "out of memory");
        }
        for (size_t i = 0; i < output.size(); ++i) {
            buffer[3 * i] = output[i].x;
            buffer[3 * i + 1] = output[i].y;
            buffer[3 * i + 2] = output[i].z;
        }
        *out_xyz = buffer;
        *out_count = output.size();
        return CPC_OK;
    });
}

// The reference for cpc_statistical_outlier_mask (cpc_outliers.cpp), which also falls back to it.
extern "C" cpc_status cpc_statistical_outlier_mask_pcl(const float *xyz, size_t count, int k, float std_multiplier,
                                                       uint8_t *keep_mask, cpc_error *error) {
    if (cpc_status status = cpc::check_outlier_arguments(xyz, count, k, std_multiplier, keep_mask, error);
        status != CPC_OK) {
        return status;
    }
    if (count == 0) {
        return CPC_OK;
    }
    return cpc::guarded(error, "statistical outlier removal", [&]() -> cpc_status {
        cpc::quiet_pcl();
        Cloud::Ptr input = make_cloud(xyz, count);
        pcl::StatisticalOutlierRemoval<pcl::PointXYZ> filter;
        filter.setInputCloud(input);
        filter.setMeanK(k);
        filter.setStddevMulThresh(std_multiplier);
        pcl::Indices kept;
        filter.filter(kept);
        for (const auto index : kept) {
            keep_mask[index] = 1;
        }
        return CPC_OK;
    });
}

extern "C" cpc_status cpc_fit_plane(const float *xyz, size_t count, const cpc_plane_params *params,
                                    cpc_plane_result *out, uint8_t *inlier_mask, cpc_error *error) {
    if (params == nullptr || out == nullptr || (xyz == nullptr && count > 0)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    std::memset(out, 0, sizeof(*out));
    if (inlier_mask != nullptr) {
        std::memset(inlier_mask, 0, count);
    }
    if (!(params->distance_threshold > 0.0f) || params->max_iterations < 1 || !std::isfinite(params->eps_angle) ||
        !cpc::all_finite(params->axis, 3)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "invalid plane parameters");
    }
    if (!cpc::all_finite(xyz, 3 * count)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "non-finite coordinate");
    }
    if (count < 3) {
        return cpc::fail(error, CPC_ERR_NOT_FOUND, "fewer than 3 points");
    }
    return cpc::guarded(error, "RANSAC plane", [&]() -> cpc_status {
        cpc::quiet_pcl();
        Cloud::Ptr input = make_cloud(xyz, count);
        // random = false: PCL seeds its generator with the fixed value 12345.
        pcl::SACSegmentation<pcl::PointXYZ> segmentation(false);
        const Eigen::Vector3f axis(params->axis[0], params->axis[1], params->axis[2]);
        if (axis.norm() > 0.0f) {
            segmentation.setModelType(pcl::SACMODEL_PERPENDICULAR_PLANE);
            segmentation.setAxis(axis.normalized());
            segmentation.setEpsAngle(params->eps_angle);
        } else {
            segmentation.setModelType(pcl::SACMODEL_PLANE);
        }
        segmentation.setMethodType(pcl::SAC_RANSAC);
        segmentation.setDistanceThreshold(params->distance_threshold);
        segmentation.setMaxIterations(params->max_iterations);
        if (params->probability > 0.0f && params->probability < 1.0f) {
            segmentation.setProbability(params->probability);
        }
        segmentation.setOptimizeCoefficients(params->optimize != 0);
        segmentation.setInputCloud(input);
        pcl::PointIndices inliers;
        pcl::ModelCoefficients coefficients;
        segmentation.segment(inliers, coefficients);
        if (inliers.indices.size() < 3 || coefficients.values.size() != 4) {
            return cpc::fail(error, CPC_ERR_NOT_FOUND, "no plane found");
        }
        double a = coefficients.values[0], b = coefficients.values[1], c = coefficients.values[2];
        double d = coefficients.values[3];
        const double norm = std::sqrt(a * a + b * b + c * c);
        if (!(norm > 0.0) || !std::isfinite(norm) || !std::isfinite(d)) {
            return cpc::fail(error, CPC_ERR_NOT_FOUND, "degenerate plane");
        }
        out->coefficients[0] = a / norm;
        out->coefficients[1] = b / norm;
        out->coefficients[2] = c / norm;
        out->coefficients[3] = d / norm;
        out->inlier_count = inliers.indices.size();
        if (inlier_mask != nullptr) {
            for (const auto index : inliers.indices) {
                inlier_mask[index] = 1;
            }
        }
        return CPC_OK;
    });
}

extern "C" cpc_status cpc_euclidean_clusters(const float *xyz, size_t count, float tolerance, uint32_t min_size,
                                             uint32_t max_size, int32_t *labels, uint32_t *cluster_count,
                                             cpc_error *error) {
    if (cpc_status status = cpc::check_cluster_arguments(xyz, count, tolerance, min_size, max_size, labels,
                                                         cluster_count, error);
        status != CPC_OK) {
        return status;
    }
    if (count == 0) {
        return CPC_OK;
    }
    return cpc::guarded(error, "Euclidean clustering", [&]() -> cpc_status {
        cpc::quiet_pcl();
        Cloud::Ptr input = make_cloud(xyz, count);
        pcl::search::KdTree<pcl::PointXYZ>::Ptr tree(new pcl::search::KdTree<pcl::PointXYZ>);
        tree->setInputCloud(input);
        pcl::EuclideanClusterExtraction<pcl::PointXYZ> extraction;
        extraction.setClusterTolerance(tolerance);
        extraction.setMinClusterSize(std::max<uint32_t>(1, min_size));
        extraction.setMaxClusterSize(max_size);
        extraction.setSearchMethod(tree);
        extraction.setInputCloud(input);
        std::vector<pcl::PointIndices> clusters;
        extraction.extract(clusters);
        // Largest first; ties broken by the smallest point index, so the order is deterministic.
        std::stable_sort(clusters.begin(), clusters.end(), [](const pcl::PointIndices &l, const pcl::PointIndices &r) {
            if (l.indices.size() != r.indices.size()) {
                return l.indices.size() > r.indices.size();
            }
            return *std::min_element(l.indices.begin(), l.indices.end()) <
                   *std::min_element(r.indices.begin(), r.indices.end());
        });
        for (size_t c = 0; c < clusters.size(); ++c) {
            for (const auto index : clusters[c].indices) {
                labels[index] = static_cast<int32_t>(c);
            }
        }
        *cluster_count = static_cast<uint32_t>(clusters.size());
        return CPC_OK;
    });
}

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
        cpc::quiet_pcl();
        Cloud::Ptr input(new Cloud);
        input->resize(count);
        for (size_t i = 0; i < count; ++i) {
            (*input)[i].x = xy[2 * i];
            (*input)[i].y = xy[2 * i + 1];
            (*input)[i].z = 0.0f;
        }
        pcl::ConvexHull<pcl::PointXYZ> hull;
        hull.setDimension(2);
        hull.setInputCloud(input);
        Cloud vertices;
        hull.reconstruct(vertices);
        if (vertices.size() < 3) {
            return cpc::fail(error, CPC_ERR_NOT_FOUND, "points are collinear or coincident");
        }
        // Signed area (shoelace) decides the orientation; hand back counter-clockwise.
        double area = 0.0;
        for (size_t i = 0; i < vertices.size(); ++i) {
            const auto &p = vertices[i];
            const auto &q = vertices[(i + 1) % vertices.size()];
            area += static_cast<double>(p.x) * q.y - static_cast<double>(q.x) * p.y;
        }
        const size_t n = vertices.size();
        for (size_t i = 0; i < n; ++i) {
            const auto &p = vertices[area >= 0.0 ? i : n - 1 - i];
            hull_xy[2 * i] = p.x;
            hull_xy[2 * i + 1] = p.y;
        }
        *hull_count = n;
        return CPC_OK;
    });
}
