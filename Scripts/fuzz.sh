#!/usr/bin/env bash
# Builds the libFuzzer targets of Tests/Fuzz with AddressSanitizer and runs each for a set time,
# or for a set number of inputs.
#
#   Scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s; targets depth csv cloud folder)
#   Scripts/fuzz.sh --runs N [TARGET...]                  (N inputs per target, from a fresh corpus)
#
# libFuzzer's seed is FUZZ_SEED (default 1), never its clock: with --runs, every run of a commit
# starts from the same seeds with the same random seed and stops after the same count (the smoke
# Scripts/test.sh runs in CI); with a time budget a faster machine tries more, into the growing
# corpus below.
#
# Targets:  depth  PNG (fast path and libpng fallback behind the C boundary) and NPY depth decoding
#           csv    camera_matrix.csv, odometry.csv, ground_truth.csv parsers
#           cloud  .pcd/.ply: Swift file checks and our PCD/PLY readers (LZF included)
#           folder depth-PNG folders (intrinsics.json, PNG), PCL frame .xml, .pcd/.ply frame folders
# Seeds come from the broken-input corpus generator (Tests/DimensioningTests/Support) plus small
# valid files and the head of a real PCD vendored in Tests/Fixtures/real. The growing
# corpus is kept in .build/fuzz/corpus/<target>; crash inputs land in .build/fuzz/artifacts.
#
# Why not SwiftPM: a SwiftPM executable renames `main`, which breaks libFuzzer's own main, so the
# engine and verification modules are compiled here with swiftc (-sanitize=fuzzer,address) and
# clang++ (the C++ shim with -fsanitize=fuzzer-no-link,address). Exits non-zero when a target
# crashes, leaks, times out or fails to build; zero otherwise.
set -euo pipefail

seconds=60 runs=""
if [ "${1:-}" = "--runs" ]; then
    runs="${2:?--runs needs a count}"
    shift 2
elif [ $# -gt 0 ]; then
    seconds="$1"
    shift
fi
fuzz_seed="${FUZZ_SEED:-1}"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(depth csv cloud folder)

root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/.build/fuzz"
mkdir -p "$build/obj" "$build/module" "$build/artifacts"
"$root/Scripts/setup.sh"

# The libFuzzer runtime ships with the Swift toolchain; make sure this toolchain has it.
probe="$build/probe.swift"
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>?, _ n: Int) -> Int32 { 0 }\n' >"$probe"
if ! swiftc -sanitize=fuzzer,address -parse-as-library "$probe" -o "$build/probe" 2>"$build/probe.log"; then
    echo "fuzz: this Swift toolchain cannot build libFuzzer binaries (swiftc -sanitize=fuzzer):" >&2
    cat "$build/probe.log" >&2
    exit 1
fi

# 1. The C++ shims, instrumented for coverage and ASan (rebuilt when a source or header changed):
#    CPointCloud (PCL) and CBarcode (zxing-cpp, FFmpeg), which the engine links too. PCL's and
#    Eigen's header folders come from pkg-config, as in Package.swift (CPCLSystem).
pcl_cflags=()
read -r -a pcl_cflags <<<"$(pkg-config --cflags pcl_common)"
objects=()
for shim in CPointCloud CBarcode; do
    cxxflags=(-std=c++17 -O1 -g -fsanitize=fuzzer-no-link,address -fno-omit-frame-pointer
              "${pcl_cflags[@]}" -I"$root/Sources/$shim/include"
              -I"$root/Sources/CPointCloud/include" -I"$root/Sources/CPointCloud"
              -Wall -Wextra -Wno-unused-parameter -Wno-deprecated-declarations)
    newest_header="$(ls -t "$root"/Sources/$shim/*.hpp "$root"/Sources/$shim/include/*.h \
        "$root"/Sources/CPointCloud/*.hpp "$root"/Sources/CPointCloud/include/*.h 2>/dev/null | head -1)"
    for source in "$root"/Sources/$shim/*.cpp; do
        object="$build/obj/$(basename "${source%.cpp}").o"
        if [ ! -f "$object" ] || [ "$source" -nt "$object" ] || [ "$newest_header" -nt "$object" ]; then
            echo "fuzz: compiling $(basename "$source")"
            clang++ "${cxxflags[@]}" -c "$source" -o "$object"
        fi
        objects+=("$object")
    done
done

# 2. The Swift modules the targets need, each a static library (internal API visible to the
#    targets through -enable-testing; one -package-name so that `package` declarations resolve
#    as under SwiftPM): the engine (Sources/Dimensioning) and, for ground_truth.csv, the
#    verification module (Sources/DimensioningVerification). Simulator and benchmarks are not needed.
cat >"$build/module/module.modulemap" <<EOF
module CPointCloud {
    header "$root/Sources/CPointCloud/include/cpointcloud.h"
    export *
}
module CBarcode {
    header "$root/Sources/CBarcode/include/cbarcode.h"
    export *
}
EOF
swift_flags=(-parse-as-library -enable-testing -O -sanitize=fuzzer,address -package-name BoxDimensioning -I "$build/module")
libraries=()
# In dependency order: each module imports only those before it.
for module in Dimensioning DimensioningReaders DimensioningBarcodes DimensioningVerification; do
    swift_sources=()
    while IFS= read -r file; do swift_sources+=("$file"); done < <(find "$root/Sources/$module" -name '*.swift' | sort)
    # Resources the package embeds in code (Package.swift's `.embedInCode`): written as SwiftPM
    # writes them, one `PackageResources` byte array per file, named after it (`-` and `.` as `_`).
    if [ -d "$root/Sources/$module/Resources" ]; then
        embedded="$build/resources/$module.swift"
        mkdir -p "$build/resources"
        {
            echo "struct PackageResources {"
            for resource in $(find "$root/Sources/$module/Resources" -type f | sort); do
                name="$(basename "$resource")"
                bytes="$(od -An -tu1 -v "$resource" | tr -s ' \n' ',' | sed 's/^,//; s/,$//')"
                echo "static let ${name//[-.]/_}: [UInt8] = [$bytes]"
            done
            echo "}"
        } > "$embedded"
        swift_sources+=("$embedded")
    fi
    library="$build/lib$module.a"
    # Rebuilt when one of its sources is newer, or a module it imports was just rebuilt.
    if [ ! -f "$library" ] || [ -n "$(find "$root/Sources/$module" -newer "$library" -type f | head -1)" ] ||
       { [ ${#libraries[@]} -gt 0 ] && [ -n "$(find "${libraries[@]}" -newer "$library" | head -1)" ]; }; then
        echo "fuzz: compiling the $module library (${#swift_sources[@]} files)"
        swiftc "${swift_flags[@]}" -emit-library -static -module-name "$module" \
            -emit-module -emit-module-path "$build/module/$module.swiftmodule" "${swift_sources[@]}" -o "$library"
    fi
    libraries+=("$library")
done

# 3. Each target, linked against the libraries, the shims, PCL, qhull, libpng, libdeflate and
#    zxing-cpp (FFmpeg is opened on first use, see Sources/CBarcode/cbc_ffmpeg.hpp).
libs=(-lpcl_common -llz4 -lqhull_r -lpng -ldeflate -lZXing -lstdc++)
# Static archives link in reverse dependency order: a module before the modules it imports.
link_libraries=()
for ((i = ${#libraries[@]} - 1; i >= 0; i--)); do link_libraries+=("${libraries[$i]}"); done
declare -A target_source=([depth]=FuzzDepth.swift [csv]=FuzzCSV.swift [cloud]=FuzzCloud.swift [folder]=FuzzFolder.swift)
for target in "${targets[@]}"; do
    source="$root/Tests/Fuzz/${target_source[$target]:?unknown target $target}"
    binary="$build/fuzz-$target"
    stale=0
    for input in "$source" "${libraries[@]}" "${objects[@]}"; do [ "$input" -nt "$binary" ] && stale=1; done
    if [ ! -f "$binary" ] || [ $stale -eq 1 ]; then
        echo "fuzz: linking fuzz-$target"
        # gold warns about every ASan helper it cannot export; show the output only on failure.
        if ! swiftc -parse-as-library -O -sanitize=fuzzer,address -package-name BoxDimensioning -I "$build/module" \
            "$source" "${link_libraries[@]}" "${objects[@]}" \
            "${libs[@]}" -o "$binary" >"$build/link-$target.log" 2>&1; then
            grep -v 'Cannot export local symbol' "$build/link-$target.log" >&2
            exit 1
        fi
    fi
done

# 4. Seeds from the broken-input generator.
seeds="$build/seeds"
swiftc -O "$root/Tests/Fuzz/SeedCorpus.swift" "$root/Tests/DimensioningTests/Support/BrokenInputCorpus.swift" \
    "$root/Tests/DimensioningTests/Support/BrokenFileBytes.swift" -o "$build/seed-corpus"
rm -rf "$seeds"
real_pcd="$(find "$root/Tests/Fixtures/real" -name '*.pcd' | sort | head -1)"
"$build/seed-corpus" "$seeds" ${real_pcd:+"$real_pcd"}
# Inputs that once crashed a target (named <target>-crash-...) stay in its seeds for good.
for regression in "$root"/Tests/Fuzz/regressions/*; do
    [ -f "$regression" ] && cp "$regression" "$seeds/$(basename "$regression" | cut -d- -f1)/"
done

# 5. Run each target for $seconds, or for $runs inputs from a fresh corpus (a count, not the
#    clock, and nothing left from an earlier run: the same start every time).
status=0
summary="$build/summary.txt"
: >"$summary"
# Beside the seed, what else would vary from run to run: Swift's per-process hash seed (off:
# SWIFT_DETERMINISTIC_HASHING) and the address layout, which libFuzzer sees in compared pointers
# (off where the kernel lets setarch -R turn randomisation off). What is left (ASan's allocator)
# can move the corpus a run reaches by a few per cent; the seed and the count stay fixed.
fixed_layout=()
if setarch "$(uname -m)" -R true 2>/dev/null; then fixed_layout=(setarch "$(uname -m)" -R); fi
if [ -n "$runs" ]; then
    budget=(-runs="$runs") budget_text="$runs inputs"
else
    budget=(-max_total_time="$seconds") budget_text="${seconds}s"
fi
for target in "${targets[@]}"; do
    if [ -n "$runs" ]; then
        corpus="$build/corpus-runs/$target"
        rm -rf "$corpus"
    else
        corpus="$build/corpus/$target"
    fi
    mkdir -p "$corpus"
    log="$build/fuzz-$target.log"
    echo "fuzz: running fuzz-$target (seed $fuzz_seed, $budget_text)"
    set +e
    # SWIFT_BACKTRACE off: the Swift backtracer would report itself to ASan on a Swift trap.
    SWIFT_DETERMINISTIC_HASHING=1 SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=0" \
        "${fixed_layout[@]}" "$build/fuzz-$target" \
        "${budget[@]}" -seed="$fuzz_seed" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$build/artifacts/$target-" "$corpus" "$seeds/$target" >"$log" 2>&1
    code=$?
    set -e
    done_runs="$(grep -o 'Done [0-9]* runs' "$log" | grep -o '[0-9]*' || echo '?')"
    if [ $code -ne 0 ]; then
        status=1
        echo "fuzz: fuzz-$target FAILED (exit $code); see $log and $build/artifacts/" >&2
        grep -m3 -E 'ERROR|SUMMARY|Fatal error|deadly signal' "$log" >&2 || tail -20 "$log" >&2
        echo "$target: FAILED exit $code after ${done_runs} runs (seed $fuzz_seed)" >>"$summary"
    else
        echo "$target: seed $fuzz_seed, ${done_runs} runs, no crash, corpus $(ls "$corpus" | wc -l) inputs" >>"$summary"
    fi
done
cat "$summary"
exit $status
