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
Scripts/measure-sample.sh >"$printed"
python3 - "$printed" <<'PY'
import re, sys
printed = open(sys.argv[1]).read().rstrip("\n")
block = ("<!-- sample:begin (written by Scripts/readme-sample.sh; do not edit) -->\n```text\n%s\n```\n<!-- sample:end -->"
         % printed)
text = open("README.md").read()
new, n = re.subn(r"<!-- sample:begin.*?<!-- sample:end -->", lambda m: block, text, flags=re.S)
if n != 1:
    sys.exit("README.md has no sample:begin/sample:end markers")
open("README.md", "w").write(new)
PY
echo "wrote README.md's sample output" >&2
