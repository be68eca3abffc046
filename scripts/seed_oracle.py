#!/usr/bin/env python3
"""Run every seed kernel on the reference interpreter and check its outputs.

Each seed's header (corpus/seeds/README.md) names its entry, grid and
arguments. This script generates deterministic inputs, runs `tile-run`, and
compares every output buffer with a NumPy implementation of the kernel
written here, independently of the interpreter. Integer kernels and kernels
whose float inputs make every operation exact are compared bit for bit;
kernels using exp/rsqrt/divide are compared with a relative tolerance.

Usage: seed_oracle.py --tile-run build/bin/tile-run [--seeds corpus/seeds] [-v]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

DTYPES = {"f32": np.float32, "f16": np.float16, "i32": np.int32,
          "i8": np.int8, "i64": np.int64, "f64": np.float64}


def parse_header(path):
    entry, grid, args = None, None, []
    with open(path) as f:
        for line in f:
            m = re.match(r"//\s*tilecheck:\s*entry=@(\w+)\s+grid=([\d,]+)", line)
            if m:
                entry, grid = m.group(1), [int(x) for x in m.group(2).split(",")]
                continue
            m = re.match(r"//\s*tilecheck:\s*arg(\d+)\s*=\s*buffer\s+(\w+)\[([\dx]+)\]\s+(\w+)", line)
            if m:
                shape = tuple(int(d) for d in m.group(3).split("x"))
                args.append(("buffer", m.group(2), shape, m.group(4)))
                continue
            m = re.match(r"//\s*tilecheck:\s*arg(\d+)\s*=\s*scalar\s+(\w+)\s+(\S+)", line)
            if m:
                args.append(("scalar", m.group(2), m.group(3), None))
    return entry, grid, args


def make_input(rng, dtype, shape):
    """Small dyadic values: sums and products stay exact in f32."""
    if dtype in ("f32", "f16", "f64"):
        return (rng.integers(-8, 9, size=shape) / 4.0).astype(DTYPES[dtype])
    if dtype == "i8":
        return rng.integers(-128, 128, size=shape).astype(np.int8)
    return rng.integers(-1000, 1000, size=shape).astype(DTYPES[dtype])


# --- NumPy references (inputs: list of arrays/scalars in argument order) ----

def ref_vector_add(a, b, c, n):
    return {2: (a + b).astype(np.float32)}


def ref_saxpy(alpha, x, y):
    return {2: (np.float64(alpha) * x.astype(np.float64) + y).astype(np.float32)}


def softmax_rows(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def ref_row_softmax(x, y):
    return {1: softmax_rows(x).astype(np.float32)}


def ref_layernorm(x, gamma, beta, y):
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=1, keepdims=True)
    var = ((x64 - mean) ** 2).mean(axis=1, keepdims=True)
    out = (x64 - mean) / np.sqrt(var + 1e-5) * gamma + beta
    return {3: out.astype(np.float32)}


def ref_gemm(a, b, c):
    return {2: (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)}


def ref_batched_gemm(a, b, c):
    return {2: np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(np.float32)}


def ref_int8_gemm(a, b, c):
    # A is signed, B unsigned (the kernel's mmai says `signed unsigned`).
    return {2: (a.astype(np.int64) @ b.view(np.uint8).astype(np.int64)).astype(np.int32)}


def ref_reduce_sum_max(x, s, m):
    return {1: x.astype(np.int64).sum(axis=1).astype(np.int32), 2: x.max(axis=1)}


def ref_transpose(x, y):
    return {1: np.ascontiguousarray(x.T)}


def ref_attention(q, k, v, o):
    s = q.astype(np.float64) @ k.astype(np.float64).T * (1.0 / np.sqrt(32.0))
    return {3: (softmax_rows(s) @ v.astype(np.float64)).astype(np.float32)}


def ref_collatz(out, start):
    res = []
    for b in range(out.shape[0]):
        n, count = b + int(start), 0
        while n > 1 and count < 1000:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            count += 1
        res.append(count)
    return {0: np.array(res, dtype=np.int32)}


REFERENCES = {
    "vector_add": (ref_vector_add, None),
    "saxpy": (ref_saxpy, None),
    "row_softmax": (ref_row_softmax, (1e-5, 1e-6)),
    # The kernel sums 256 squares serially in f32 (relative error ~1e-5 on
    # the variance), and y = norm*gamma + beta cancels: absolute tolerance.
    "layernorm": (ref_layernorm, (1e-5, 1e-4)),
    "gemm": (ref_gemm, None),
    "batched_gemm": (ref_batched_gemm, None),
    "int8_gemm": (ref_int8_gemm, None),
    "reduce_sum_max": (ref_reduce_sum_max, None),
    "transpose": (ref_transpose, None),
    "attention": (ref_attention, (1e-5, 1e-6)),
    "collatz": (ref_collatz, None),
}


def run_seed(tile_run, path, workdir, verbose):
    entry, grid, specs = parse_header(path)
    if entry not in REFERENCES:
        return False, f"no NumPy reference for entry @{entry}"
    ref, rtol = REFERENCES[entry]
    rng = np.random.default_rng(1234)
    values, cli = [], []
    for i, (kind, dtype, shape, direction) in enumerate(specs):
        if kind == "scalar":
            values.append(DTYPES[dtype](shape))
            cli.append(shape)
            continue
        arr = make_input(rng, dtype, shape) if direction in ("in", "inout") \
            else np.zeros(shape, dtype=DTYPES[dtype])
        values.append(arr)
        fname = os.path.join(workdir, f"in{i}.npy")
        np.save(fname, arr)
        cli.append("@" + fname)
    outdir = os.path.join(workdir, "out")
    cmd = [tile_run, path, "--entry", entry, "--grid", ",".join(map(str, grid)),
           "--out-dir", outdir] + [f"--arg={a}" for a in cli]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return False, f"tile-run exited {proc.returncode}: {proc.stderr.strip()}"
    expected = ref(*values)
    for idx, want in expected.items():
        got = np.load(os.path.join(outdir, f"arg{idx}.npy"))
        if got.shape != want.shape or got.dtype != want.dtype:
            return False, f"arg{idx}: got {got.dtype}{got.shape}, want {want.dtype}{want.shape}"
        if rtol is None:
            bad = np.flatnonzero(got.ravel() != want.ravel())
        else:
            bad = np.flatnonzero(~np.isclose(got.ravel(), want.ravel(), rtol=rtol[0],
                                             atol=rtol[1]))
        if bad.size:
            i = bad[0]
            return False, (f"arg{idx}: {bad.size} of {got.size} elements differ; first at "
                           f"{np.unravel_index(i, got.shape)}: got {got.ravel()[i]!r}, "
                           f"want {want.ravel()[i]!r}")
    mode = "exact" if rtol is None else f"rtol={rtol[0]}, atol={rtol[1]}"
    return True, f"{len(expected)} output(s) match ({mode})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tile-run", required=True)
    ap.add_argument("--seeds", default=os.path.join(os.path.dirname(__file__), "..",
                                                    "corpus", "seeds"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    seeds = sorted(f for f in os.listdir(args.seeds) if f.endswith(".mlir"))
    failed = 0
    for name in seeds:
        with tempfile.TemporaryDirectory() as tmp:
            ok, msg = run_seed(args.tile_run, os.path.join(args.seeds, name), tmp,
                               args.verbose)
        print(f"{'PASS' if ok else 'FAIL'}: {name}: {msg}")
        failed += not ok
    print(f"seed-oracle: {len(seeds) - failed}/{len(seeds)} seed kernels match their "
          f"NumPy reference")
    return 1 if failed or not seeds else 0


if __name__ == "__main__":
    sys.exit(main())
