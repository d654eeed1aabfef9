#!/usr/bin/env bash
# Runs the reliability checks of issue 7 that need special builds:
#   1. the C++ shim compiles warning-free with -Wall -Wextra (Package.swift sets no warning
#      flags, since a versioned dependency may not use unsafe flags: this is where they are checked);
#   2. tests under AddressSanitizer (a subset by default: the capture readers, the broken-input
#      corpus, the native PNG/cloud boundary, ground truth parsing, determinism; --full runs all);
#   3. the parallel batch (verify --jobs) under ThreadSanitizer: the library's VerificationRun
#      tests and the CLI kill/resume test, whose boxdim is the TSan-instrumented build.
# Sanitized builds use their own scratch folders (.build/asan, .build/tsan) so the normal build
# is left alone. Exits non-zero when any step fails.
#
#   Scripts/sanitizers.sh [--full] [warnings|asan|tsan]...
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
full=0
steps=()
for argument in "$@"; do
    case "$argument" in
        --full) full=1 ;;
        warnings|asan|tsan) steps+=("$argument") ;;
        *) echo "usage: Scripts/sanitizers.sh [--full] [warnings|asan|tsan]..." >&2; exit 2 ;;
    esac
done
[ ${#steps[@]} -eq 0 ] && steps=(warnings asan tsan)
"$root/Scripts/setup.sh"

asan_filter='CaptureTests|BrokenInputCorpusTests|PointCloudCrashRegressionTests|NPYDepthTests|NativePNGTests|NativeCloudTests|GroundTruthTableTests|RoundTripDeterminismTests|SessionDeterminismTests'
tsan_filter='VerificationRunTests|VerifyKillResumeTests'
status=0

for step in "${steps[@]}"; do
    case "$step" in
    warnings)
        echo "sanitizers: C++ warnings (-Wall -Wextra)"
        log="$(mktemp)"
        read -r -a pcl_cflags <<<"$(pkg-config --cflags pcl_common)"
        for source in Sources/CPointCloud/*.cpp; do
            clang++ -std=c++17 -fsyntax-only -Wall -Wextra -Wno-unused-parameter -Wno-deprecated-declarations \
                "${pcl_cflags[@]}" -ISources/CPointCloud/include -ISources/CPointCloud "$source" 2>>"$log" || status=1
        done
        if grep -q 'warning:\|error:' "$log"; then
            cat "$log" >&2
            echo "sanitizers: the C++ shim has warnings" >&2
            status=1
        else
            echo "sanitizers: no C++ warnings"
        fi
        rm -f "$log"
        ;;
    asan)
        echo "sanitizers: AddressSanitizer"
        filter=()
        [ $full -eq 0 ] && filter=(--filter "$asan_filter")
        ASAN_OPTIONS="detect_leaks=0" swift test --sanitize=address --scratch-path .build/asan "${filter[@]}" || status=1
        ;;
    tsan)
        echo "sanitizers: ThreadSanitizer (verify --jobs)"
        TSAN_OPTIONS="halt_on_error=1" swift test --sanitize=thread --scratch-path .build/tsan --filter "$tsan_filter" || status=1
        ;;
    esac
done
exit $status
