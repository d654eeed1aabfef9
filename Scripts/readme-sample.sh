#!/usr/bin/env bash
# Writes what Scripts/measure-sample.sh prints into README.md, between its sample:begin and
# sample:end markers, so that the README's sample output is never copied by hand.
# Scripts/figures.sh runs it; BOXDIM=path/to/boxdim uses that binary (else a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BOXDIM:-}" ]; then
    swift build -c release --product boxdim >&2
    export BOXDIM=.build/release/boxdim
fi
printed=$(mktemp)
trap 'rm -f "$printed"' EXIT
{ echo '```text'; Scripts/measure-sample.sh; echo '```'; } >"$printed"
Scripts/readme_block.py sample "written by Scripts/readme-sample.sh" "$printed"
echo "wrote README.md's sample output" >&2
