// Failed assertions in the libraries this target wraps. Debian builds zxing-cpp 1.4 with
// assertions enabled and some fire on real images (zxing-cpp issues #516 and #740), which would
// abort the whole process from inside a decode. This file defines `__assert_fail`, the function
// glibc's `assert` macro calls; the executable's definition takes precedence over glibc's for
// every shared library that calls it. Inside an `AssertionScope` (a cbc_decode call on this
// thread) the failure becomes a C++ exception, caught at the C boundary and reported as
// CBC_ERR_INTERNAL; everywhere else it prints glibc's message and aborts, as glibc would.
//
// This file must not include <assert.h>/<cassert>: glibc declares `__assert_fail` noexcept
// there, and a noexcept function cannot let the exception out.
#include <cstdio>
#include <cstdlib>

namespace cbc {
[[noreturn]] void throw_assertion_failure(const char *assertion, const char *file, unsigned int line);
bool assertion_scope_active();
} // namespace cbc

extern "C" char *program_invocation_short_name; // glibc

extern "C" [[noreturn]] void __assert_fail(const char *assertion, const char *file, unsigned int line,
                                           const char *function) {
    if (cbc::assertion_scope_active()) {
        cbc::throw_assertion_failure(assertion, file, line);
    }
    std::fprintf(stderr, "%s: %s:%u: %s%sAssertion `%s' failed.\n",
                 program_invocation_short_name ? program_invocation_short_name : "", file ? file : "?", line,
                 function ? function : "", function ? ": " : "", assertion ? assertion : "?");
    std::fflush(stderr);
    std::abort();
}
