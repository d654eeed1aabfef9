#!/usr/bin/env python3
"""The common Open3D box-dimensioning recipe, run over a `boxdim simulate` dataset.

Per capture (a Stray Scanner folder):
  1. per-pixel median of the frames' depth (zeros and confidence-0 pixels ignored);
  2. back-projection with camera_matrix.csv scaled to the depth resolution (camera frame of
     the middle frame; the recipe does not use the poses);
  3. voxel down-sample, segment_plane (RANSAC) for the floor;
  4. DBSCAN on the points above the floor; the cluster whose centroid is nearest the image
     centre (smallest angle to the optical axis) is the box;
  5. height: 90th percentile of the cluster's heights above the plane;
  6. length and width: minimum-area rectangle (convex hull + rotating edges, numpy) of the
     top points projected on the floor plane.

Prints one JSON object: throughput and per-capture results (mm), for compare-open3d.sh.
Usage: open3d_recipe.py DATASET [--json OUT]
"""
import argparse
import csv
import json
import os
import sys
import time

import numpy as np
import open3d as o3d
from PIL import Image

# Tunables of the recipe (the values the common tutorials use for ~1 m scenes).
VOXEL = 0.005            # voxel down-sample, metres
PLANE_DISTANCE = 0.01    # RANSAC inlier distance, metres
PLANE_ITERATIONS = 1000  # RANSAC iterations
MIN_HEIGHT = 0.015       # points this far above the floor can be the box, metres
DBSCAN_EPS = 0.02        # DBSCAN neighbourhood, metres
DBSCAN_MIN_POINTS = 10
MIN_CLUSTER = 50         # smallest cluster taken as a box (points)
TOP_BAND = 0.02          # top points: within this of the 90th-percentile height, metres
RGB_WIDTH = 1920         # camera_matrix.csv is for the 1920x1440 RGB image


def read_capture(folder):
    """Median depth image (metres, 0 = none) and intrinsics at the depth resolution."""
    names = sorted(n for n in os.listdir(os.path.join(folder, "depth")) if n.endswith(".png"))
    depths = []
    for n in names:
        d = np.asarray(Image.open(os.path.join(folder, "depth", n)), dtype=np.float32) / 1000.0
        conf_path = os.path.join(folder, "confidence", n)
        if os.path.exists(conf_path):
            c = np.asarray(Image.open(conf_path))
            d[c < 1] = 0
        d[d <= 0] = np.nan
        depths.append(d)
    stack = np.stack(depths)
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", category=RuntimeWarning)
            median = np.nanmedian(stack, axis=0)
    median = np.nan_to_num(median, nan=0.0)
    k = np.loadtxt(os.path.join(folder, "camera_matrix.csv"), delimiter=",")
    h, w = median.shape
    s = w / RGB_WIDTH
    return median, k[0, 0] * s, k[1, 1] * s, k[0, 2] * s, k[1, 2] * s


def min_area_rectangle(xy):
    """Sides (long, short) of the minimum-area rectangle around 2-D points (own code)."""
    pts = np.unique(np.round(xy, 6), axis=0)
    if len(pts) < 3:
        return None
    pts = pts[np.lexsort((pts[:, 1], pts[:, 0]))]

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:  # Andrew's monotone chain
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in pts[::-1]:
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    hull = np.array(lower[:-1] + upper[:-1])
    edges = np.roll(hull, -1, axis=0) - hull
    angles = np.unique(np.mod(np.arctan2(edges[:, 1], edges[:, 0]), np.pi / 2))
    best = None
    for a in angles:  # one side of the optimum lies along a hull edge
        c, s = np.cos(a), np.sin(a)
        r = hull @ np.array([[c, -s], [s, c]])
        ext = r.max(axis=0) - r.min(axis=0)
        area = ext[0] * ext[1]
        if best is None or area < best[0]:
            best = (area, max(ext), min(ext))
    return best[1], best[2]


def measure(folder):
    """(length, width, height) in metres, or None (refused) with a reason."""
    depth, fx, fy, cx, cy = read_capture(folder)
    v, u = np.nonzero(depth > 0)
    z = depth[v, u]
    if len(z) < 100:
        return None, "no depth"
    pts = np.stack([(u - cx) / fx * z, (v - cy) / fy * z, z], axis=1)
    cloud = o3d.geometry.PointCloud(o3d.utility.Vector3dVector(pts))
    cloud = cloud.voxel_down_sample(VOXEL)
    plane, inliers = cloud.segment_plane(PLANE_DISTANCE, 3, PLANE_ITERATIONS)
    n = np.asarray(plane[:3])
    d = plane[3]
    norm = np.linalg.norm(n)
    n, d = n / norm, d / norm
    if d < 0:  # the camera (origin) is above the floor
        n, d = -n, -d
    p = np.asarray(cloud.points)
    height = p @ n + d
    above = np.nonzero(height > MIN_HEIGHT)[0]
    if len(above) < MIN_CLUSTER:
        return None, "no box"
    sub = cloud.select_by_index(above.tolist())
    labels = np.asarray(sub.cluster_dbscan(DBSCAN_EPS, DBSCAN_MIN_POINTS))
    best, best_angle = None, None
    for label in set(labels.tolist()) - {-1}:
        idx = above[labels == label]
        if len(idx) < MIN_CLUSTER:
            continue
        c = p[idx].mean(axis=0)
        angle = np.arccos(np.clip(c[2] / np.linalg.norm(c), -1, 1))
        if best_angle is None or angle < best_angle:
            best, best_angle = idx, angle
    if best is None:
        return None, "no box"
    h = np.percentile(height[best], 90)
    top = best[height[best] >= h - TOP_BAND]
    q = p[top] - np.outer(height[top], n)  # projected on the floor plane
    e1 = np.cross(n, [1.0, 0.0, 0.0])
    if np.linalg.norm(e1) < 0.1:
        e1 = np.cross(n, [0.0, 1.0, 0.0])
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(n, e1)
    rect = min_area_rectangle(np.stack([q @ e1, q @ e2], axis=1))
    if rect is None:
        return None, "no top"
    return (rect[0], rect[1], h), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset")
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args()
    o3d.utility.set_verbosity_level(o3d.utility.VerbosityLevel.Error)
    with open(os.path.join(args.dataset, "ground_truth.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    results = []
    start = time.perf_counter()
    for row in rows:
        t0 = time.perf_counter()
        size, reason = measure(os.path.join(args.dataset, row["capture"]))
        results.append({
            "capture": row["capture"],
            "kind": row.get("kind", ""),
            "truth_mm": [float(row["length_mm"]), float(row["width_mm"]), float(row["height_mm"])],
            "measured_mm": None if size is None else [x * 1000 for x in size],
            "refusal": reason,
            "seconds": time.perf_counter() - t0,
        })
    seconds = time.perf_counter() - start
    out = {"captures": len(rows), "seconds": seconds,
           "captures_per_second": len(rows) / seconds if seconds > 0 else 0,
           "open3d": o3d.__version__, "results": results}
    text = json.dumps(out)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
