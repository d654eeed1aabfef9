#!/usr/bin/env bash
# Installs the system libraries BoxDimensioning builds against, skipping what is present:
# PCL 1.13 and Eigen 3.4 (point-cloud algorithms), qhull (the 2-D convex hull, called directly;
# libpcl-dev depends on it too), libpng (depth images), libdeflate (inflates depth images on the
# PNG decoder's fast path, ~2.4x faster than zlib), pkg-config, zxing-cpp 1.4 (barcodes in the
# colour images) and FFmpeg's libavformat/libavcodec/libswscale (rgb.mp4).
# Debian 12; non-interactive; needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(libpcl-dev libeigen3-dev libqhull-dev liblz4-dev libpng-dev libdeflate-dev pkg-config libzxing-dev libavformat-dev libavcodec-dev libswscale-dev)
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: system packages present (${packages[*]})"
    exit 0
fi

echo "setup: installing ${missing[*]}"
run_as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        echo "setup: need root to install ${missing[*]}" >&2; exit 1; fi
}
export DEBIAN_FRONTEND=noninteractive
run_as_root apt-get update -qq
run_as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
echo "setup: done"
