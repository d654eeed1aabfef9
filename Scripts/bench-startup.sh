#!/usr/bin/env bash
# Start-up and whole-process benchmark (issue 15): builds boxdim (release) and a Foundation
# hello-world with the same toolchain, then runs `boxdim bench --startup --baseline <hello>`,
# which prints, as medians over child processes: wall time, peak memory and the shared objects
# mapped (and how many are VTK's) for the hello-world, `boxdim --help`, `boxdim measure` of a
# 30-frame 256x192 capture and of the same scene as a .ply; the ratio to the hello-world; and
# the peak memory of `boxdim measure` on a 600-frame capture.
#
#   Scripts/bench-startup.sh [--repeats N] [--long-frames F] [other `boxdim bench` options]
#
# Targets: --help within 2.5x the hello-world; measure of 30 frames <= 60 ms; 600 frames <= 200 MB.
# On a shared machine, run it twice and compare.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release >&2
out=.build/bench-startup
mkdir -p "$out"
cat >"$out/hello.swift" <<'EOF'
import Foundation
print("hello from \(ProcessInfo.processInfo.processName), \(Date().timeIntervalSince1970 > 0)")
EOF
if [ ! -x "$out/hello" ] || [ "$out/hello.swift" -nt "$out/hello" ]; then
    swiftc -O "$out/hello.swift" -o "$out/hello" >&2
fi
.build/release/boxdim bench --startup --baseline "$out/hello" --repeats 30 "$@"
