// Internal helpers shared by the C++ sources of CPointCloud. Never included by Swift.
#pragma once

#include "cpc_boost_compat.hpp" // first: see there
#include "cpointcloud.h"

#include <cstdarg>
#include <cstdio>
#include <exception>
#include <new>

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
    } catch (const std::exception &exception) {
        return fail(error, CPC_ERR_INTERNAL, "%s: %s", what, exception.what());
    } catch (...) {
        return fail(error, CPC_ERR_INTERNAL, "%s: unknown C++ exception", what);
    }
}

/// Silences PCL's console output once (failures are reported through cpc_error instead).
void quiet_pcl();

} // namespace cpc
