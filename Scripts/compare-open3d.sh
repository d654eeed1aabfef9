#!/usr/bin/env bash
# Side by side: the common Open3D recipe (Scripts/open3d_recipe.py) and `boxdim verify` on the
# same generated dataset. Prints both throughputs (captures/s), their ratio, and both accuracy
# summaries (Scripts/compare_summary.py).
#
#   Scripts/compare-open3d.sh [--count N] [--seed S] [--dataset DIR] [--keep]
#
# Creates .venv-open3d (python3 -m venv) and pip-installs open3d, numpy and Pillow into it if
# missing; builds boxdim in release mode; writes the dataset with `boxdim simulate` (default
# 60 captures, seed 2026) unless --dataset names an existing one.
set -euo pipefail
cd "$(dirname "$0")/.."

count=60
seed=2026
dataset=""
keep=0
while [ $# -gt 0 ]; do
    case "$1" in
        --count) count="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --dataset) dataset="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done

venv=.venv-open3d
py="$venv/bin/python"
if [ ! -x "$py" ]; then
    python3 -m venv "$venv"
fi
if ! "$py" -c "import open3d, numpy, PIL" 2>/dev/null; then
    echo "installing open3d, numpy, Pillow into $venv ..." >&2
    if ! "$py" -m pip install -q open3d numpy Pillow; then
        pyver=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
        echo "compare-open3d.sh: open3d could not be installed for Python $pyver (PyPI has wheels for" >&2
        echo "CPython 3.8-3.12 on x86_64/arm64 Linux only). Use such a Python: python3.11 -m venv $venv" >&2
        exit 2
    fi
fi

swift build -c release >&2
boxdim=.build/release/boxdim

work=$(mktemp -d "${TMPDIR:-/tmp}/compare-open3d.XXXXXX")
if [ "$keep" = 0 ]; then trap 'rm -rf "$work"' EXIT; else echo "keeping $work" >&2; fi
if [ -z "$dataset" ]; then
    dataset="$work/dataset"
    "$boxdim" simulate "$dataset" --count "$count" --seed "$seed" --quiet >&2
fi

echo "Open3D recipe on $dataset ..." >&2
"$py" Scripts/open3d_recipe.py "$dataset" --json "$work/open3d.json"

seconds() { # wall seconds of a verify run (exit 0 passed, 6 failed verification: both ran)
    local t0 t1 rc=0
    t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || rc=$?; t1=$(date +%s.%N)
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 6 ]; then echo "compare-open3d.sh: $* exited with $rc" >&2; exit 1; fi
    "$py" -c "print($t1 - $t0)"
}
echo "boxdim verify --jobs 1 and 2 on $dataset ..." >&2
s1=$(seconds "$boxdim" verify "$dataset" --jobs 1 --quiet --out "$work/verify-1")
s2=$(seconds "$boxdim" verify "$dataset" --jobs 2 --quiet --out "$work/verify-2")

"$py" Scripts/compare_summary.py "$work/open3d.json" "$work/verify-1" "$s1" "$s2"
