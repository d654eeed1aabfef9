// PCL inside the shim. Every PCL algorithm the shim runs is compiled here from PCL's own
// template headers (PCL_NO_PRECOMPILE) instead of being called in PCL's precompiled libraries:
// libpcl_segmentation alone drags libpcl_features in, and the five libraries together carry about
// 150,000 symbol relocations that the dynamic loader resolved at every start of every program
// (about 60 ms of `boxdim --help`). The same source code runs, built for the same x86-64
// baseline (Debian builds PCL without SSE4/AVX flags), so the answers are PCL's; only
// libpcl_common (console output) is linked. Include this header first in a .cpp that uses PCL.
#pragma once

#ifndef PCL_NO_PRECOMPILE
#define PCL_NO_PRECOMPILE
#endif

#include "cpc_internal.hpp"

#include <pcl/point_cloud.h>
#include <pcl/point_types.h>

namespace cpc {

using Cloud = pcl::PointCloud<pcl::PointXYZ>;

/// A dense pcl::PointCloud<PointXYZ> holding `count` xyz points.
inline Cloud::Ptr make_cloud(const float *xyz, size_t count) {
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

} // namespace cpc
