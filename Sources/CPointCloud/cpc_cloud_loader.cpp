// cpc_cloud_read / cpc_cloud_write: forwarded to the point-cloud file library
// (libCPointCloudIO.so, Sources/CPointCloudIO), which is loaded with dlopen on first use.
//
// PCL's io module drags VTK, Boost, OpenNI, libusb and libpcap in (about 60 shared libraries);
// linked here, the dynamic loader would map them at every start of every program using the
// engine, about 80 ms and 60 MiB of a `boxdim --help`. Loaded on demand, only a process that
// reads or writes a .pcd/.ply pays for them, once.
//
// Where the library is looked for, in order (the first that loads wins):
//  1. the path in the environment variable BOXDIM_CLOUD_IO_LIBRARY, when set (and only there);
//  2. beside the running executable (/proc/self/exe): where `swift build` puts it;
//  3. beside the shared object holding this code, when the engine is itself a shared library;
//  4. the dynamic loader's own search (LD_LIBRARY_PATH, the system's library folders).
// A program that links the library's code in statically (the fuzz targets) uses it directly:
// the weak references below are then non-null.
#include "cpc_internal.hpp"

#include <dlfcn.h>
#include <limits.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

extern "C" {
// Defined only when the library's objects are linked into the program (weak: null otherwise).
int cpcio_abi_version(void) __attribute__((weak));
cpc_status cpcio_cloud_read(const char *path, size_t max_points, cpc_cloud *out, cpc_error *error)
    __attribute__((weak));
cpc_status cpcio_cloud_write(const char *path, cpc_cloud_format format, const float *xyz, size_t count,
                             uint32_t width, uint32_t height, const uint32_t *rgb, const int32_t *label,
                             cpc_error *error) __attribute__((weak));
}

namespace {

constexpr const char *kLibraryName = "libCPointCloudIO.so";
constexpr const char *kPathVariable = "BOXDIM_CLOUD_IO_LIBRARY";
constexpr int kAbiVersion = 1; // CPCIO_ABI_VERSION in cpointcloud_io.h

using ReadFunction = decltype(&cpcio_cloud_read);
using WriteFunction = decltype(&cpcio_cloud_write);
using VersionFunction = decltype(&cpcio_abi_version);

/// The library's entry points, or why they could not be loaded.
struct CloudIO {
    ReadFunction read = nullptr;
    WriteFunction write = nullptr;
    std::string path;    // the file loaded, for diagnostics
    std::string failure; // non-empty when the library is unavailable
};

std::string folder_of(const std::string &path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

/// dlopen + dlsym + version check of one candidate file; the reason on failure.
bool try_load(const std::string &file, CloudIO &io, std::string &reason) {
    void *handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char *message = dlerror();
        reason = message != nullptr ? message : (file + ": cannot be loaded");
        return false;
    }
    auto version = reinterpret_cast<VersionFunction>(dlsym(handle, "cpcio_abi_version"));
    auto read = reinterpret_cast<ReadFunction>(dlsym(handle, "cpcio_cloud_read"));
    auto write = reinterpret_cast<WriteFunction>(dlsym(handle, "cpcio_cloud_write"));
    if (version == nullptr || read == nullptr || write == nullptr) {
        reason = file + ": not the point-cloud I/O library (cpcio_ entry points missing)";
        dlclose(handle);
        return false;
    }
    if (version() != kAbiVersion) {
        reason = file + ": interface version " + std::to_string(version()) + ", this engine needs " +
                 std::to_string(kAbiVersion) + " (a library from another build)";
        dlclose(handle);
        return false;
    }
    io.read = read;
    io.write = write;
    io.path = file;
    return true; // the handle stays open for the life of the process
}

CloudIO load() {
    CloudIO io;
    if (cpcio_cloud_read != nullptr && cpcio_cloud_write != nullptr) {
        io.read = cpcio_cloud_read;
        io.write = cpcio_cloud_write;
        io.path = "(linked in)";
        return io;
    }
    std::string reasons;
    auto attempt = [&](const std::string &file) {
        std::string reason;
        if (try_load(file, io, reason)) {
            return true;
        }
        reasons += (reasons.empty() ? "" : "; ") + reason;
        return false;
    };
    if (const char *explicit_path = std::getenv(kPathVariable); explicit_path != nullptr && *explicit_path != '\0') {
        if (!attempt(explicit_path)) {
            io.failure = std::string("the point-cloud I/O library named by ") + kPathVariable + " cannot be used: " + reasons;
        }
        return io;
    }
    char executable[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", executable, sizeof(executable) - 1);
    if (length > 0) {
        executable[length] = '\0';
        if (attempt(folder_of(executable) + "/" + kLibraryName)) {
            return io;
        }
    }
    Dl_info self;
    if (dladdr(reinterpret_cast<void *>(&load), &self) != 0 && self.dli_fname != nullptr &&
        folder_of(self.dli_fname) != folder_of(length > 0 ? executable : "")) {
        if (attempt(folder_of(self.dli_fname) + "/" + kLibraryName)) {
            return io;
        }
    }
    if (attempt(kLibraryName)) {
        return io;
    }
    io.failure = std::string("reading and writing .pcd/.ply files needs ") + kLibraryName +
                 " (built with the engine: `swift build` puts it beside the executable; install it there, in a " +
                 "library folder, or name it in " + kPathVariable + "), which cannot be loaded: " + reasons;
    return io;
}

/// Loaded once per process, on the first call (thread-safe static initialisation).
const CloudIO &cloud_io() {
    static const CloudIO io = load();
    return io;
}

} // namespace

extern "C" cpc_status cpc_cloud_read(const char *path, size_t max_points, cpc_cloud *out, cpc_error *error) {
    if (path == nullptr || out == nullptr) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    std::memset(out, 0, sizeof(*out));
    const CloudIO &io = cloud_io();
    if (io.read == nullptr) {
        return cpc::fail(error, CPC_ERR_IO, "%s", io.failure.c_str());
    }
    return io.read(path, max_points, out, error);
}

extern "C" cpc_status cpc_cloud_write(const char *path, cpc_cloud_format format, const float *xyz, size_t count,
                                      uint32_t width, uint32_t height, const uint32_t *rgb, const int32_t *label,
                                      cpc_error *error) {
    if (path == nullptr || (xyz == nullptr && count > 0)) {
        return cpc::fail(error, CPC_ERR_INVALID_ARGUMENT, "NULL argument");
    }
    const CloudIO &io = cloud_io();
    if (io.write == nullptr) {
        return cpc::fail(error, CPC_ERR_IO, "%s", io.failure.c_str());
    }
    return io.write(path, format, xyz, count, width, height, rgb, label, error);
}

extern "C" const char *cpc_cloud_io_library(void) {
    const CloudIO &io = cloud_io();
    return io.read != nullptr ? io.path.c_str() : nullptr;
}
