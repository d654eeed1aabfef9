// .pcd / .ply reading and writing through PCL's io module, always via pcl::PCLPointCloud2 so
// that x/y/z of any numeric type are converted here (PCL 1.13 silently zeroes double-typed PLY
// coordinates when loading straight into pcl::PointXYZ). Built into libCPointCloudIO.so, which
// the engine loads on first use (see cpointcloud_io.h); every other symbol here is hidden.
#include "cpc_internal.hpp"
#include "cpcio_header_check.hpp"
#include "cpointcloud_io.h"

#include <pcl/PCLPointCloud2.h>
#include <pcl/common/io.h>
#include <pcl/console/print.h>
#include <pcl/io/pcd_io.h>
#include <pcl/io/ply_io.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

/// Silences PCL's console output once (as cpc::quiet_pcl does in the shim; a copy of its own, so
/// that a program linking both statically, like the fuzz targets, has one definition of each).
void quiet_pcl_io() {
    static const bool once = [] {
        pcl::console::setVerbosityLevel(pcl::console::L_ALWAYS);
        return true;
    }();
    (void)once;
}

std::string lowercase_extension(const std::string &path) {
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos) {
        return "";
    }
    std::string extension = path.substr(dot + 1);
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

/// True when `value` is finite and within float's range, so the cast to float is exact enough
/// and defined.
bool fits_float(double value) {
    return std::isfinite(value) && std::fabs(value) <= static_cast<double>(std::numeric_limits<float>::max());
}

/// Reads one scalar of PCL datatype `type` at `data` as a double (NaN for unknown types).
double read_scalar(const uint8_t *data, uint8_t type) {
    switch (type) {
    case pcl::PCLPointField::INT8: { int8_t v; std::memcpy(&v, data, 1); return v; }
    case pcl::PCLPointField::UINT8: { uint8_t v; std::memcpy(&v, data, 1); return v; }
    case pcl::PCLPointField::INT16: { int16_t v; std::memcpy(&v, data, 2); return v; }
    case pcl::PCLPointField::UINT16: { uint16_t v; std::memcpy(&v, data, 2); return v; }
    case pcl::PCLPointField::INT32: { int32_t v; std::memcpy(&v, data, 4); return v; }
    case pcl::PCLPointField::UINT32: { uint32_t v; std::memcpy(&v, data, 4); return v; }
    case pcl::PCLPointField::FLOAT32: { float v; std::memcpy(&v, data, 4); return v; }
    case pcl::PCLPointField::FLOAT64: { double v; std::memcpy(&v, data, 8); return v; }
    default: return std::nan("");
    }
}

size_t scalar_size(uint8_t type) {
    switch (type) {
    case pcl::PCLPointField::INT8: case pcl::PCLPointField::UINT8: return 1;
    case pcl::PCLPointField::INT16: case pcl::PCLPointField::UINT16: return 2;
    case pcl::PCLPointField::INT32: case pcl::PCLPointField::UINT32: case pcl::PCLPointField::FLOAT32: return 4;
    case pcl::PCLPointField::FLOAT64: return 8;
    default: return 0;
    }
}

/// Converts a PCLPointCloud2 to finite xyz floats (and organized pixel indices).
cpc_status convert(const pcl::PCLPointCloud2 &blob, cpc_cloud *out, cpc_error *error) {
    if (blob.fields.empty() || blob.point_step == 0) {
        return cpc::fail(error, CPC_ERR_FORMAT, "the reader returned no fields");
    }
    for (const auto &field : blob.fields) {
        const size_t bytes = static_cast<size_t>(pcl::getFieldSize(field.datatype)) * std::max<uint32_t>(field.count, 1);
        if (static_cast<size_t>(field.offset) + bytes > blob.point_step) {
            return cpc::fail(error, CPC_ERR_FORMAT, "field '%.40s' lies outside the %u-byte point", field.name.c_str(),
                             blob.point_step);
        }
    }
    const pcl::PCLPointField *axes[3] = {nullptr, nullptr, nullptr};
    for (const auto &field : blob.fields) {
        for (int a = 0; a < 3; ++a) {
            if (field.name == std::string(1, static_cast<char>('x' + a))) {
                axes[a] = &field;
            }
        }
    }
    for (int a = 0; a < 3; ++a) {
        if (axes[a] == nullptr) {
            return cpc::fail(error, CPC_ERR_FORMAT, "no '%c' field", 'x' + a);
        }
        const size_t size = scalar_size(axes[a]->datatype);
        if (size == 0 || axes[a]->offset + size > blob.point_step) {
            return cpc::fail(error, CPC_ERR_FORMAT, "field '%c' has an unsupported type or offset", 'x' + a);
        }
    }
    const size_t declared = static_cast<size_t>(blob.width) * blob.height;
    if (blob.point_step == 0 || blob.data.size() / blob.point_step < declared) {
        return cpc::fail(error, CPC_ERR_FORMAT, "data holds fewer points than declared (%zu)", declared);
    }
    const bool organized = blob.height > 1;
    auto *xyz = static_cast<float *>(std::malloc(std::max<size_t>(1, declared) * 3 * sizeof(float)));
    int32_t *index = organized ? static_cast<int32_t *>(std::malloc(std::max<size_t>(1, declared) * sizeof(int32_t))) : nullptr;
    if (xyz == nullptr || (organized && index == nullptr)) {
        std::free(xyz);
        std::free(index);
        return cpc::fail(error, CPC_ERR_TOO_LARGE, "out of memory for %zu points", declared);
    }
    size_t kept = 0;
    for (size_t i = 0; i < declared; ++i) {
        const uint8_t *point = blob.data.data() + i * blob.point_step;
        const double x = read_scalar(point + axes[0]->offset, axes[0]->datatype);
        const double y = read_scalar(point + axes[1]->offset, axes[1]->datatype);
        const double z = read_scalar(point + axes[2]->offset, axes[2]->datatype);
        // A double beyond float's range would become inf (and the cast is undefined): such a
        // point is as unusable as a NaN one. Found by the cloud fuzz target (Tests/Fuzz/RESULTS.md).
        if (!fits_float(x) || !fits_float(y) || !fits_float(z)) {
            continue;
        }
        xyz[3 * kept] = static_cast<float>(x);
        xyz[3 * kept + 1] = static_cast<float>(y);
        xyz[3 * kept + 2] = static_cast<float>(z);
        if (organized) {
            index[kept] = static_cast<int32_t>(i);
        }
        ++kept;
    }
    out->count = kept;
    out->declared = declared;
    out->width = blob.width;
    out->height = blob.height;
    out->xyz = xyz;
    out->pixel_index = index;
    return CPC_OK;
}

/// Compares PCL's own reading of a PCD header with the check's (`check_pcd_header`): the same
/// fields, sizes, counts and offsets, point size, width, height, body kind and body offset.
/// PCL reads the body with the layout it parsed, so any difference between the two parsers
/// (the class of the `pcd-binary-segfault` crash, where PCL went on reading header lines past
/// DATA) is refused here, before PCL reads a byte of the body.
cpc_status check_pcl_agrees(const cpc::HeaderSummary &summary, const pcl::PCLPointCloud2 &header, int data_type,
                            unsigned int data_idx, cpc_error *error) {
    const auto differ = [&](const char *what) {
        return cpc::fail(error, CPC_ERR_FORMAT, "PCL reads the header differently from the check (%s)", what);
    };
    if (header.fields.size() != summary.fields.size()) {
        return differ("number of fields");
    }
    for (size_t i = 0; i < summary.fields.size(); ++i) {
        const pcl::PCLPointField &field = header.fields[i];
        const cpc::FieldSummary &expected = summary.fields[i];
        if (field.name != expected.name || field.offset != expected.offset || field.count != expected.count ||
            static_cast<size_t>(pcl::getFieldSize(field.datatype)) != expected.size) {
            return differ("a field's name, size, count or offset");
        }
    }
    if (header.point_step != summary.point_bytes || header.width != summary.width || header.height != summary.height) {
        return differ("point size, width or height");
    }
    if (data_type != summary.data_kind || data_idx != summary.data_offset) {
        return differ("DATA kind or where the body starts");
    }
    return CPC_OK;
}

pcl::PCLPointField make_field(const char *name, uint32_t offset, uint8_t type) {
    pcl::PCLPointField field;
    field.name = name;
    field.offset = offset;
    field.datatype = type;
    field.count = 1;
    return field;
}

} // namespace

extern "C" int cpcio_abi_version(void) { return CPCIO_ABI_VERSION; }

extern "C" cpc_status cpcio_cloud_read(const char *path, size_t max_points, cpc_cloud *out, cpc_error *error) {
    if (path == nullptr || out == nullptr) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    std::memset(out, 0, sizeof(*out));
    return cpc::guarded(error, "reading point cloud", [&]() -> cpc_status {
        quiet_pcl_io();
        const std::string file(path);
        const std::string extension = lowercase_extension(file);
        cpc::HeaderSummary summary;
        pcl::PCLPointCloud2 blob;
        Eigen::Vector4f origin;
        Eigen::Quaternionf orientation;
        if (extension == "pcd") {
            if (cpc_status status = cpc::check_pcd_header(file, max_points, summary, error); status != CPC_OK) {
                return status;
            }
            pcl::PCDReader reader;
            int version = 0, data_type = 0;
            unsigned int data_idx = 0;
            if (reader.readHeader(file, blob, origin, orientation, version, data_type, data_idx) < 0) {
                return cpc::fail(error, CPC_ERR_FORMAT, "PCL could not parse the PCD header");
            }
            if (cpc_status status = check_pcl_agrees(summary, blob, data_type, data_idx, error); status != CPC_OK) {
                return status;
            }
            blob = pcl::PCLPointCloud2();
            if (reader.read(file, blob, origin, orientation, version) < 0) {
                return cpc::fail(error, CPC_ERR_FORMAT, "PCL could not parse the PCD body");
            }
        } else if (extension == "ply") {
            if (cpc_status status = cpc::check_ply_header(file, max_points, summary, error); status != CPC_OK) {
                return status;
            }
            pcl::PLYReader reader;
            int version = 0;
            if (reader.read(file, blob, origin, orientation, version) < 0) {
                return cpc::fail(error, CPC_ERR_FORMAT, "PCL could not parse the PLY body");
            }
        } else {
            return cpc::fail(error, CPC_ERR_FORMAT, "unsupported extension '.%s' (expected .pcd or .ply)", extension.c_str());
        }
        if (static_cast<size_t>(blob.width) * blob.height > max_points) {
            return cpc::fail(error, CPC_ERR_TOO_LARGE, "more than %zu points", max_points);
        }
        return convert(blob, out, error);
    });
}

extern "C" cpc_status cpcio_cloud_write(const char *path, cpc_cloud_format format, const float *xyz, size_t count,
                                        uint32_t width, uint32_t height, const uint32_t *rgb, const int32_t *label,
                                        cpc_error *error) {
    if (path == nullptr || (xyz == nullptr && count > 0)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    return cpc::guarded(error, "writing point cloud", [&]() -> cpc_status {
        quiet_pcl_io();
        pcl::PCLPointCloud2 blob;
        const bool is_organized = height > 1 && static_cast<size_t>(width) * height == count;
        blob.width = is_organized ? width : static_cast<uint32_t>(count);
        blob.height = is_organized ? height : 1;
        uint32_t offset = 0;
        for (const char *axis : {"x", "y", "z"}) {
            blob.fields.push_back(make_field(axis, offset, pcl::PCLPointField::FLOAT32));
            offset += 4;
        }
        const uint32_t rgb_offset = offset;
        if (rgb != nullptr) {
            // PCL's convention: packed 0x00RRGGBB stored in a FLOAT32-typed "rgb" field.
            blob.fields.push_back(make_field("rgb", offset, pcl::PCLPointField::FLOAT32));
            offset += 4;
        }
        const uint32_t label_offset = offset;
        if (label != nullptr) {
            blob.fields.push_back(make_field("label", offset, pcl::PCLPointField::UINT32));
            offset += 4;
        }
        blob.point_step = offset;
        blob.row_step = offset * blob.width;
        blob.is_dense = true;
        blob.data.resize(static_cast<size_t>(offset) * count);
        for (size_t i = 0; i < count; ++i) {
            uint8_t *point = blob.data.data() + i * offset;
            std::memcpy(point, xyz + 3 * i, 12);
            if (rgb != nullptr) {
                std::memcpy(point + rgb_offset, rgb + i, 4);
            }
            if (label != nullptr) {
                const uint32_t value = static_cast<uint32_t>(label[i]);
                std::memcpy(point + label_offset, &value, 4);
            }
            if (!std::isfinite(xyz[3 * i]) || !std::isfinite(xyz[3 * i + 1]) || !std::isfinite(xyz[3 * i + 2])) {
                blob.is_dense = false;
            }
        }
        const Eigen::Vector4f origin = Eigen::Vector4f::Zero();
        const Eigen::Quaternionf orientation = Eigen::Quaternionf::Identity();
        int result = 0;
        switch (format) {
        case CPC_CLOUD_PCD_ASCII:
            result = pcl::PCDWriter().writeASCII(path, blob, origin, orientation, 8);
            break;
        case CPC_CLOUD_PCD_BINARY:
            result = pcl::PCDWriter().writeBinary(path, blob, origin, orientation);
            break;
        case CPC_CLOUD_PCD_BINARY_COMPRESSED:
            result = pcl::PCDWriter().writeBinaryCompressed(path, blob, origin, orientation);
            break;
        case CPC_CLOUD_PLY_ASCII:
        case CPC_CLOUD_PLY_BINARY:
            result = pcl::PLYWriter().write(path, blob, origin, orientation, format == CPC_CLOUD_PLY_BINARY, false);
            break;
        default:
            return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "unknown cloud format %d", static_cast<int>(format));
        }
        if (result != 0) {
            return cpc::fail(error, CPC_ERR_IO, "PCL could not write %s", path);
        }
        return CPC_OK;
    });
}
