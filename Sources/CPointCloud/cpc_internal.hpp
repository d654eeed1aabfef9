// Internal helpers shared by the C++ sources of CPointCloud. Never included by Swift.
#pragma once

#include "cpc_boost_compat.hpp" // first: see there
#include "cpointcloud.h"

#include <cmath>
#include <cstring>
#include <cstdarg>
#include <cstdio>
#include <exception>
#include <new>
#include <stdexcept>

namespace cpc {

/// Writes a printf-style message into `error` (when non-NULL) and returns `status`.
inline cpc_status fail(cpc_error *error, cpc_status status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

inline cpc_status fail(cpc_error *error, cpc_status status, const char *format, ...) {
    if (error != nullptr) {
        va_list args;
        va_start(args, format);
        std::vsnprintf(error->message, sizeof(error->message), format, args);
        va_end(args);
    }
    return status;
}

/// Runs `body` (returning cpc_status) and converts any escaping C++ exception into a status,
/// so that no exception crosses the C boundary.
template <typename Body>
cpc_status guarded(cpc_error *error, const char *what, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return fail(error, CPC_ERR_TOO_LARGE, "%s: out of memory", what);
    } catch (const std::length_error &exception) {
        // A size beyond what a container can hold: the input asked for too much.
        return fail(error, CPC_ERR_TOO_LARGE, "%s: size too large (%s)", what, exception.what());
    } catch (const std::exception &exception) {
        return fail(error, CPC_ERR_INTERNAL, "%s: %s", what, exception.what());
    } catch (...) {
        return fail(error, CPC_ERR_INTERNAL, "%s: unknown C++ exception", what);
    }
}

/// True when every one of `count` floats is finite.
inline bool all_finite(const float *values, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        if (!std::isfinite(values[i])) {
            return false;
        }
    }
    return true;
}

/// The argument contract shared by the clustering functions (`cpc_euclidean_clusters`,
/// `cpc_radius_components`): sets every label to -1 and the cluster count to 0, then checks
/// the pointers, the tolerance, the size range and the coordinates.
inline cpc_status check_cluster_arguments(const float *xyz, size_t count, float tolerance, uint32_t min_size,
                                          uint32_t max_size, int32_t *labels, uint32_t *cluster_count,
                                          cpc_error *error) {
    if (labels == nullptr || cluster_count == nullptr || (xyz == nullptr && count > 0)) {
        return fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    *cluster_count = 0;
    for (size_t i = 0; i < count; ++i) {
        labels[i] = -1;
    }
    if (!(tolerance > 0.0f) || !std::isfinite(tolerance) || min_size > max_size) {
        return fail(error, CPC_ERR_INVALID_ARGUMENT, "invalid clustering parameters");
    }
    if (!all_finite(xyz, 3 * count)) {
        return fail(error, CPC_ERR_INVALID_ARGUMENT, "non-finite coordinate");
    }
    return CPC_OK;
}

/// Silences PCL's console output once (failures are reported through cpc_error instead).
void quiet_pcl();

} // namespace cpc
