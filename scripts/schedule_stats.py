#!/usr/bin/env python3
"""How often tileas-generate-schedule fires on generated programs and seeds.

For every generator preset (N programs each) and the seed kernels, per
target: compile with `tilec -O2 --emit tileas --scheduler cost`, then count
the scheduled loops and which generator seed 004's selector gave each
(`tileas.schedule.generator` on the loop), and the cost-based loops at
II = MII. Prints a Markdown table. A pass that never sees a loop, or whose
selector never picks the cost-based generator, is not tested by the
differential runs: this is the measurement of that.

Usage: schedule_stats.py --bin build/bin [--count 50] [--seed 1]
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

PRESETS = ["ints", "floats-exact", "floats", "memory", "control", "mma", "full", "pipeline"]
TARGETS = ["sm_80", "sm_90", "sm_100"]
LOOP = re.compile(r'tileas\.schedule\.generator = "(serial|cost)"'
                  r'(?:, tileas\.schedule\.ii = (\d+) : i32, tileas\.schedule\.mii = (\d+) : i32)?')


def count(tilec, files, target):
    loops = serial = cost = at_mii = failed = rejected = 0
    for f in files:
        r = subprocess.run([tilec, f, "-O2", "--emit", "tileas", "--gpu-name", target,
                            "--scheduler", "cost", "-o", "-"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            # A program the target cannot run is a correct rejection.
            if "is not supported by compute capability" in r.stderr:
                rejected += 1
            else:
                failed += 1
                sys.stderr.write(f"{f} ({target}):\n{r.stderr}")
            continue
        for m in LOOP.finditer(r.stdout):
            loops += 1
            if m.group(1) == "serial":
                serial += 1
            else:
                cost += 1
                at_mii += m.group(2) == m.group(3)
    return loops, serial, cost, at_mii, rejected, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = ap.parse_args()
    tilec = os.path.join(args.bin, "tilec")
    print("| programs | target | programs | loops | serial | cost-based | cost-based share | at II = MII | target rejections | compile failures |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        sets = []
        for preset in PRESETS:
            out = os.path.join(tmp, preset)
            subprocess.run([os.path.join(args.bin, "tile-gen"), "--policy", preset,
                            "--seed", str(args.seed), "--count", str(args.count), "-o", out],
                           check=True, stdout=subprocess.DEVNULL)
            sets.append((preset, sorted(glob.glob(os.path.join(out, "*", "program.mlir")))))
        sets.append(("seeds", sorted(glob.glob(os.path.join(args.root, "corpus", "seeds", "*.mlir")))))
        status = 0
        for name, files in sets:
            for target in TARGETS:
                loops, serial, cost, at_mii, rejected, failed = count(tilec, files, target)
                share = f"{100.0 * cost / loops:.1f}%" if loops else "-"
                print(f"| {name} | {target} | {len(files)} | {loops} | {serial} | {cost} | {share} "
                      f"| {at_mii} | {rejected} | {failed} |")
                status |= failed != 0
    return status


if __name__ == "__main__":
    sys.exit(main())
