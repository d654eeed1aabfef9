/*
 * cpointcloud_io.h - the point-cloud file library (libCPointCloudIO.so): .pcd/.ply reading and
 * writing through PCL's io module.
 *
 * PCL's io module links VTK, Boost.Filesystem/IOStreams, OpenNI, libusb and libpcap: about 60
 * shared libraries that the dynamic loader would map at every start of every program linking
 * them. So this code is a shared library of its own that the engine (CPointCloud's
 * `cpc_cloud_read` / `cpc_cloud_write`) loads with dlopen the first time a .pcd or .ply is read
 * or written; a Stray Scanner measurement, `boxdim --help` and an app that never touches a point
 * cloud file never map it. Nothing links against this library directly.
 *
 * The contract of each function is that of its `cpc_` counterpart in cpointcloud.h (the same
 * types: `cpc_cloud`, `cpc_status`, `cpc_error`; arrays it allocates are released with
 * `cpc_free`, i.e. free()). Flat C only; no C++ exception leaves the library.
 */
#ifndef CPOINTCLOUD_IO_H
#define CPOINTCLOUD_IO_H

#include "cpointcloud.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CPCIO_EXPORT __attribute__((visibility("default")))

/** The version of this interface; the engine refuses a library reporting another one. */
#define CPCIO_ABI_VERSION 1

/** Returns CPCIO_ABI_VERSION as compiled into the library. */
CPCIO_EXPORT int cpcio_abi_version(void);

/** `cpc_cloud_read` (see cpointcloud.h). */
CPCIO_EXPORT cpc_status cpcio_cloud_read(const char *path, size_t max_points, cpc_cloud *out, cpc_error *error);

/** `cpc_cloud_write` (see cpointcloud.h). */
CPCIO_EXPORT cpc_status cpcio_cloud_write(const char *path, cpc_cloud_format format, const float *xyz, size_t count,
                                          uint32_t width, uint32_t height, const uint32_t *rgb, const int32_t *label,
                                          cpc_error *error);

#ifdef __cplusplus
}
#endif

#endif /* CPOINTCLOUD_IO_H */
