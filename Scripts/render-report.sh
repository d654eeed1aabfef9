#!/usr/bin/env bash
# Renders a boxdim verify report.html to a PNG with headless Chromium, for checking by eye.
#   Scripts/render-report.sh OUT/report.html [report.png] [height]
# Installs Debian's chromium when it is missing (needs apt rights).
set -euo pipefail
report=${1:?usage: render-report.sh report.html [out.png] [height]}
png=${2:-${report%.html}.png}
height=${3:-3000}
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z "$browser" ]]; then
    echo "installing chromium (apt-get)..." >&2
    if [[ $(id -u) -eq 0 ]]; then apt-get install -y chromium >/dev/null || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
    else sudo apt-get install -y chromium >/dev/null; fi
    browser=$(command -v chromium)
fi
abs_report=$(cd "$(dirname "$report")" && pwd)/$(basename "$report")
abs_png=$(cd "$(dirname "$png")" && pwd)/$(basename "$png")
# The report needs no network; block it anyway so a regression would show as missing content.
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --proxy-server=127.0.0.1:9 \
    --window-size=1400,"$height" --screenshot="$abs_png" "file://$abs_report" 2>/dev/null
echo "$abs_png"
