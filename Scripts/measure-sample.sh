#!/usr/bin/env bash
# Sets up, builds (release) and measures the bundled sample capture.
# BOXDIM=path/to/boxdim: measure with that binary as it is (no setup, no build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${BOXDIM:-}" ]; then
    boxdim="$BOXDIM"
else
    Scripts/setup.sh
    swift build -c release --product boxdim
    boxdim=.build/release/boxdim
fi
sample="Samples/captures/box-400x300x250"
echo "truth:      length 400.0 mm, width 300.0 mm, height 250.0 mm (see $sample/TRUTH.md)"
"$boxdim" measure "$sample" --units mm "$@"
