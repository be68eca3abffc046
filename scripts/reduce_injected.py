#!/usr/bin/env python3
"""tile-reduce on tile-diff findings of injected miscompiles.

For each BUG:PRESET:SEED:COUNT of --set, runs

  TILECHECK_INJECT_BUG=BUG tile-diff --generate --seed SEED --count COUNT
      --policy PRESET --jobs J --matrix sample --sample-size S
      --findings DIR --max-examples M

then reduces every stored finding with

  TILECHECK_INJECT_BUG=BUG tile-reduce FINDING -o OUT --tile-diff tile-diff

and checks that the reduced case still reproduces the finding: tile-diff
on the reduced manifest, with the reduced configuration, prints the
finding's signature (signature.txt), the check `tile-diff --repro` makes.
Prints one line per finding and the medians (ops left as a percentage of
the original's ops, seconds), and how many are at or under 10 % and 60 s.

Usage:
  reduce_injected.py --bin build-asan/bin [--set BUG:PRESET:SEED:COUNT]...
                     [--max-examples 4] [--sample-size 1] [--jobs 2]
                     [--time-limit 300] [--keep DIR]

--bin must be a test-hook build (-DTILECHECK_TEST_HOOKS=ON, as build-asan/
is): a Release build has no injected bugs.
Exit status: 0 when every reduction ran and reproduces, 1 otherwise.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

DEFAULT_SETS = [
    "cmpi-signedness:ints:900:200",
    "divi-floor:ints:900:200",
    "view-dim-map:memory:900:200",
    "scan-reverse:ints:900:200",
]

SUMMARY = re.compile(
    r"reduced (\d+) ops to (\d+) ops \(([\d.]+)%\) in ([\d.]+) s, "
    r"(\d+) candidates tried")


def env_with(bug):
    env = dict(os.environ)
    env["TILECHECK_INJECT_BUG"] = bug
    return env


def reproduces(bindir, bug, finding, out):
    """The reduced case in `out` has the finding's signature."""
    want = open(os.path.join(finding, "signature.txt")).read().split()[0]
    manifest = json.load(open(os.path.join(out, "manifest.json")))
    config = manifest.get("config") or "sm_100"
    proc = subprocess.run([os.path.join(bindir, "tile-diff"), "--manifest",
                           os.path.join(out, "manifest.json"), "--only-config", config,
                           "--print-signature"],
                          capture_output=True, text=True, env=env_with(bug), timeout=600)
    lines = proc.stdout.split()
    got = lines[-1] if lines else ""
    return got == want, want, got


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--set", action="append", help="BUG:PRESET:SEED:COUNT (repeatable)")
    ap.add_argument("--max-examples", type=int, default=4)
    ap.add_argument("--sample-size", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=300)
    ap.add_argument("--keep", help="keep findings and reduced cases here")
    args = ap.parse_args()
    bindir = os.path.abspath(args.bin)

    root = args.keep or tempfile.mkdtemp(prefix="reduce-injected-")
    os.makedirs(root, exist_ok=True)
    rows, failures = [], 0
    for spec in args.set or DEFAULT_SETS:
        bug, preset, seed, count = spec.split(":")
        findings = os.path.join(root, f"{bug}-{preset}-{seed}")
        diff = subprocess.run([os.path.join(bindir, "tile-diff"), "--generate", "--seed", seed,
                               "--count", count, "--policy", preset, "--jobs", str(args.jobs),
                               "--matrix", "sample", "--sample-size", str(args.sample_size),
                               "--findings", findings, "--max-examples", str(args.max_examples)],
                              capture_output=True, text=True, env=env_with(bug), timeout=3600)
        summary = next((l for l in diff.stdout.splitlines() if "programs checked" in l), "?")
        print(f"# {bug}, {count} {preset} programs from seed {seed}: {summary}", flush=True)
        dirs = sorted(d for d in os.listdir(findings)
                      if os.path.isfile(os.path.join(findings, d, "manifest.json")))
        for d in dirs:
            finding = os.path.join(findings, d)
            out = os.path.join(root, "reduced", f"{bug}-{preset}-{seed}", d)
            red = subprocess.run([os.path.join(bindir, "tile-reduce"), finding, "-o", out,
                                  "--tile-diff", os.path.join(bindir, "tile-diff"),
                                  "--time-limit", str(args.time_limit)],
                                 capture_output=True, text=True, env=env_with(bug),
                                 timeout=args.time_limit + 600)
            m = SUMMARY.search(red.stdout)
            if red.returncode != 0 or not m:
                failures += 1
                print(f"{bug} {d}: tile-reduce failed (exit {red.returncode}): "
                      f"{(red.stdout + red.stderr).strip()[-300:]}", flush=True)
                continue
            ok, want, got = reproduces(bindir, bug, finding, out)
            if not ok:
                failures += 1
            before, after, pct, secs, tried = m.groups()
            rows.append((float(pct), float(secs)))
            print(f"{bug} {d}: {before} -> {after} ops ({pct}%) in {secs} s, {tried} candidates; "
                  f"{'reproduces' if ok else f'DOES NOT REPRODUCE (want {want}, got {got})'}",
                  flush=True)
    if rows:
        pcts = [r[0] for r in rows]
        secs = [r[1] for r in rows]
        print(f"{len(rows)} reductions ({failures} failures): median {statistics.median(pcts):.1f}% "
              f"of the ops (max {max(pcts):.1f}%), median {statistics.median(secs):.1f} s "
              f"(max {max(secs):.1f} s); {sum(p <= 10 for p in pcts)}/{len(rows)} at or under "
              f"10%, {sum(s <= 60 for s in secs)}/{len(rows)} within 60 s")
    if not args.keep:
        subprocess.run(["rm", "-rf", root])
    return 1 if failures or not rows else 0


if __name__ == "__main__":
    sys.exit(main())
