#!/usr/bin/env bash
# Sets up, builds (release) and measures the bundled sample capture.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
swift build -c release --product boxdim
sample="Samples/captures/box-400x300x250"
echo "truth:      length 400.0 mm, width 300.0 mm, height 250.0 mm (see $sample/TRUTH.md)"
.build/release/boxdim measure "$sample" --units mm "$@"
