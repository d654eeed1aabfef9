#!/usr/bin/env bash
# Builds Samples/ConsumerApp, a package that depends on this one by URL and version
# (`from: "0.1.0"`, products Dimensioning and DimensioningReaders), runs it on the bundled sample capture and checks the
# dimensions it prints (the box is 400 x 300 x 250 mm: each within 15 mm). SwiftPM refuses a
# versioned dependency whose targets use unsafe flags, so a manifest change that would break
# dependants fails here. Scripts/test.sh calls it.
#
# The dependency is a temporary git repository of this checkout's files (tracked and
# untracked-but-not-ignored; in a lone copy without .git, all files but build folders), tagged
# 0.1.0 there only, served as file://. Its commit has fixed dates, so unchanged files give the
# same commit and the consumer's build folder (.build/consumer-check) is reused as is.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$root/.build/consumer-check"
origin="$work/origin/BoxDimensioning"
scratch="$work/scratch"
mkdir -p "$work"
rm -rf "$work/origin"
mkdir -p "$origin"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard | tar --null --files-from - --ignore-failed-read -cf - | tar -xf - -C "$origin"
else
    tar --exclude='./.build*' --exclude='./Samples/ConsumerApp/.build' -cf - . | tar -xf - -C "$origin"
fi
(
    cd "$origin"
    export GIT_AUTHOR_NAME=consumer-check GIT_AUTHOR_EMAIL=consumer-check@localhost
    export GIT_COMMITTER_NAME=consumer-check GIT_COMMITTER_EMAIL=consumer-check@localhost
    export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
    git init -q -b main .
    git add -A
    git commit -q -m "consumer-check snapshot"
    git tag 0.1.0
)
revision="$(git -C "$origin" rev-parse HEAD)"
# A new snapshot: start from an empty build folder (the tag now names another commit, and every
# file of the dependency's checkout is new anyway).
if [ "$(cat "$work/revision" 2>/dev/null)" != "$revision" ]; then
    rm -rf "$scratch"
fi
export BOXDIM_PACKAGE_URL="file://$origin"
consumer="$root/Samples/ConsumerApp"
rm -f "$consumer/Package.resolved"
echo "consumer-check: building Samples/ConsumerApp against $BOXDIM_PACKAGE_URL (0.1.0)"
# No shared dependency cache: it is keyed by URL, and this URL's tag 0.1.0 moves with the snapshot.
swift build -c release --package-path "$consumer" --scratch-path "$scratch" --disable-dependency-cache 2>&1 | tail -3
echo "$revision" >"$work/revision"
rm -f "$consumer/Package.resolved"
out="$("$scratch/release/ConsumerApp" "$root/Samples/captures/box-400x300x250")"
echo "consumer-check: $out"
python3 - "$out" <<'PY'
import re, sys
m = re.search(r"length ([\d.]+) mm, width ([\d.]+) mm, height ([\d.]+) mm", sys.argv[1])
if not m:
    sys.exit("consumer-check: no dimensions in the consumer's output")
got = [float(v) for v in m.groups()]
for name, value, truth in zip(("length", "width", "height"), got, (400, 300, 250)):
    if abs(value - truth) > 15:
        sys.exit(f"consumer-check: {name} {value} mm, expected {truth} mm within 15 mm")
print("consumer-check: dimensions sane")
PY
