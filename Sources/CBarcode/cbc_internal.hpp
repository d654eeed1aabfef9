// Internal helpers shared by the C++ sources of CBarcode. Never included by Swift.
#pragma once

#include "cbarcode.h"

#include <cstdarg>
#include <cstdio>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

namespace cbc {

/// Writes a printf-style message into `error` (when non-NULL) and returns `status`.
inline cbc_status fail(cbc_error *error, cbc_status status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

inline cbc_status fail(cbc_error *error, cbc_status status, const char *format, ...) {
    if (error != nullptr) {
        va_list args;
        va_start(args, format);
        std::vsnprintf(error->message, sizeof(error->message), format, args);
        va_end(args);
    }
    return status;
}

/// A failed assertion inside a library call, turned into an exception by `__assert_fail`
/// (cbc_assert.cpp) while an `AssertionScope` is alive on this thread.
struct AssertionFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// While alive, a failed library assertion on this thread throws `AssertionFailure` instead of
/// aborting the process. Scopes nest.
struct AssertionScope {
    AssertionScope();
    ~AssertionScope();
    AssertionScope(const AssertionScope &) = delete;
    AssertionScope &operator=(const AssertionScope &) = delete;
};

/// Runs `body` (returning cbc_status) and converts any escaping C++ exception into a status,
/// so that no exception crosses the C boundary.
template <typename Body>
cbc_status guarded(cbc_error *error, const char *what, Body &&body) noexcept {
    try {
        return body();
    } catch (const AssertionFailure &failure) {
        return fail(error, CBC_ERR_INTERNAL, "%s: library assertion failed (%s)", what, failure.what());
    } catch (const std::bad_alloc &) {
        return fail(error, CBC_ERR_TOO_LARGE, "%s: out of memory", what);
    } catch (const std::length_error &exception) {
        return fail(error, CBC_ERR_TOO_LARGE, "%s: size too large (%s)", what, exception.what());
    } catch (const std::exception &exception) {
        return fail(error, CBC_ERR_INTERNAL, "%s: %s", what, exception.what());
    } catch (...) {
        return fail(error, CBC_ERR_INTERNAL, "%s: unknown C++ exception", what);
    }
}

/// Copies `text` into a new NUL-terminated buffer from malloc (freed with cbc_free).
char *copy_string(const std::string &text);

} // namespace cbc
