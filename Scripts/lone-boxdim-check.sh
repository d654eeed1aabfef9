#!/usr/bin/env bash
# Checks that `swift build --product boxdim` alone gives a boxdim that reads every point-cloud
# format wherever it is copied: installs it (Scripts/install.sh) into a temporary prefix, then
# runs the copy, from an empty folder, on a real PCL capture frame (Tests/Fixtures/real, a
# binary_compressed .pcd) and on the .pcd and .ply that `boxdim convert` writes from it.
# `measure` may refuse a scene (exit 3 or 4) but must read the file: exit 5 (unreadable) fails
# the check, naming the file.
#
#   Scripts/lone-boxdim-check.sh [SWIFT_BUILD_OPTION...]     (passed on to Scripts/install.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/boxdim-lone-XXXXXX")"
trap 'rm -rf "$work"' EXIT
Scripts/install.sh "$work/prefix" "$@" >/dev/null
boxdim="$work/prefix/bin/boxdim"
mkdir "$work/empty"
cd "$work/empty"
real="$(find "$root/Tests/Fixtures/real" -name '*.pcd' | sort | head -1)"
for ext in pcd ply; do
    if ! out="$("$boxdim" convert "$real" "$work/converted.$ext" 2>&1)"; then
        echo "lone-boxdim: the installed boxdim cannot convert $real to .$ext: $(tail -2 <<<"$out")" >&2
        exit 1
    fi
done
status=0
for file in "$real" "$work/converted.pcd" "$work/converted.ply"; do
    code=0
    out="$("$boxdim" measure "$file" --json 2>&1)" || code=$?
    if [ $code -eq 5 ] || [ $code -ge 64 ]; then
        echo "lone-boxdim: $file: the installed boxdim cannot read it (exit $code): $(tail -2 <<<"$out")" >&2
        status=1
    fi
done
[ $status -eq 0 ] && echo "lone-boxdim: the installed boxdim reads .pcd and .ply on its own ($boxdim)"
exit $status
