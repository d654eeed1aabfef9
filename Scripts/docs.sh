#!/usr/bin/env bash
# Builds the DocC documentation of the Dimensioning library: the articles in
# Sources/Dimensioning/Dimensioning.docc and every public doc comment. Fails on any warning
# (an unresolved ``symbol`` link, a broken <doc:Article> reference, ...).
#
#   Scripts/docs.sh [OUTPUT_FOLDER]      (default .build/docs/Dimensioning.doccarchive)
#
# Offline: the swift-docc-plugin package is a dependency of the package (resolved like the
# others) and `docc` ships with the Swift toolchain. Preview locally with
# `swift package --disable-sandbox preview-documentation --target Dimensioning`.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/docs/Dimensioning.doccarchive}"
mkdir -p "$(dirname "$out")"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# The plugin builds the target and extracts its symbol graph, then runs `docc convert`.
if ! swift package --allow-writing-to-directory "$(dirname "$out")" generate-documentation \
        --target Dimensioning --warnings-as-errors --output-path "$out" >"$log" 2>&1; then
    cat "$log" >&2
    echo "docs: FAILED (see the warnings and errors above)" >&2
    exit 1
fi
echo "docs: built $out"
