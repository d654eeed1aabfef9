#!/usr/bin/env python3
"""Compares two `boxdim accuracy --json` outputs case by case (speed work must not change answers).

Usage: compare-accuracy.py REFERENCE.json CANDIDATE.json [TOLERANCE_METRES (default 1e-6)]

Every case must have the same name, kind and outcome (error code or measured); measured
dimensions and distance must agree to within the tolerance, confidence and its factors to
within 1e-9; the summaries must be equal. Prints the largest differences; exits 1 on any
mismatch.
"""
import json
import sys


def main():
    ref = json.load(open(sys.argv[1]))
    new = json.load(open(sys.argv[2]))
    tol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-6
    problems = []
    worst = {"measured": 0.0, "distance": 0.0, "confidence": 0.0}
    if len(ref["cases"]) != len(new["cases"]):
        problems.append(f"case count {len(ref['cases'])} vs {len(new['cases'])}")
    for a, b in zip(ref["cases"], new["cases"]):
        name = a.get("name")
        for key in ("name", "kind", "errorCode", "truth"):
            if a.get(key) != b.get(key):
                problems.append(f"{name}: {key} {a.get(key)!r} vs {b.get(key)!r}")
        if ("measured" in a) != ("measured" in b):
            problems.append(f"{name}: measured in one run only")
            continue
        if "measured" in a:
            d = max(abs(x - y) for x, y in zip(a["measured"], b["measured"]))
            worst["measured"] = max(worst["measured"], d)
            if d > tol:
                problems.append(f"{name}: measured differs by {d:.3g} m")
        if "distance" in a:
            d = abs(a["distance"] - b.get("distance", float("nan")))
            worst["distance"] = max(worst["distance"], d)
            if not d <= tol:
                problems.append(f"{name}: distance differs by {d:.3g} m")
        for key in ("confidence",):
            if key in a:
                d = abs(a[key] - b.get(key, float("nan")))
                worst["confidence"] = max(worst["confidence"], d)
                if not d <= 1e-9:
                    problems.append(f"{name}: {key} differs by {d:.3g}")
        fa, fb = a.get("factors", {}), b.get("factors", {})
        if set(fa) != set(fb) or any(not abs(fa[k] - fb[k]) <= 1e-9 for k in fa):
            problems.append(f"{name}: confidence factors differ {fa} vs {fb}")
    if ref.get("summary") != new.get("summary"):
        problems.append(f"summary differs:\n  {ref.get('summary')}\n  {new.get('summary')}")
    print(f"cases: {len(ref['cases'])}; largest differences: measured {worst['measured']:.3g} m, "
          f"distance {worst['distance']:.3g} m, confidence {worst['confidence']:.3g}")
    for p in problems:
        print("MISMATCH", p)
    print("IDENTICAL within tolerance" if not problems else f"{len(problems)} mismatches")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
