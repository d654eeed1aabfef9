// Filters through PCL (compiled from its headers, see cpc_pcl.hpp): the voxel grid. The
// function copies the caller's floats into a
// pcl::PointCloud<pcl::PointXYZ>, runs one PCL algorithm and copies the answer back out.
#include "cpc_pcl.hpp"

#include <pcl/filters/voxel_grid.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

using cpc::Cloud;
using cpc::make_cloud;

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
