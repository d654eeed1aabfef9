#!/usr/bin/env python3
"""Prints the side-by-side summary of compare-open3d.sh: throughputs, their ratio, and for
each engine the median / 95th-percentile absolute error per dimension over the positives it
measured, its refusals, and the negatives it measured (should be refused).

Usage: compare_summary.py OPEN3D_JSON VERIFY_OUT_DIR VERIFY_J1_SECONDS VERIFY_J2_SECONDS [MIN_CONFIDENCE]
"""
import csv
import json
import os
import sys

import numpy as np


def summarize(name, rows):
    """rows: (kind, truth_mm[3], measured_mm[3] or None)."""
    pos = [r for r in rows if any(r[1])]
    neg = [r for r in rows if not any(r[1])]
    measured = [r for r in pos if r[2] is not None]
    print(f"\n{name}")
    print(f"  positives measured: {len(measured)} of {len(pos)} ({len(pos) - len(measured)} refused); "
          f"negatives measured (should be refused): {sum(r[2] is not None for r in neg)} of {len(neg)}")
    if not measured:
        return
    err = np.array([[abs(m - t) for m, t in zip(sorted(r[2][:2], reverse=True) + [r[2][2]],
                                                  sorted(r[1][:2], reverse=True) + [r[1][2]])] for r in measured])
    print("  abs error mm   median     p95     max")
    for i, dim in enumerate(["length", "width", "height"]):
        e = err[:, i]
        print(f"  {dim:<12} {np.median(e):7.1f} {np.percentile(e, 95):7.1f} {e.max():7.1f}")
    print(f"  within 10 mm on all three: {np.mean(err.max(axis=1) <= 10) * 100:.0f} % of measured positives")


def main():
    o3d_json, verify_out, s1, s2 = sys.argv[1:5]
    gate = float(sys.argv[5]) if len(sys.argv) > 5 else 0.85
    o3d = json.load(open(o3d_json))
    n = o3d["captures"]
    r1, r2 = n / float(s1), n / float(s2)
    ro = o3d["captures_per_second"]
    print(f"Throughput on {n} captures (the same files):")
    print(f"  Open3D recipe (open3d {o3d['open3d']}, one process): {ro:8.2f} captures/s")
    print(f"  boxdim verify --jobs 1:                       {r1:8.2f} captures/s  ({r1 / ro:.1f}x Open3D)")
    print(f"  boxdim verify --jobs 2:                       {r2:8.2f} captures/s  ({r2 / ro:.1f}x Open3D; {r2 / r1:.2f}x --jobs 1)")
    print("  (verify's time is the whole command: reading, measuring, results, overlays, report)")

    rows = [(r["kind"], r["truth_mm"], r["measured_mm"]) for r in o3d["results"]]
    summarize("Open3D recipe (no confidence: every measurement counts)", rows)

    with open(os.path.join(verify_out, "results.csv"), newline="") as f:
        vrows = list(csv.DictReader(f))
    def size(r):
        if not r["length_mm"]:
            return None
        return [float(r["length_mm"]), float(r["width_mm"]), float(r["height_mm"])]
    def truth(r):
        return [float(r["truth_length_mm"]), float(r["truth_width_mm"]), float(r["truth_height_mm"])]
    accepted = [(r.get("kind", ""), truth(r), size(r) if r["confidence"] and float(r["confidence"]) >= gate else None)
                for r in vrows]
    summarize(f"boxdim verify, accepted at confidence >= {gate}", accepted)
    summarize("boxdim verify, every measurement (confidence ignored)", [(r.get("kind", ""), truth(r), size(r)) for r in vrows])


if __name__ == "__main__":
    main()
