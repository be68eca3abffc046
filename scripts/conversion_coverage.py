#!/usr/bin/env python3
"""Every cuda_tile op converts: a check over real inputs.

Runs convert-cuda-tile-to-tileaa, tileaa-assign-atoms and
convert-tileaa-to-tileas (at sm_100, where every op is legal) over every
valid cuda_tile program we can find -- the seed kernels, the conformance
suite's files that verify, and generated programs of every preset -- and
requires that each converts. It then lists the cuda_tile op names seen in
those inputs and fails if any op of the dialect (from the ODS files) was
never converted, so a new op without a conversion pattern cannot slip in.

Usage: conversion_coverage.py --bin build/bin --td-dir DIR [--suite DIR]
                              [--seeds DIR] [--generate N]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

PIPELINE = ("--pass-pipeline=builtin.module(convert-cuda-tile-to-tileaa,"
            "tileaa-assign-atoms,convert-tileaa-to-tileas{compute-capability=sm_100})")
# Dissolved into the builtin module rather than converted by a pattern.
STRUCTURAL = {"module"}


def dialect_ops(td_dir):
    ops = set()
    for name in os.listdir(td_dir):
        # The testing ops of the test-only bytecode versions 250.x exist to
        # test version evolution of the format; no program compiles them.
        if name == "CudaTileTestingOps.td":
            continue
        if name.endswith("Ops.td"):
            with open(os.path.join(td_dir, name)) as f:
                text = f.read()
            ops.update(re.findall(r'^def CudaTile_\w+\s*:\s*\w+<"([\w$]+)"', text, re.M))
            # Ops defined through an intermediate class with the mnemonic
            # as first template argument (CTA_IntOverflowBinOp<"addi">).
            ops.update(re.findall(r'^def CudaTile_\w+\s*:\s*\w+<\s*"([\w$]+)"', text, re.M))
            ops.update(re.findall(r'^\s*:\s*CudaTile_MakeTiledViewOp<"(\w+)"', text, re.M))
    return ops


def generic_op_names(opt, path):
    """cuda_tile op names in a file (generic form avoids prefix elision)."""
    proc = subprocess.run([opt, "--mlir-print-op-generic", path],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return None
    return set(re.findall(r'"cuda_tile\.([\w$]+)"', proc.stdout))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--td-dir", required=True)
    ap.add_argument("--suite", help="conformance/cuda-tile directory")
    ap.add_argument("--seeds")
    ap.add_argument("--generate", type=int, default=0)
    args = ap.parse_args()
    opt = os.path.join(args.bin, "tilec-opt")

    inputs = []
    if args.seeds:
        inputs += [os.path.join(args.seeds, f) for f in sorted(os.listdir(args.seeds))
                   if f.endswith(".mlir")]
    if args.suite:
        root = os.path.join(args.suite, "Dialect", "CudaTile")
        for f in sorted(os.listdir(root)):
            path = os.path.join(root, f)
            if not f.endswith(".mlir"):
                continue
            with open(path) as fh:
                text = fh.read()
            if "expected-error" in text or "split-input-file" in text:
                continue
            inputs.append(path)
    with tempfile.TemporaryDirectory() as tmp:
        for preset in ("ints", "floats-exact", "floats", "memory", "control", "mma", "full"):
            if not args.generate:
                break
            out = os.path.join(tmp, preset)
            subprocess.run([os.path.join(args.bin, "tile-gen"), "--seed", "1", "--count",
                            str(args.generate), "--policy", preset, "-o", out],
                           check=True, capture_output=True)
            inputs += [os.path.join(out, d, "program.mlir") for d in sorted(os.listdir(out))]

        seen, failures, checked = set(), [], 0
        for path in inputs:
            names = generic_op_names(opt, path)
            if names is None:
                continue  # does not verify here: not a valid program
            checked += 1
            proc = subprocess.run([opt, PIPELINE, path], capture_output=True, text=True)
            if proc.returncode != 0:
                first = next((l for l in proc.stderr.splitlines() if "error" in l), proc.stderr)
                failures.append(f"{path}: {first.strip()}")
                continue
            # Generic ("op"(...)) and custom (op ...) forms alike.
            left = set(re.findall(r'"((?:cuda_tile|nv_tileaa)\.[\w$.]+)"\(', proc.stdout))
            left |= set(re.findall(r'^\s*(?:%[^=]*=\s*)?((?:cuda_tile|nv_tileaa)\.[\w$.]+)',
                                   proc.stdout, re.M))
            # Legal in nv_tileas (seed 002): functions, mark_for_reuse, and
            # the queue surface that tileas-materialize-async consumes.
            left -= {"nv_tileaa.mark_for_reuse", "nv_tileaa.func", "nv_tileaa.return",
                     "nv_tileaa.queue.create", "nv_tileaa.queue.put",
                     "nv_tileaa.queue.get", "nv_tileaa.execute",
                     "nv_tileaa.execute.yield"}
            if left:
                failures.append(f"{path}: left unconverted: {', '.join(sorted(left))}")
                continue
            seen |= names

    all_ops = dialect_ops(args.td_dir) - STRUCTURAL
    missing = sorted(all_ops - seen)
    for f in failures:
        print("FAIL", f)
    print(f"conversion-coverage: {checked - len(failures)}/{checked} programs convert to "
          f"nv_tileas; {len(all_ops & seen)}/{len(all_ops)} cuda_tile ops converted"
          + (f"; never seen: {', '.join(missing)}" if missing else ""))
    return 1 if failures or missing else 0


if __name__ == "__main__":
    sys.exit(main())
