#!/usr/bin/env bash
# Builds boxdim (release) and installs it as PREFIX/bin/boxdim.
#
#   Scripts/install.sh PREFIX [SWIFT_BUILD_OPTION...]     (PREFIX e.g. /usr/local or ~/.local)
#
# Extra options go to `swift build` (Scripts/test.sh passes its own, `-Xswiftc -enable-testing`,
# so that the release build it has already made is reused rather than rebuilt).
# boxdim is one self-contained executable: it reads every capture format (.pcd and .ply with
# our own readers, Stray Scanner folders, depth-PNG folders) with nothing installed beside it;
# it needs only the system libraries Scripts/setup.sh installs (Scripts/lone-boxdim-check.sh
# checks that an installed copy reads .pcd and .ply).
set -euo pipefail
if [ $# -lt 1 ] || [ -z "$1" ]; then
    echo "usage: Scripts/install.sh PREFIX [SWIFT_BUILD_OPTION...]" >&2
    exit 2
fi
prefix="$1"
shift
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
cd "$(dirname "$0")/.."
swift build -c release --product boxdim "$@"
bin="$(swift build -c release --show-bin-path "$@")"
mkdir -p "$prefix/bin"
install -m 0755 "$bin/boxdim" "$prefix/bin/boxdim"
echo "install: $prefix/bin/boxdim"
