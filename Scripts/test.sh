#!/usr/bin/env bash
# Sets up (system packages), runs a one-minute fuzz smoke (the libFuzzer targets keep building
# and stay clean), then the whole test suite, whose summary is the closing line.
# `.ci/run` calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
Scripts/fuzz.sh 15
swift build --build-tests
swift test --skip-build "$@"
