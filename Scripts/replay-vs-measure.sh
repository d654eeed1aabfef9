#!/usr/bin/env bash
# Checks that `boxdim replay` measures exactly what `boxdim measure --frames FIRST-LAST` does on
# the frames the session captured: the two measurement records must be identical (apart from
# nothing: same capture path, same units). Usage: Scripts/replay-vs-measure.sh CAPTURE [--units mm]
set -euo pipefail
cd "$(dirname "$0")/.."
capture="$1"; shift
swift build -c release --product boxdim >/dev/null
bin=.build/release/boxdim
result=$("$bin" replay "$capture" --json-lines "$@" | tail -n 1) || true
range=$(python3 -c 'import json,sys; r=json.loads(sys.argv[1])["frames_measured"]; print("%d-%d" % (r["first"], r["last"]) if r else "")' "$result")
if [ -z "$range" ]; then echo "replay measured nothing: $result"; exit 1; fi
measured=$("$bin" measure "$capture" --json --frames "$range" "$@") || true
python3 - "$result" "$measured" "$range" <<'PY'
import json, sys
replay = json.loads(sys.argv[1])["measurement"]
measure = json.loads(sys.argv[2])
print(f"frames {sys.argv[3]}: replay {replay['length']} x {replay['width']} x {replay['height']} {replay['units']}, "
      f"measure {measure['length']} x {measure['width']} x {measure['height']} {measure['units']}")
if replay != measure:
    print("DIFFERENT"); sys.exit(1)
print("identical records")
PY
