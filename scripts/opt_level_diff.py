#!/usr/bin/env python3
"""How much the opt-levels change a program (issue [ir-redesign] figures).

Compiles every program with `tilec -O0..-O3 --emit tileas` and reports, per
pair of adjacent levels, the fraction of programs whose printed IR differs
(SSA value and block names normalized away), and the median op count at each
level. Programs: `--gen N` generated ones (tile-gen, preset `--policy`) plus
every corpus seed given with `--seeds`.

    python3 scripts/opt_level_diff.py --bin build/bin --gen 1000 \
        --seeds corpus/seeds --jobs 2 [--out reports/opt-levels.md]

A level that fails to compile a program counts as "differs" and is listed.

With `--fires`, it also counts how often two passes change a program: the
cuda_tile pass cuda-tile-lower-early-exits (its output against the parsed
input) and the O3 pipeline's loop-invariant-code-motion (the O3 pipeline
with and without it).
"""
import argparse
import concurrent.futures
import os
import re
import statistics
import subprocess
import sys
import tempfile

LEVELS = [0, 1, 2, 3]
SSA = re.compile(r"%[A-Za-z0-9_$.\-]+(#\d+)?")
BLOCK = re.compile(r"\^[A-Za-z0-9_]+")
OP = re.compile(r'^\s*(%[^=]*=\s*)?"?([a-z_]+\.[A-Za-z0-9_.$]+)')


def normalize(text):
    lines = []
    for line in text.splitlines():
        line = SSA.sub("%v", line)
        line = BLOCK.sub("^bb", line)
        lines.append(line.rstrip())
    return "\n".join(lines)


def count_ops(text):
    n = 0
    for line in text.splitlines():
        m = OP.match(line)
        if m and not m.group(2).startswith(("builtin.", "loc")):
            n += 1
    return n


def compile_all(tilec, path, gpu):
    out = {}
    for o in LEVELS:
        p = subprocess.run([tilec, path, f"-O{o}", "--emit", "tileas",
                            "--gpu-name", gpu], capture_output=True,
                           text=True, timeout=120)
        out[o] = p.stdout if p.returncode == 0 else None
    return path, out


def fires(bin_dir, path):
    """(lower-early-exits changed it, LICM changed the O3 result)."""
    opt = os.path.join(bin_dir, "tilec-opt")
    tilec = os.path.join(bin_dir, "tilec")
    plain = subprocess.run([opt, path], capture_output=True, text=True).stdout
    exits = subprocess.run([opt, "--cuda-tile-lower-early-exits", path],
                           capture_output=True, text=True).stdout
    o3 = subprocess.run([tilec, "--print-pipeline", "-O3", "--emit", "tileas"],
                        capture_output=True, text=True).stdout.strip()
    without = o3.replace(",loop-invariant-code-motion", "")
    a = subprocess.run([tilec, path, "--pass-pipeline", o3],
                       capture_output=True, text=True).stdout
    b = subprocess.run([tilec, path, "--pass-pipeline", without],
                       capture_output=True, text=True).stdout
    return plain != exits, a != b


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--gen", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--policy", default="full")
    ap.add_argument("--seeds", default=None, help="directory of seed kernels")
    ap.add_argument("--gpu-name", default="sm_100")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=None, help="write a Markdown report")
    ap.add_argument("--fires", action="store_true",
                    help="also count how often lower-early-exits and LICM fire")
    args = ap.parse_args()
    tilec = os.path.join(args.bin, "tilec")
    programs = []
    tmp = tempfile.mkdtemp(prefix="optdiff-")
    if args.gen:
        subprocess.run([os.path.join(args.bin, "tile-gen"), "--seed",
                        str(args.seed), "--count", str(args.gen), "--policy",
                        args.policy, "-o", tmp], check=True,
                       stdout=subprocess.DEVNULL)
        for d in sorted(os.listdir(tmp), key=lambda s: int(s)):
            programs.append(os.path.join(tmp, d, "program.mlir"))
    if args.seeds:
        for f in sorted(os.listdir(args.seeds)):
            if f.endswith(".mlir"):
                programs.append(os.path.join(args.seeds, f))
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = [pool.submit(compile_all, tilec, p, args.gpu_name)
                for p in programs]
        for f in concurrent.futures.as_completed(futs):
            results.append(f.result())
    pairs = [(0, 1), (1, 2), (2, 3)]
    differs = {pair: 0 for pair in pairs}
    failures = []
    ops = {o: [] for o in LEVELS}
    for path, out in results:
        for o in LEVELS:
            if out[o] is None:
                failures.append((path, o))
            else:
                ops[o].append(count_ops(out[o]))
        for a, b in pairs:
            if out[a] is None or out[b] is None or \
                    normalize(out[a]) != normalize(out[b]):
                differs[(a, b)] += 1
    n = len(results)
    lines = [f"# Opt-level differences ({n} programs: {args.gen} generated "
             f"with preset {args.policy} from seed {args.seed}"
             + (f", plus the seeds of {args.seeds}" if args.seeds else "")
             + f"; {args.gpu_name}, --emit tileas)", "",
             "| levels | programs whose IR differs | fraction |",
             "|---|---|---|"]
    for a, b in pairs:
        lines.append(f"| O{a} -> O{b} | {differs[(a, b)]} | "
                     f"{differs[(a, b)] / max(n, 1):.1%} |")
    lines += ["", "| level | median ops | mean ops |", "|---|---|---|"]
    for o in LEVELS:
        v = ops[o]
        if v:
            lines.append(f"| O{o} | {statistics.median(v):g} | "
                         f"{statistics.mean(v):.1f} |")
    lines += ["", f"compile failures: {len(failures)}"]
    if args.fires:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            counts = list(pool.map(lambda p: fires(args.bin, p), programs))
        lines += ["", "| pass | programs it changed |", "|---|---|",
                  f"| cuda-tile-lower-early-exits | "
                  f"{sum(c[0] for c in counts)} of {len(counts)} |",
                  f"| loop-invariant-code-motion (O3) | "
                  f"{sum(c[1] for c in counts)} of {len(counts)} |"]
    for path, o in failures[:20]:
        lines.append(f"- O{o}: {path}")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
