#!/usr/bin/env python3
"""How often the CPU SIMT executor agrees with the interpreter on our PTX.

Runs tile-diff over generated programs of every generator preset with the
`simt` matrix (the backend down to PTX at sm_80, sm_90, sm_100 and sm_120 x
O0..O3, each PTX run on the SIMT executor and compared with the interpreter
on the input program), and prints Markdown: per (target, opt-level) how many
runs agreed, were skipped (an op the backend does not lower yet), were
correct target rejections, or were findings by kind; the findings by
culprit; the unsupported instructions (their target is 0); the skip
reasons.

Usage: simt_agreement.py --bin build/bin [--count-per-preset 125] [--seed 1]
           [--presets ints,floats,...] [--jobs 2] [--findings DIR]
Exit status: 0 no finding, 1 findings, 2 a tile-diff run failed.
"""
import collections
import os
import re
import subprocess
import sys
import time

import generated_runs

LINE = re.compile(r"^\s+(\S+) .*?\[compiler=simt,(sm_\d+),O(\d)[^\]]*\]")
FINDING = re.compile(r"^finding: (\S+) \S+ .*?\[compiler=simt,(sm_\d+),O(\d)[^\]]*\] culprit=(\S+)")
SKIPPED = re.compile(r"configuration runs skipped, not counted: (.*)$")


def main():
    ap = generated_runs.parser(__doc__, "--count-per-preset", 125)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--findings", default=None)
    args = ap.parse_args()

    per = collections.defaultdict(collections.Counter)  # (target, O) -> kind -> n
    culprits = collections.Counter()
    kinds = collections.Counter()
    unsupported = collections.Counter()
    skip_reasons = []
    programs = 0
    start = time.time()
    failed = False
    for preset in args.presets.split(","):
        cmd = [os.path.join(args.bin, "tile-diff"), "--generate", "--policy", preset,
               "--seed", str(args.seed), "--count", str(args.count_per_preset),
               "--matrix", "simt", "--jobs", str(args.jobs), "-v"]
        if args.findings:
            cmd += ["--findings", os.path.join(args.findings, preset)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode not in (0, 1):
            print(f"tile-diff failed on {preset} (exit {proc.returncode}): "
                  f"{proc.stderr.strip()[-400:]}", file=sys.stderr)
            failed = True
            continue
        for line in (proc.stdout + proc.stderr).splitlines():
            m = LINE.match(line)
            if m:
                per[(m.group(2), int(m.group(3)))][m.group(1)] += 1
                continue
            m = FINDING.match(line)
            if m:
                kinds[m.group(1)] += 1
                culprits[m.group(4)] += 1
                if m.group(1) == "unsupported-instruction":
                    u = re.search(r"unsupported: (\S+)", line)
                    unsupported[u.group(1) if u else "?"] += 1
                continue
            m = SKIPPED.search(line)
            if m:
                skip_reasons.append(m.group(1))
            m = re.search(r"^(\d+) programs checked", line)
            if m:
                programs += int(m.group(1))
    seconds = time.time() - start

    print(f"# SIMT executor agreement\n")
    print(f"{programs} generated programs (seeds {args.seed}.."
          f"{args.seed + args.count_per_preset - 1} of each of "
          f"{args.presets}), `--matrix simt`, {seconds:.0f} s with "
          f"{args.jobs} jobs.\n")
    all_kinds = sorted({k for c in per.values() for k in c})
    print("| target | O | " + " | ".join(all_kinds) + " |")
    print("|---|---|" + "---|" * len(all_kinds))
    for key in sorted(per, key=lambda k: (int(k[0][3:]), k[1])):
        print(f"| {key[0]} | {key[1]} | " +
              " | ".join(str(per[key][k]) for k in all_kinds) + " |")
    total = collections.Counter()
    for c in per.values():
        total.update(c)
    print(f"| all | | " + " | ".join(str(total[k]) for k in all_kinds) + " |\n")
    print("Findings by kind: " + (", ".join(f"{k} {n}" for k, n in kinds.most_common())
                                  or "none"))
    print("Findings by culprit: " + (", ".join(f"{k} {n}" for k, n in culprits.most_common())
                                     or "none"))
    print("Unsupported instructions: " +
          (", ".join(f"{k} {n}" for k, n in unsupported.most_common()) or "none (0)"))
    if skip_reasons:
        print("\nSkipped (per preset): ")
        for r in skip_reasons:
            print(f"- {r}")
    if failed:
        return 2
    return 1 if kinds else 0


if __name__ == "__main__":
    sys.exit(main())
