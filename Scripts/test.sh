#!/usr/bin/env bash
# Sets up (system packages) and runs the whole test suite. `.ci/run` calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
swift build --build-tests
swift test --skip-build "$@"
