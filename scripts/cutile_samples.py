#!/usr/bin/env python3
"""Exports sample kernels written in cuTile Python and runs them here.

cuTile Python (pip `cuda-tile`) is a real producer of Tile IR bytecode and
exports it without a GPU. This script holds six small kernels of our own
(vector add, matmul, layernorm, softmax, single-head attention, transpose),
exports each as bytecode, and requires, for each:

  1. read:   `tilec-translate --tileirbc-to-mlir` reads it;
  2. verify: `tilec-opt` verifies it;
  3. run:    `tile-run` executes it on random inputs, and every output
             matches a NumPy computation of the same kernel (floats within
             a relative tolerance: the reduction order differs);
  4. diff:   with `--tile-diff`, tile-diff's default matrix (tilec at O0-O3)
             agrees with the interpreter on it (0 findings).

The exported files are generated in a temporary directory (or --keep DIR),
never committed. One summary line:

    cutile samples: read 6/6, verify 6/6, run 6/6, diff 6/6

Exit codes: 0 all passed, 1 some failed, 77 (ctest's skip) when cuda-tile is
not installed.
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

# The kernels: cuTile reads a kernel's source, so they are written to a file
# and exported by a child Python. Each entry of SAMPLES names the kernel,
# its arrays (name, shape, dtype, role), its constants and its grid.
KERNELS = r'''
import sys
import cuda.tile as ct
import cuda.tile.compilation as c


@ct.kernel
def vadd(a, b, out, T: ct.Constant[int]):
    i = ct.bid(0)
    x = ct.load(a, index=(i,), shape=(T,))
    y = ct.load(b, index=(i,), shape=(T,))
    ct.store(out, index=(i,), tile=x + y)


@ct.kernel
def matmul(A, B, C, TM: ct.Constant[int], TN: ct.Constant[int],
           TK: ct.Constant[int]):
    i = ct.bid(0)
    j = ct.bid(1)
    acc = ct.full((TM, TN), 0.0, ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(TM, TK))):
        a = ct.load(A, index=(i, k), shape=(TM, TK))
        b = ct.load(B, index=(k, j), shape=(TK, TN))
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(i, j), tile=acc)


@ct.kernel
def layernorm(X, W, Bias, Y, TM: ct.Constant[int], N: ct.Constant[int]):
    i = ct.bid(0)
    x = ct.load(X, index=(i, 0), shape=(TM, N))
    w = ct.load(W, index=(0,), shape=(N,))
    b = ct.load(Bias, index=(0,), shape=(N,))
    mean = ct.sum(x, axis=1, keepdims=True) / N
    d = x - mean
    var = ct.sum(d * d, axis=1, keepdims=True) / N
    y = d * ct.rsqrt(var + 1e-5) * ct.reshape(w, (1, N)) + ct.reshape(b, (1, N))
    ct.store(Y, index=(i, 0), tile=y)


@ct.kernel
def softmax(X, Y, TM: ct.Constant[int], N: ct.Constant[int]):
    i = ct.bid(0)
    x = ct.load(X, index=(i, 0), shape=(TM, N))
    e = ct.exp(x - ct.max(x, axis=1, keepdims=True))
    ct.store(Y, index=(i, 0), tile=e / ct.sum(e, axis=1, keepdims=True))


@ct.kernel
def attention(Q, K, V, O, TQ: ct.Constant[int], S: ct.Constant[int],
              D: ct.Constant[int]):
    i = ct.bid(0)
    q = ct.load(Q, index=(i, 0), shape=(TQ, D))
    k = ct.load(K, index=(0, 0), shape=(S, D))
    v = ct.load(V, index=(0, 0), shape=(S, D))
    s = ct.matmul(q, ct.transpose(k)) * 0.125
    p = ct.exp(s - ct.max(s, axis=1, keepdims=True))
    p = p / ct.sum(p, axis=1, keepdims=True)
    ct.store(O, index=(i, 0), tile=ct.matmul(p, v))


@ct.kernel
def transpose(A, B, T: ct.Constant[int]):
    i = ct.bid(0)
    j = ct.bid(1)
    t = ct.load(A, index=(i, j), shape=(T, T))
    ct.store(B, index=(j, i), tile=ct.transpose(t))


def array(ndim):
    return c.ArrayConstraint(ct.float32, ndim, index_dtype=ct.int32,
                             stride_lower_bound_incl=0, alias_groups=[],
                             may_alias_internally=False)


KERNELS = {"vadd": vadd, "matmul": matmul, "layernorm": layernorm,
           "softmax": softmax, "attention": attention, "transpose": transpose}

out_dir, name, version = sys.argv[1], sys.argv[2], sys.argv[3]
ranks = [int(r) for r in sys.argv[4].split(",")]
consts = [int(v) for v in sys.argv[5].split(",")]
cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([array(r) for r in ranks] + consts, calling_convention=cc)
# Architecture-independent bytecode exists from 13.3; older versions are
# exported for a given target (still without a GPU).
gpu_code = None if version >= "13.3" else "sm_100"
c.export_kernel(KERNELS[name], [sig], f"{out_dir}/{name}.tileirbc",
                output_format="tileir_bytecode", gpu_code=gpu_code,
                bytecode_version=version)
'''


def softmax_rows(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layernorm_ref(x, w, b):
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-5) * w + b


# name: (arrays [(shape, role)], constants, grid, reference(inputs) -> outputs)
SAMPLES = {
    "vadd": ([((512,), "in"), ((512,), "in"), ((512,), "out")], [128], (4, 1, 1),
             lambda a, b: [a + b]),
    "matmul": ([((64, 32), "in"), ((32, 64), "in"), ((64, 64), "out")], [32, 32, 16],
               (2, 2, 1), lambda a, b: [a @ b]),
    "layernorm": ([((32, 64), "in"), ((64,), "in"), ((64,), "in"), ((32, 64), "out")],
                  [16, 64], (2, 1, 1), lambda x, w, b: [layernorm_ref(x, w, b)]),
    "softmax": ([((32, 64), "in"), ((32, 64), "out")], [16, 64], (2, 1, 1),
                lambda x: [softmax_rows(x)]),
    "attention": ([((64, 64), "in"), ((32, 64), "in"), ((32, 64), "in"), ((64, 64), "out")],
                  [16, 32, 64], (4, 1, 1),
                  lambda q, k, v: [softmax_rows((q @ k.T) * 0.125) @ v]),
    "transpose": ([((64, 32), "in"), ((32, 64), "out")], [16], (4, 2, 1),
                  lambda a: [a.T.copy()]),
}


def run(cmd, timeout=600, **kw):
    """(exit code, stdout + stderr); 124 and "timeout" when it runs past
    `timeout` seconds."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                           timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return 124, "timeout"
    return p.returncode, p.stdout + p.stderr


def entry_args(arrays, files):
    """tile-run arguments under cuTile's calling convention: each array is
    its base pointer, then its shape, then its strides (in elements)."""
    args = []
    for (shape, _), f in zip(arrays, files):
        args.append(f"--arg=@{f}")
        args += [f"--arg={d}" for d in shape]
        strides = np.cumprod((list(shape[1:]) + [1])[::-1])[::-1]
        args += [f"--arg={int(s)}" for s in strides]
    return args


def export(name, work, version):
    """Exports sample `name` at a bytecode version to work/name.tileirbc:
    (exit code, output) of the child Python. cuTile reads a kernel's
    source, so the kernels are written to work/kernels.py first."""
    script = os.path.join(work, "kernels.py")
    with open(script, "w") as f:
        f.write(KERNELS)
    arrays, consts, _, _ = SAMPLES[name]
    ranks = ",".join(str(len(s)) for s, _ in arrays)
    return run([sys.executable, script, work, name, version, ranks,
                ",".join(map(str, consts))])


def check(name, tools, work, version, tile_diff, verbose):
    """(read, verify, ran, diffed) for one sample, each 0 or 1."""
    arrays, consts, grid, ref = SAMPLES[name]
    code, out = export(name, work, version)
    if code != 0:
        print(f"  {name}: cuTile export failed: {out.strip().splitlines()[-1:]}")
        return 0, 0, 0, 0
    bc = os.path.join(work, f"{name}.tileirbc")
    mlir = os.path.join(work, f"{name}.mlir")
    code, out = run([os.path.join(tools, "tilec-translate"), "--tileirbc-to-mlir", bc, "-o", mlir])
    if code != 0:
        print(f"  {name}: not read: {out.strip().splitlines()[:2]}")
        return 0, 0, 0, 0
    code, out = run([os.path.join(tools, "tilec-opt"), mlir, "-o", os.devnull])
    if code != 0:
        print(f"  {name}: does not verify: {out.strip().splitlines()[:2]}")
        return 1, 0, 0, 0

    rng = np.random.default_rng(sum(map(ord, name)))
    files, inputs = [], []
    for n, (shape, role) in enumerate(arrays):
        f = os.path.join(work, f"{name}.arg{n}.npy")
        a = (rng.standard_normal(shape) if role == "in" else np.zeros(shape)).astype(np.float32)
        np.save(f, a)
        files.append(f)
        if role == "in":
            inputs.append(a.astype(np.float64))
    out_dir = os.path.join(work, f"{name}.out")
    os.makedirs(out_dir, exist_ok=True)
    gridtext = ",".join(map(str, grid))
    args = entry_args(arrays, files)
    code, out = run([os.path.join(tools, "tile-run"), mlir, f"--grid={gridtext}",
                     f"--out-dir={out_dir}"] + args)
    if code != 0:
        print(f"  {name}: tile-run failed (exit {code}): {out.strip().splitlines()[:2]}")
        return 1, 1, 0, 0
    expected = ref(*inputs)
    # tile-run names a buffer after its entry argument: an array's pointer
    # comes after the pointer, shape and strides of the arrays before it.
    first_arg = np.cumsum([0] + [1 + 2 * len(shape) for shape, _ in arrays])
    outs = [first_arg[n] for n, (_, role) in enumerate(arrays) if role == "out"]
    ran = 1
    for n, want in zip(outs, expected):
        got = np.load(os.path.join(out_dir, f"arg{n}.npy")).astype(np.float64)
        if not np.allclose(got, want, rtol=1e-4, atol=1e-5):
            worst = np.unravel_index(np.argmax(np.abs(got - want)), want.shape)
            print(f"  {name}: output arg{n} differs from NumPy at {worst}: "
                  f"{got[worst]} vs {want[worst]}")
            ran = 0
    diffed = 0
    if ran and tile_diff:
        findings = os.path.join(work, f"{name}.findings")
        code, out = run([tile_diff, mlir, f"--grid={gridtext}", "--findings", findings,
                         "--no-tileiras"] + args)
        diffed = int(code == 0)
        if not diffed:
            print(f"  {name}: tile-diff (exit {code}): {out.strip().splitlines()[-2:]}")
    elif not tile_diff:
        diffed = ran
    if verbose and ran:
        print(f"  {name}: ok")
    return 1, 1, ran, diffed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool-dir", required=True,
                        help="directory holding tilec-translate, tilec-opt and tile-run")
    parser.add_argument("--tile-diff", help="also check tilec O0-O3 with this tile-diff")
    parser.add_argument("--bytecode-version", default="13.3")
    parser.add_argument("--keep", help="export into this directory and keep it")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    try:
        import cuda.tile  # noqa: F401
    except ImportError:
        print("cutile samples: skipped (cuda-tile not installed)")
        return 77

    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or tmp
        os.makedirs(work, exist_ok=True)
        totals = [0, 0, 0, 0]
        for name in SAMPLES:
            for i, v in enumerate(check(name, args.tool_dir, work, args.bytecode_version,
                                        args.tile_diff, args.verbose)):
                totals[i] += v
    n = len(SAMPLES)
    parts = [f"read {totals[0]}/{n}", f"verify {totals[1]}/{n}", f"run {totals[2]}/{n}"]
    if args.tile_diff:
        parts.append(f"diff {totals[3]}/{n}")
    print("cutile samples: " + ", ".join(parts))
    return 0 if all(t == n for t in totals) else 1


if __name__ == "__main__":
    sys.exit(main())
