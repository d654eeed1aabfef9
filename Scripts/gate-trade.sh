#!/usr/bin/env bash
# Prints what the confidence gate (--min-confidence) trades at a 5-mm and a 10-mm tolerance on
# the held-out splits: boxes accepted, and in brackets those accepted though off by more than
# the tolerance. A 95 % interval (k = 2) lets about one answer in twenty past it, so with many
# answers whose U is just under a tight tolerance a few land just beyond it; a higher gate asks
# for more of the model's probability inside the tolerance. About 10 minutes on 2 cores.
#
#   Scripts/gate-trade.sh [GATE ...]     (default gates: 0.85 0.95 0.99;
#                                         BOXDIM=path/to/boxdim: that binary, not a release build)
set -euo pipefail
cd "$(dirname "$0")/.."

gates=("$@")
[ ${#gates[@]} -gt 0 ] || gates=(0.85 0.95 0.99)

if [ -n "${BOXDIM:-}" ]; then
    boxdim="$BOXDIM"
else
    swift build -c release --product boxdim >&2
    boxdim=.build/release/boxdim
fi

splits=(
    "--split iphone --seed 9041 --count 100"
    "--split iphone --seed 9041 --count 100 --on-pallet"
    "--split fixed --seed 5077 --frames 1 --count 120 --on-table"
    "--split holdout --seed 3313 --count 120"
    "--scenes 120 --seed 3313"
)

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo "| held-out split | gate | accepted at 5 mm (beyond) | accepted at 10 mm (beyond) |"
echo "|---|---|---|---|"
for split in "${splits[@]}"; do
    for gate in "${gates[@]}"; do
        # shellcheck disable=SC2086
        "$boxdim" accuracy $split --min-confidence "$gate" --repeatability 0 --real /nonexistent >"$tmp" 2>&1
        if grep -q '^accepted at 5 / 10 / 20 mm' "$tmp"; then
            # Scenes: "accepted at 5 / 10 / 20 mm (beyond it, or matching no box): A (B) / C (D) / E (F)"
            row=$(sed -n 's/^accepted at 5 \/ 10 \/ 20 mm[^:]*: \([0-9]* ([0-9]*)\) \/ \([0-9]* ([0-9]*)\) \/.*/\1 | \2/p' "$tmp")
        else
            # Single boxes: the last row of the uncertainty table (all sensors, or the one), its
            # "accepted at 5 / 10 / 20 mm (beyond)" column.
            row=$(awk -F'|' '/^\| [^-]/ && NF == 13 && $2 !~ /sensor/ { last = $10 }
                             END { split(last, a, "/"); gsub(/^ +| +$/, "", a[1]); gsub(/^ +| +$/, "", a[2]); print a[1] " | " a[2] }' "$tmp")
        fi
        [ -n "$row" ] || { echo "gate-trade: no acceptance figures in the output of: boxdim accuracy $split" >&2; cat "$tmp" >&2; exit 1; }
        echo "| \`$split\` | $gate | $row |"
    done
done
