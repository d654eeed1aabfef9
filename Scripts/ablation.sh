#!/usr/bin/env bash
# What each heuristic prevents. Each ablation switches one off (`boxdim accuracy --behaviour
# JSON`, laid over every capture's sensor class; or, for a stage's check, `--pipeline JSON`, laid
# over the pipeline's settings: an ablation written `pipeline:JSON`) and measures the
# same splits as the engine as it is: the tuning and retired splits, the held-out family, the
# iPhone split with the real captures, fixed and structured-light single frames, the retired
# splits with every camera named a LiDAR (a fattening camera misnamed), and scenes of several
# boxes. Scripts/ablation_table.py then prints what changed, and flags a wrong answer let
# through (accepted beyond a tolerance, a negative accepted) or a coverage falling under 92 %.
# A heuristic earns its place when switching it off does one of those, or loses acceptances.
# About 9 minutes per ablation on 2 cores (and as long for the engine as it is).
#
#   Scripts/ablation.sh [NAME...]     (default: all; BOXDIM=path: that binary, not a release build;
#                                      ABLATION_KEEP_BASE=1: keep .build/ablation/base if measured)
#
# Results go to .build/ablation/NAME/ (base: nothing switched off).
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A ablations=(
    [bandlip]='{"bandLipMinimumFrames": 1000000}'
    [reconcile]='{"bandConsistencyPixels": 1000}'
    [crease]='{"creaseBandShare": 0}'
    [grazing]='{"minimumFaceSpanPixels": 0}'
    [blending]='{"blendingFatteningSignificance": 2}'
    [lipshare]='{"lipShareLimit": 2}'
    [suspected]='{"suspectedFatteningPixels": 1000}'
    [lipcount]='{"lipCountError": 0}'
    [baseline]='{"baseLineAgreement": 0}'
    [silgap]='{"silhouetteMaximumGapSamples": 1000000}'
    [missing]='{"missingReturnsReachPixels": 0}'
    [risefloor]='{"lipRiseNoiseShare": 0}'
    [grazeshift]='{"grazingFaceShiftShare": 0}'
    [flying]='{"jumpPerMetre": 1000}'
    [outline]='pipeline:{"shape": {"outlineStepMinimumShare": 2}}'
    [heightstep]='pipeline:{"shape": {"heightStepMinimum": 1000}}'
    [fill]='pipeline:{"shape": {"minimumFill": 0}}'
    [outside]='pipeline:{"singleBox": {"maximumShareOutside": 1}}'
    [hidden]='pipeline:{"singleBox": {"minimumHiddenNeighbourPoints": 1000000000}}'
    [below]='pipeline:{"floor": {"maximumShareBelow": 1}}'
)
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(bandlip reconcile crease grazing blending lipshare suspected lipcount baseline silgap missing risefloor grazeshift flying
           outline heightstep fill outside hidden below)
for name in "${names[@]}"; do
    [ -n "${ablations[$name]:-}" ] || { echo "ablation.sh: no ablation named $name (${!ablations[*]})" >&2; exit 2; }
done

if [ -n "${BOXDIM:-}" ]; then
    boxdim="$BOXDIM"
else
    swift build -c release --product boxdim >&2
    boxdim=.build/release/boxdim
fi
root=.build/ablation
empty=$(mktemp -d)
trap 'rmdir "$empty"' EXIT

run() {  # OUT FILE CHANGES ARGS...: one accuracy run, its text to OUT/FILE.txt
    local out=$1 file=$2 changes=$3; shift 3
    case "$changes" in
        '') ;;
        pipeline:*) set -- --pipeline "${changes#pipeline:}" "$@" ;;
        *) set -- --behaviour "$changes" "$@" ;;
    esac
    "$boxdim" accuracy --repeatability 0 "$@" > "$out/$file.txt"
}

measure() {  # NAME JSON
    local out="$root/$1" json=$2; mkdir -p "$out"
    printf '%s\n' "${json:-{\}}" > "$out/changes.txt"
    echo "ablation.sh: $1 ${json:-(the engine as it is)}" >&2
    run "$out" tuning "$json" --split tuning --count 400 --real "$empty" --json "$out/tuning.json"
    run "$out" retired "$json" --split retired --count 300 --real "$empty" --json "$out/retired.json"
    run "$out" retired2 "$json" --split retired2 --count 300 --real "$empty" --json "$out/retired2.json"
    run "$out" iphone "$json" --split iphone --count 100 --json "$out/iphone.json"
    run "$out" fixed "$json" --split fixed --frames 1 --count 120 --real "$empty" --json "$out/fixed.json"
    run "$out" sl "$json" --split structured-light --frames 1 --count 120 --real "$empty" --json "$out/sl.json"
    run "$out" holdout "$json" --split holdout --count 120 --real "$empty" --json "$out/holdout.json"
    run "$out" retiredL "$json" --split retired --count 300 --sensor lidar --real "$empty" --json "$out/retiredL.json"
    run "$out" retired2L "$json" --split retired2 --count 300 --sensor lidar --real "$empty" --json "$out/retired2L.json"
    run "$out" scenes "$json" --scenes 120 --real "$empty"
}

# ABLATION_KEEP_BASE=1: the engine as it is was measured already (.build/ablation/base).
if [ -z "${ABLATION_KEEP_BASE:-}" ] || [ ! -s "$root/base/scenes.txt" ]; then measure base ''; fi
for name in "${names[@]}"; do measure "$name" "${ablations[$name]}"; done
python3 Scripts/ablation_table.py "$root" "${names[@]}"
