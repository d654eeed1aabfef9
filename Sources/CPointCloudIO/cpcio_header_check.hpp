// Header checks that stand in front of PCL's readers. PCL 1.13's PCD reader crashes on a
// 0-byte file and on some damaged headers, so every .pcd and .ply is parsed and checked here
// first; PCL only ever sees files whose header is consistent and whose body is long enough.
#pragma once

#include "cpointcloud.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cpc {

/// One PCD field as the check reads it: the layout PCL must agree with before it reads a body.
struct FieldSummary {
    std::string name;
    size_t size = 0;    // bytes of one value (SIZE)
    size_t count = 0;   // values per point (COUNT)
    size_t offset = 0;  // byte offset inside a point: the sum of size x count of the fields before
};

struct HeaderSummary {
    size_t points = 0;     // points the header declares
    uint32_t width = 0;    // organized width (PCD) or the point count
    uint32_t height = 1;   // organized height (PCD) or 1
    // PCD only: the layout the header declares, compared with PCL's own reading of the header
    // (`cpc_cloud_read`) before PCL reads the body.
    std::vector<FieldSummary> fields;
    size_t point_bytes = 0;  // bytes of one point
    size_t data_offset = 0;  // where the body starts (just after the DATA line)
    int data_kind = 0;       // 0 ascii, 1 binary, 2 binary_compressed (PCL's numbering)
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
