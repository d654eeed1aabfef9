#!/usr/bin/env python3
"""Prints what switching each heuristic off changed (Scripts/ablation.sh's results).

    Scripts/ablation_table.py ROOT [NAME...]

ROOT holds base/ (the engine as it is) and one folder per ablation, each with the JSON that
`boxdim accuracy --json` wrote per split, the scenes' text, and changes.txt (what was switched
off: --behaviour's JSON, or pipeline: and --pipeline's). For each
ablation and each split, every sensor member whose figures moved is listed: accepted at 5 / 10 /
20 mm, accepted beyond those tolerances, negatives accepted, coverage (L / W / H, %) and median
U (mm). A member that lets through a wrong answer is flagged WRONG, one whose coverage falls
under 92 % COVERAGE; the verdict line says which of those the ablation did, or whether it only
lost or gained acceptances. The real captures (in the iPhone split's text) are compared line by
line.
"""
import json, os, re, sys

SPLITS = [("tuning", "tuning, seed 2026"), ("retired", "retired, seed 7919"), ("retired2", "retired2, seed 6151"),
          ("holdout", "holdout, seed 3313"), ("iphone", "iphone, seed 2026"), ("fixed", "fixed, 1 frame, seed 4243"),
          ("sl", "structured-light, 1 frame, seed 8087"), ("retiredL", "retired named LiDAR"),
          ("retired2L", "retired2 named LiDAR")]
KEYS = ["acceptedAt", "beyondAt", "negativesAcceptedAt", "coverage", "medianUMM"]


def rows(root, run, split):
    path = os.path.join(root, run, split + ".json")
    if not os.path.exists(path):
        return None
    return {r["sensor"]: r for r in json.load(open(path))["coverage"]["rows"]}


def shown(key, values):
    """A figure as the table prints it; a member with nothing measured has nulls (-)."""
    if values is None:
        return "-"
    if key == "coverage":
        return "/".join("-" if v is None else str(round(v * 100)) for v in values)
    if key == "medianUMM":
        return "/".join("-" if v is None else "%.1f" % v for v in values)
    return "/".join(str(v) for v in values)


def below(before, after, limit=0.92):
    """Whether some coverage fell from at least `limit` to under it (nulls: nothing measured)."""
    return any(a is not None and b is not None and a < limit <= b for b, a in zip(before or [], after or []))


def scenes(root, run):
    path = os.path.join(root, run, "scenes.txt")
    if not os.path.exists(path):
        return None
    text = open(path).read()
    m = re.search(r"accepted at 5 / 10 / 20 mm \(beyond it, or matching no box\): (.*)", text)
    c = re.search(r"truth within ± U \(L / W / H\): (.*)", text)
    return (m.group(1) if m else "?", c.group(1) if c else "?")


def real(root, run):
    path = os.path.join(root, run, "iphone.txt")
    if not os.path.exists(path):
        return None
    lines = open(path).read().splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith("real captures")), len(lines))
    return lines[start:]


def main():
    if len(sys.argv) < 2 or not os.path.isdir(os.path.join(sys.argv[1], "base")):
        sys.exit("usage: ablation_table.py ROOT [NAME...] (ROOT holds base/ and one folder per ablation: Scripts/ablation.sh)")
    root = sys.argv[1]
    names = sys.argv[2:] or sorted(d for d in os.listdir(root) if d != "base" and os.path.isdir(os.path.join(root, d)))
    for name in names:
        path = os.path.join(root, name, "changes.txt")
        if not os.path.exists(path):  # written before --pipeline
            path = os.path.join(root, name, "behaviour.json")
        if not os.path.exists(path):
            print(f"## {name}: not run\n")
            continue
        changes = open(path).read().strip()
        print(f"## {name}: {changes}\n")
        wrong = cover = righted = False
        lost = gained = 0
        moved_real = 0
        for split, title in SPLITS:
            a, b = rows(root, "base", split), rows(root, name, split)
            if a is None or b is None:
                print(f"- {title}: not run")
                continue
            moved = []
            for sensor, ra in a.items():
                rb = b.get(sensor)
                if rb is None:
                    continue
                diffs = [f"{k} {shown(k, ra[k])} → {shown(k, rb[k])}" for k in KEYS if shown(k, ra[k]) != shown(k, rb[k])]
                if not diffs:
                    continue
                flags = []
                wrongs = list(zip(ra["beyondAt"] + ra["negativesAcceptedAt"], rb["beyondAt"] + rb["negativesAcceptedAt"]))
                if any(y > x for x, y in wrongs):
                    flags.append("WRONG")
                if any(y < x for x, y in wrongs):
                    flags.append("FEWER WRONG")
                if below(ra["coverage"], rb["coverage"]):
                    flags.append("COVERAGE")
                if sensor != "all":
                    wrong |= "WRONG" in flags
                    righted |= "FEWER WRONG" in flags
                    cover |= "COVERAGE" in flags
                    delta = rb["acceptedAt"][1] - ra["acceptedAt"][1]
                    lost += max(0, -delta)
                    gained += max(0, delta)
                moved.append(f"  - {sensor}: " + "; ".join(diffs) + ("  **" + " ".join(flags) + "**" if flags else ""))
            print(f"- {title}: " + ("unchanged" if not moved else ""))
            for line in moved:
                print(line)
        sa, sb = scenes(root, "base"), scenes(root, name)
        if sa and sb:
            print("- scenes, seed 2026: " + ("unchanged" if sa == sb else
                  f"accepted at 5 / 10 / 20 mm (beyond) {sa[0]} → {sb[0]}; truth within ± U {sa[1]} → {sb[1]}"))
            if sb[0] != sa[0]:
                before = [int(x) for x in re.findall(r"\((\d+)\)", sa[0])]
                after = [int(x) for x in re.findall(r"\((\d+)\)", sb[0])]
                wrong |= any(y > x for x, y in zip(before, after))
                righted |= any(y < x for x, y in zip(before, after))
                at10 = [int(x) for x in re.findall(r"/ (\d+) \(", sa[0])[:1] + re.findall(r"/ (\d+) \(", sb[0])[:1]]
                if len(at10) == 2:
                    lost += max(0, at10[0] - at10[1])
                    gained += max(0, at10[1] - at10[0])
        ra, rb = real(root, "base"), real(root, name)
        if ra is not None and rb is not None:
            changed = [(x, y) for x, y in zip(ra, rb) if x != y]
            changed += [(x, "(missing)") for x in ra[len(rb):]] + [("(missing)", y) for y in rb[len(ra):]]
            moved_real = len(changed)
            print(f"- real captures: " + ("unchanged" if not changed else f"{len(changed)} line(s) changed"))
            for x, y in changed:
                print(f"  - was: {x.strip()}\n    now: {y.strip()}")
        found = (["a wrong answer let through"] if wrong else []) + (["a coverage under 92 %"] if cover else []) + \
                (["an answer that was wrong now refused"] if righted else [])
        found.append(f"accepted at 10 mm: {lost} fewer, {gained} more (members and scenes)")
        if moved_real:
            found.append(f"{moved_real} real capture(s) measured differently")
        print("\n**Switched off: " + "; ".join(found) + ".**\n")


if __name__ == "__main__":
    main()
