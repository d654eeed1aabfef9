// Loads FFmpeg on first use (see cbc_ffmpeg.hpp).
#include "cbc_ffmpeg.hpp"
#include "cbc_internal.hpp"

#include <dlfcn.h>

#include <mutex>
#include <string>

namespace {

#define CBC_STRINGIFY_(x) #x
#define CBC_STRINGIFY(x) CBC_STRINGIFY_(x)

/// The sonames of the versions the headers belong to (Debian 12: FFmpeg 5.1).
const char *const sonames[] = {
    "libavutil.so." CBC_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
    "libswscale.so." CBC_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
    "libavcodec.so." CBC_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
    "libavformat.so." CBC_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
};

struct Loaded {
    cbc::FFmpeg table;
    std::string failure;
};

Loaded load() {
    Loaded loaded;
    void *handles[4] = {nullptr, nullptr, nullptr, nullptr};
    for (int i = 0; i < 4; ++i) {
        handles[i] = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
        if (handles[i] == nullptr) {
            const char *reason = dlerror();
            loaded.failure = std::string("FFmpeg is not available: ") + (reason ? reason : sonames[i]) +
                             " (install libavformat59, libavcodec59, libswscale6; Scripts/setup.sh does)";
            return loaded;
        }
    }
    void *avutil = handles[0], *swscale = handles[1], *avcodec = handles[2], *avformat = handles[3];
#define CBC_FFMPEG_LOAD(library, name)                                                                 \
    loaded.table.name = reinterpret_cast<decltype(&::name)>(dlsym(library, #name));                    \
    if (loaded.table.name == nullptr && loaded.failure.empty()) {                                      \
        loaded.failure = "FFmpeg is not usable: no function " #name " in lib" #library;                  \
    }
    CBC_FFMPEG_FUNCTIONS(CBC_FFMPEG_LOAD)
#undef CBC_FFMPEG_LOAD
    return loaded;
}

} // namespace

namespace {
std::once_flag once;
Loaded *loaded = nullptr; // never freed: the libraries stay loaded for the process
} // namespace

namespace cbc {

const FFmpeg *ffmpeg_loaded() { return &loaded->table; }

const FFmpeg *ffmpeg(cbc_error *error) {
    std::call_once(once, [] { loaded = new Loaded(load()); });
    if (!loaded->failure.empty()) {
        fail(error, CBC_ERR_UNSUPPORTED, "%s", loaded->failure.c_str());
        return nullptr;
    }
    return &loaded->table;
}

} // namespace cbc
