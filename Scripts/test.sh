#!/usr/bin/env bash
# Sets up (system packages) and runs the whole test suite, then a one-minute fuzz smoke.
# `.ci/run` calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
swift build --build-tests
swift test --skip-build "$@"
# A short fuzz smoke (about a minute): the libFuzzer targets keep building and stay clean.
Scripts/fuzz.sh 15
