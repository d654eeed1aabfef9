// Segmentation through PCL (compiled from its headers, see cpc_pcl.hpp): RANSAC plane and
// Euclidean clustering (the reference for cpc_components.cpp). The 2-D convex hull is qhull's
// (cpc_hull.cpp); .pcd/.ply files are read in Swift (CloudFileReader.swift). Each function
// copies the caller's floats into a pcl::PointCloud<pcl::PointXYZ>, runs one PCL algorithm and
// copies the answer back out.
#include "cpc_pcl.hpp"

#include <pcl/ModelCoefficients.h>
#include <pcl/console/print.h>
#include <pcl/sample_consensus/method_types.h>
#include <pcl/sample_consensus/model_types.h>
#include <pcl/search/kdtree.h>
#include <pcl/segmentation/extract_clusters.h>
#include <pcl/segmentation/sac_segmentation.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace cpc {

void quiet_pcl() {
    static const bool once = [] {
        pcl::console::setVerbosityLevel(pcl::console::L_ALWAYS);
        return true;
    }();
    (void)once;
}

} // namespace cpc

using cpc::Cloud;
using cpc::make_cloud;

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
            segmentation.setModelType(params->axis_in_plane != 0 ? pcl::SACMODEL_PARALLEL_PLANE
                                                                 : pcl::SACMODEL_PERPENDICULAR_PLANE);
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
