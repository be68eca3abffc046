#!/usr/bin/env python3
"""Our backend against NVIDIA's tileiras on the same Tile IR bytecode.

For the seed kernels and N generated programs: write the bytecode once
(tilec-translate --mlir-to-tileirbc), then compile it to a cubin with
`tilec -O<o> --gpu-name <t> --emit cubin` and with `tileiras
--gpu-name=<t> --opt-level=<o>`, each timed (the best of --repeat runs, wall
clock, one at a time). Reports the compile-time ratio tilec / tileiras over
the programs both compile (total and geometric mean of the per-program
ratios; the issue's target is at most 1.0x), and, with cuobjdump, the
registers and shared memory per kernel of both cubins (ours adds the
dynamic shared scratch buffer `--launch-info` reports; cuobjdump counts
static shared memory only).

Usage: backend_vs_tileiras.py --bin build/bin [--count 200] [--seed 1]
           [--target sm_100] [--opt 3] [--repeat 3] [--presets ...]
"""
import argparse
import glob
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

PRESETS = ["ints", "floats-exact", "floats", "memory", "control", "mma", "full", "pipeline"]


def find_nvidia_tool(name):
    found = shutil.which(name)
    if found:
        return found
    try:
        out = subprocess.run([sys.executable, "-c", "import nvidia\nfor d in nvidia.__path__: print(d)"],
                             capture_output=True, text=True, timeout=60).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    for d in out:
        candidate = os.path.join(d, "cu13", "bin", name)
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def timed(cmd, env, repeat):
    best, proc = None, None
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            return None, proc
        best = elapsed if best is None else min(best, elapsed)
    return best, proc


RESOURCE = re.compile(r"Function (\S+):\s*\n\s*REG:(\d+) STACK:(\d+) SHARED:(\d+)")


def resources(cuobjdump, cubin):
    if not cuobjdump:
        return {}
    out = subprocess.run([cuobjdump, "--dump-resource-usage", cubin], capture_output=True, text=True).stdout
    return {m.group(1): (int(m.group(2)), int(m.group(4))) for m in RESOURCE.finditer(out)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--count", type=int, default=200, help="generated programs in all (spread over presets)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", default="sm_100")
    ap.add_argument("--opt", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--presets", default=",".join(PRESETS))
    args = ap.parse_args()

    tileiras = find_nvidia_tool("tileiras")
    if not tileiras:
        print("tileiras not found (pip install nvidia-cuda-tileiras)", file=sys.stderr)
        return 2
    cuobjdump = find_nvidia_tool("cuobjdump")
    env = dict(os.environ)
    env["CUDA_HOME"] = os.path.dirname(os.path.dirname(tileiras))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = tempfile.mkdtemp(prefix="backend-vs-tileiras-")
    programs = [("seed", p) for p in sorted(glob.glob(os.path.join(root, "corpus", "seeds", "*.mlir")))]
    presets = [p for p in args.presets.split(",") if p]
    per = max(1, args.count // len(presets)) if args.count > 0 else 0
    for preset in presets if per else []:
        out = os.path.join(work, preset)
        subprocess.run([os.path.join(args.bin, "tile-gen"), "--policy", preset, "--count", str(per),
                        "--seed", str(args.seed), "-o", out], check=True, capture_output=True)
        programs += [(preset, p) for p in sorted(glob.glob(os.path.join(out, "*", "program.mlir")))]

    rows, ours_only, theirs_only, neither = [], 0, 0, 0
    seeds = []
    for i, (group, path) in enumerate(programs):
        bc = os.path.join(work, "p%d.tileirbc" % i)
        w = subprocess.run([os.path.join(args.bin, "tilec-translate"), "--mlir-to-tileirbc", path, "-o", bc],
                           capture_output=True, text=True)
        if w.returncode != 0:
            continue
        ours_cubin, theirs_cubin = os.path.join(work, "ours%d.cubin" % i), os.path.join(work, "theirs%d.cubin" % i)
        t_ours, p_ours = timed([os.path.join(args.bin, "tilec"), "-O%d" % args.opt, "--gpu-name", args.target,
                                "--emit", "cubin", "--launch-info", bc, "-o", ours_cubin], env, args.repeat)
        t_theirs, _ = timed([tileiras, "--gpu-name=" + args.target, "--opt-level=%d" % args.opt, bc,
                             "--output-file=" + theirs_cubin], env, args.repeat)
        if t_ours is None and t_theirs is None:
            neither += 1
            continue
        if t_ours is None:
            theirs_only += 1
            continue
        if t_theirs is None:
            ours_only += 1
            continue
        rows.append((group, path, t_ours, t_theirs))
        if group == "seed":
            dyn = re.search(r"dynamic_shared_bytes=(\d+)", p_ours.stderr)
            seeds.append((os.path.basename(path), resources(cuobjdump, ours_cubin),
                          int(dyn.group(1)) if dyn else 0, resources(cuobjdump, theirs_cubin)))

    print("%d programs (%d seeds), %s -O%d, best of %d runs each\n" % (
        len(programs), sum(1 for g, _ in programs if g == "seed"), args.target, args.opt, args.repeat))
    print("- both compiled: %d; only tilec: %d; only tileiras: %d; neither: %d" % (
        len(rows), ours_only, theirs_only, neither))
    if rows:
        total_ours = sum(r[2] for r in rows)
        total_theirs = sum(r[3] for r in rows)
        geo = math.exp(sum(math.log(r[2] / r[3]) for r in rows) / len(rows))
        worst = max(rows, key=lambda r: r[2] / r[3])
        print("- total: tilec %.2f s, tileiras %.2f s, ratio %.2fx" % (total_ours, total_theirs,
                                                                      total_ours / total_theirs))
        print("- geometric mean of per-program ratios: %.2fx (target <= 1.0x)" % geo)
        print("- slowest relative: %s %.3f s vs %.3f s (%.1fx)" % (
            os.path.relpath(worst[1], root) if worst[1].startswith(root) else worst[0], worst[2], worst[3],
            worst[2] / worst[3]))
    if seeds:
        print("\n| seed | kernel | registers tilec / tileiras | shared bytes tilec (static + dynamic) / tileiras |")
        print("|---|---|---|---|")
        for name, ours, dyn, theirs in seeds:
            for kernel in sorted(set(ours) | set(theirs)):
                o, t = ours.get(kernel), theirs.get(kernel)
                print("| %s | %s | %s / %s | %s / %s |" % (
                    name, kernel, o[0] if o else "-", t[0] if t else "-",
                    "%d + %d" % (o[1], dyn) if o else "-", t[1] if t else "-"))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
