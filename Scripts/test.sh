#!/usr/bin/env bash
# Sets up (system packages), runs a seeded fuzz smoke (20,000 inputs per libFuzzer target, from
# a fresh corpus, libFuzzer seed 1: a count and a seed, not the clock; the targets keep building
# and stay clean), builds the tests (release), checks that an installed boxdim reads every
# cloud format on its own (Scripts/lone-boxdim-check.sh) and that a package depending on this
# one by URL and version builds and measures (Scripts/consumer-check.sh), builds the
# documentation (Scripts/docs.sh: fails on any DocC warning), then runs the whole test suite
# (release), whose summary is the closing line.
# `.ci/run` calls exactly this.
#
# Self-contained: the tests read their fixtures from Tests/Fixtures only (and a test fails if any
# source under Tests/, Sources/ or Scripts/ mentions a data folder beside the repository). In CI
# (CI=true), or with BOXDIM_LONE_CLONE=1, this script proves it: it copies the repository's
# tracked files into a fresh temporary folder with nothing beside it and runs everything there,
# as a lone `git clone` would. CI starts from a fresh clone anyway, so the copy costs a few
# seconds, not a second build (the whole run takes about 15-20 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."

if { [ "${CI:-}" = "true" ] || [ "${BOXDIM_LONE_CLONE:-}" = "1" ]; } && [ -z "${BOXDIM_IN_LONE_COPY:-}" ] &&
   git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    lone_parent="$(mktemp -d "${TMPDIR:-/tmp}/boxdim-lone-XXXXXX")"
    trap 'rm -rf "$lone_parent"' EXIT
    lone="$lone_parent/BoxDimensioning"
    mkdir "$lone"
    # Tracked files only: what a clone has (no .build, no untracked data, no data folder beside it).
    git ls-files -z | tar --null --files-from - --ignore-failed-read -cf - | tar -xf - -C "$lone"
    echo "test: running in a lone copy of the repository: $lone (nothing beside it)"
    status=0
    BOXDIM_IN_LONE_COPY=1 bash "$lone/Scripts/test.sh" "$@" || status=$?
    exit $status
fi

Scripts/setup.sh
Scripts/fuzz.sh --runs 20000
# Release: the tests run the whole pipeline and the simulator hundreds of times, and
# Package.swift forces no -O (no target may use unsafe flags: see its header), so the speed
# comes from the release configuration. `-enable-testing` keeps `@testable import` working in a
# release build (what `swift test -c release` does by itself, `--enable-testable-imports`).
swift build -c release --build-tests -Xswiftc -enable-testing
# The boxdim of `swift build --product boxdim`, installed alone, reads .pcd and .ply.
Scripts/lone-boxdim-check.sh -Xswiftc -enable-testing
# A package depending on this one by URL and version builds and measures the sample.
Scripts/consumer-check.sh
Scripts/docs.sh
swift test -c release --skip-build "$@"
