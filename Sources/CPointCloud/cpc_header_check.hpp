// Header checks that stand in front of PCL's readers. PCL 1.13's PCD reader crashes on a
// 0-byte file and on some damaged headers, so every .pcd and .ply is parsed and checked here
// first; PCL only ever sees files whose header is consistent and whose body is long enough.
#pragma once

#include "cpointcloud.h"

#include <cstddef>
#include <string>

namespace cpc {

struct HeaderSummary {
    size_t points = 0;     // points the header declares
    uint32_t width = 0;    // organized width (PCD) or the point count
    uint32_t height = 1;   // organized height (PCD) or 1
};

/// Checks a PCD v0.5-0.7 header and body size. On failure fills `error` and returns its status.
cpc_status check_pcd_header(const std::string &path, size_t max_points, HeaderSummary &summary,
                            cpc_error *error);

/// Checks a PLY header (ascii / binary_little_endian / binary_big_endian, a vertex element with
/// x, y, z scalar properties) and, for binary files whose elements have no list properties,
/// the body size.
cpc_status check_ply_header(const std::string &path, size_t max_points, HeaderSummary &summary,
                            cpc_error *error);

} // namespace cpc
