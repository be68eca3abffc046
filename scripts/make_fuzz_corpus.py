#!/usr/bin/env python3
"""Rebuilds the libFuzzer seed corpora under corpus/fuzz/ from our own files.

  parse/  cuda_tile text for tilec-parse-fuzzer: the seed kernels
          (corpus/seeds/*.mlir), the self-test programs (tests/SelfTest/)
          and small tile-gen outputs (at most GEN_MAX_BYTES; GEN_PER_PRESET
          per policy preset, with at most SMALL_STMTS top-level statements).
          libFuzzer's default -max_len is the largest seed, and the parse
          rate falls with input size (about 1,800/s with 16 KB seeds, 5,000/s
          with 4 KB ones here), so the seeds stay small.
          NVIDIA's conformance files are never copied here.
  diff/   inputs for tilec-diff-fuzzer (layout in fuzz/README.md): seeded
          mode, three (opt level, target) pairs per preset, plus two replay
          mode inputs.
  interp/ inputs for tilec-interp-fuzzer (layout in fuzz/README.md): one
          per stage (nv_tileaa, nv_tileas) and a few opt levels, targets and
          presets, five with one or two mutations.
  sched/  inputs for tilec-sched-fuzzer (layout in fuzz/README.md): per
          target a small and a larger dependence graph, and one with
          constraints.

Usage: make_fuzz_corpus.py --tile-gen build/bin/tile-gen [--root .]
"""

import argparse
import random
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

PRESETS = ["ints", "floats-exact", "floats", "memory", "control", "mma", "full"]
TARGETS = ["sm80", "sm90", "sm100"]
GEN_PER_PRESET = 2
GEN_MAX_BYTES = 4096
SMALL_STMTS = 5


def diff_input(opt, target, preset, seed=None, choices=None):
    mode = 1 if choices is not None else 0
    head = bytes([opt | (target << 2) | (mode << 4), PRESETS.index(preset), 0, 0, 0])
    if choices is None:
        return head + struct.pack("<Q", seed)
    return head + b"".join(struct.pack("<I", c) for c in choices)


# tilec-interp-fuzzer: (name, opt, target, stage, preset, seed, mutations);
# a mutation is (kind, a, b, c, d), kinds in fuzz/README.md.
INTERP_SEEDS = [
    ("tileaa-O0-sm100-p0", 0, 2, 0, 0, 1, []),
    ("tileas-O2-sm100-p1", 2, 2, 1, 1, 2, []),
    ("tileas-O3-sm90-p2-shape", 3, 1, 1, 2, 3, [(1, 7, 0, 0, 9)]),
    ("tileaa-O1-sm80-p3-attr", 1, 0, 0, 3, 4, [(0, 5, 0, 0, 1)]),
    ("tileas-O2-sm100-p4-operand", 2, 2, 1, 4, 5, [(3, 9, 0, 1, 0)]),
    ("tileaa-O0-sm100-p5-elem", 0, 2, 0, 5, 6, [(2, 11, 0, 0, 4)]),
    ("tileas-O1-sm90-p6-drop-swap", 1, 1, 1, 6, 7, [(5, 3, 0, 0, 0), (4, 8, 0, 1, 0)]),
]


def interp_input(opt, target, stage, preset, seed, mutations):
    head = bytes([opt | (target << 2) | (stage << 4), preset, 0, 0, 0])
    return head + struct.pack("<Q", seed) + b"".join(bytes(m) for m in mutations)


def sched_inputs():
    """tilec-sched-fuzzer: per target, a small and a larger body without
    constraints and one with constraints (layout in fuzz/README.md)."""
    rnd = random.Random(7)
    out = {}
    for t, target in enumerate(["sm80", "sm90", "sm100", "sm120"]):
        for nodes, edges, cons in ((6, 8, False), (20, 30, False), (12, 16, True)):
            head = bytes([t | (4 if cons else 0), nodes - 1, edges])
            body = bytes(rnd.randrange(256)
                         for _ in range(nodes + 3 * edges + (nodes if cons else 0)))
            name = f"{target}-{nodes}ops-{edges}edges" + ("-constraints" if cons else "")
            out[name] = head + body
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tile-gen", required=True)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = ap.parse_args()
    parse_dir = os.path.join(args.root, "corpus", "fuzz", "parse")
    diff_dir = os.path.join(args.root, "corpus", "fuzz", "diff")
    interp_dir = os.path.join(args.root, "corpus", "fuzz", "interp")
    sched_dir = os.path.join(args.root, "corpus", "fuzz", "sched")
    for d in (parse_dir, diff_dir, interp_dir, sched_dir):
        os.makedirs(d, exist_ok=True)
        # Inputs that once crashed a target (regression-*) are kept.
        for f in os.listdir(d):
            if not f.startswith("regression-"):
                os.remove(os.path.join(d, f))

    for src, prefix in ((os.path.join(args.root, "corpus", "seeds"), "seed_"),
                        (os.path.join(args.root, "tests", "SelfTest"), "selftest_")):
        for f in sorted(os.listdir(src)):
            if f.endswith(".mlir"):
                shutil.copy(os.path.join(src, f), os.path.join(parse_dir, prefix + f))
    with tempfile.TemporaryDirectory() as tmp:
        for i, preset in enumerate(PRESETS):
            out = os.path.join(tmp, preset)
            policy = os.path.join(tmp, preset + ".json")
            with open(policy, "w") as f:
                json.dump({"base": preset, "maxStmts": SMALL_STMTS}, f)
            # Candidates in seed order; the first small enough are kept.
            seed = 100 + i * 10
            subprocess.run([args.tile_gen, "--seed", str(seed), "--count", "10",
                            "--policy", policy, "-o", out], check=True,
                           stdout=subprocess.DEVNULL)
            kept = 0
            for s in sorted(os.listdir(out), key=int):
                src = os.path.join(out, s, "program.mlir")
                if kept < GEN_PER_PRESET and os.path.getsize(src) <= GEN_MAX_BYTES:
                    shutil.copy(src, os.path.join(parse_dir, f"gen_{preset}_{s}.mlir"))
                    kept += 1

    for pi, preset in enumerate(PRESETS):
        for k, (opt, target) in enumerate([(0, 2), (2, 1), (3, 0)]):
            name = f"seeded-{preset}-O{opt}-{TARGETS[target]}"
            with open(os.path.join(diff_dir, name), "wb") as f:
                f.write(diff_input(opt, target, preset, seed=1 + pi * 3 + k))
    with open(os.path.join(diff_dir, "replay-zeros-O2-sm100"), "wb") as f:
        f.write(diff_input(2, 2, "full", choices=[0] * 16))
    with open(os.path.join(diff_dir, "replay-count-O3-sm90"), "wb") as f:
        f.write(diff_input(3, 1, "full", choices=[i * 2654435761 % 2**32 for i in range(48)]))
    for name, *fields in INTERP_SEEDS:
        with open(os.path.join(interp_dir, name), "wb") as f:
            f.write(interp_input(*fields))
    for name, data in sched_inputs().items():
        with open(os.path.join(sched_dir, name), "wb") as f:
            f.write(data)
    print(f"parse: {len(os.listdir(parse_dir))} files, diff: {len(os.listdir(diff_dir))} files, "
          f"interp: {len(os.listdir(interp_dir))} files, sched: {len(os.listdir(sched_dir))} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
