#!/usr/bin/env python3
"""The first differential check: lowering must not change what a program does.

For every program (the seed kernels, and generated programs from tile-gen),
run the reference interpreter on the input and on the module after each
conversion and after each opt level of the driver, and require the same
outputs bit for bit (but any NaN equals any NaN: payloads legitimately
differ) (the interpreter is deterministic and every level's ops
share their numeric kernels, so any difference is a miscompile):

  input                 the cuda_tile program
  tileaa                after convert-cuda-tile-to-tileaa
  tileaa+atoms          after tileaa-assign-atoms
  tileas                after convert-tileaa-to-tileas
  O0..O3/tileaa         tilec -ON --emit tileaa
  O0..O3/tileas         tilec -ON --emit tileas

A program whose input run is not clean (undefined behaviour, error) is a
generator or harness problem and is reported as such, not compared. The first
stage that disagrees is named (the culprit pass).

Usage:
  lowering_diff.py --bin build/bin [--seeds corpus/seeds] [--program FILE]...
                   [--generate N --policy P --seed S] [--jobs J] [-v]
                   [--json OUT]
--program takes one program with a launch header (corpus/seeds/README.md)
or a tile-gen manifest.json. --json writes one record per program (name,
status, stage, pass, message) to OUT ('-' for stdout, then the text report
goes to stderr): `stage` is the first stage that disagrees and `pass` the
pass that produced it (for the conversion stages; null for a driver tier).
Exit status: 0 all agree, 1 a disagreement or a failed stage, 2 usage.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

DTYPES = {"f32": np.float32, "f16": np.float16, "i32": np.int32,
          "i8": np.int8, "i64": np.int64, "f64": np.float64}

GPU = "sm_100"

# (name, how to produce the stage's module from the input file)
def stage_commands(bindir, src, out):
    opt = os.path.join(bindir, "tilec-opt")
    tilec = os.path.join(bindir, "tilec")
    pipe = "builtin.module({})"
    stages = [
        ("tileaa", [opt, "--pass-pipeline=" + pipe.format(
            "convert-cuda-tile-to-tileaa"), src, "-o", out]),
        ("tileaa+atoms", [opt, "--pass-pipeline=" + pipe.format(
            "convert-cuda-tile-to-tileaa,tileaa-assign-atoms"), src, "-o", out]),
        ("tileas", [opt, "--pass-pipeline=" + pipe.format(
            "convert-cuda-tile-to-tileaa,tileaa-assign-atoms,"
            f"convert-tileaa-to-tileas{{compute-capability={GPU}}}"), src,
            "-o", out]),
    ]
    for level in range(4):
        for emit in ("tileaa", "tileas"):
            stages.append((f"O{level}/{emit}",
                           [tilec, f"-O{level}", "--emit", emit,
                            "--gpu-name", GPU, src, "-o", out]))
    return stages


# The culprit pass of each single-pass stage: the pass that the stage adds
# to the one before it.
STAGE_PASS = {
    "tileaa": "convert-cuda-tile-to-tileaa",
    "tileaa+atoms": "tileaa-assign-atoms",
    "tileas": "convert-tileaa-to-tileas",
}


def parse_seed_header(path, workdir):
    """Entry, grid and tile-run arguments from a seed's launch header."""
    entry, grid, cli = None, None, []
    rng = np.random.default_rng(1234)
    with open(path) as f:
        for line in f:
            m = re.match(r"//\s*tilecheck:\s*entry=@(\w+)\s+grid=([\d,]+)", line)
            if m:
                entry, grid = m.group(1), m.group(2)
                continue
            m = re.match(r"//\s*tilecheck:\s*arg(\d+)\s*=\s*buffer\s+(\w+)\[([\dx]+)\]\s+(\w+)", line)
            if m:
                idx, dtype, direction = int(m.group(1)), m.group(2), m.group(4)
                shape = tuple(int(d) for d in m.group(3).split("x"))
                if direction in ("in", "inout"):
                    if dtype.startswith("f"):
                        arr = (rng.integers(-8, 9, size=shape) / 4.0).astype(DTYPES[dtype])
                    else:
                        info = np.iinfo(DTYPES[dtype])
                        lo, hi = max(info.min, -1000), min(info.max, 1000)
                        arr = rng.integers(lo, hi, size=shape).astype(DTYPES[dtype])
                    fname = os.path.join(workdir, f"in{idx}.npy")
                    np.save(fname, arr)
                    cli.append("@" + fname)
                else:
                    cli.append(f"zeros:{dtype}:{'x'.join(map(str, shape))}")
                continue
            m = re.match(r"//\s*tilecheck:\s*arg(\d+)\s*=\s*scalar\s+(\w+)\s+(\S+)", line)
            if m:
                cli.append(m.group(3))
    if entry is None:
        return None
    return entry, grid, cli


def parse_manifest(path):
    with open(path) as f:
        m = json.load(f)
    base = os.path.dirname(path)
    cli = [("@" + os.path.join(base, a[1:])) if a.startswith("@") else a
           for a in m["args"]]
    return m["entry"], ",".join(map(str, m["grid"])), cli


def run_interp(bindir, module, entry, grid, cli, outdir):
    os.makedirs(outdir, exist_ok=True)
    cmd = [os.path.join(bindir, "tile-run"), module, "--entry", entry,
           "--grid", grid, "--out-dir", outdir] + [f"--arg={a}" for a in cli]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    outputs = {}
    for name in sorted(os.listdir(outdir)):
        if name.endswith(".npy"):
            with open(os.path.join(outdir, name), "rb") as f:
                outputs[name] = f.read()
    return proc.returncode, proc.stdout, proc.stderr.strip(), outputs


def nan_payloads_only(ref_dir, got_dir, name):
    """True when two float buffers differ only in NaN payloads or signs:
    any NaN equals any NaN (the written comparison policy, oracle/Compare.h;
    APFloat folds to 0x7fc00000 where x86 computes 0xffc00000)."""
    a = np.load(os.path.join(ref_dir, name))
    b = np.load(os.path.join(got_dir, name))
    if a.shape != b.shape or a.dtype != b.dtype or a.dtype.kind != "f":
        return False
    bits = f"u{a.dtype.itemsize}"
    same_bits = a.view(bits) == b.view(bits)
    both_nan = np.isnan(a) & np.isnan(b)
    return bool(np.all(same_bits | both_nan))


def first_difference(ref_dir, got_dir, name):
    a = np.load(os.path.join(ref_dir, name))
    b = np.load(os.path.join(got_dir, name))
    if a.shape != b.shape or a.dtype != b.dtype:
        return f"{name}: {b.dtype}{b.shape} instead of {a.dtype}{a.shape}"
    ua = a.view(np.uint8).reshape(a.size, -1) if a.size else a
    ub = b.view(np.uint8).reshape(b.size, -1) if b.size else b
    bad = np.flatnonzero((ua != ub).any(axis=1)) if a.size else []
    if len(bad) == 0:
        return f"{name}: bytes differ"
    i = bad[0]
    return (f"{name}: {len(bad)} of {a.size} elements differ; first at "
            f"{np.unravel_index(i, a.shape)}: {b.ravel()[i]!r} instead of "
            f"{a.ravel()[i]!r}")


def check_program(bindir, name, src, launch, workdir, verbose):
    """Returns (status, message, stage): status is 'ok', 'skip' or 'fail';
    stage is the first stage that failed or disagreed (None otherwise)."""
    entry, grid, cli = launch
    ref_dir = os.path.join(workdir, "ref")
    rc, ref_stdout, err, ref = run_interp(bindir, src, entry, grid, cli, ref_dir)
    if rc not in (0, 4):
        return "skip", f"input does not run cleanly (tile-run {rc}: {err.splitlines()[-1] if err else ''})", None
    lines = []
    for stage, cmd in stage_commands(bindir, src, os.path.join(workdir, "stage.mlir")):
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            diag = proc.stderr.strip().splitlines()
            return "fail", f"{stage}: compilation failed: {diag[0] if diag else proc.returncode}", stage
        out_dir = os.path.join(workdir, "out-" + stage.replace("/", "-"))
        rc2, stdout2, err2, got = run_interp(bindir, os.path.join(workdir, "stage.mlir"),
                                             entry, grid, cli, out_dir)
        if rc2 != rc:
            return "fail", (f"{stage}: tile-run exit {rc2} instead of {rc}"
                            f"{': ' + err2.splitlines()[-1] if err2 else ''}"), stage
        if stdout2 != ref_stdout:
            return "fail", f"{stage}: printed output differs", stage
        for out_name, data in ref.items():
            if got.get(out_name) != data and not nan_payloads_only(
                    ref_dir, out_dir, out_name):
                return "fail", f"{stage}: " + first_difference(ref_dir, out_dir, out_name), stage
        lines.append(stage)
    return "ok", f"{len(lines)} stages agree with the input", None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="tool directory (tile-run, tilec, tilec-opt, tile-gen)")
    ap.add_argument("--seeds", help="directory of seed kernels with launch headers")
    ap.add_argument("--program", action="append", default=[],
                    help="one program with a launch header, or a manifest.json "
                         "(repeatable)")
    ap.add_argument("--json", help="write a JSON report here ('-': stdout)")
    ap.add_argument("--generate", type=int, default=0, help="also check N generated programs")
    ap.add_argument("--policy", default="full", help="generator preset(s), comma-separated")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", help="copy failing programs here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if not args.seeds and not args.generate and not args.program:
        ap.error("nothing to check: give --seeds, --program and/or --generate")
    # With the JSON report on stdout, the text report goes to stderr.
    report = sys.stderr if args.json == "-" else sys.stdout

    with tempfile.TemporaryDirectory(prefix="lowering-diff-") as tmp:
        work = []  # (name, src, launch, workdir)
        if args.seeds:
            for f in sorted(os.listdir(args.seeds)):
                if not f.endswith(".mlir"):
                    continue
                wd = os.path.join(tmp, "seed-" + f[:-5])
                os.makedirs(wd)
                launch = parse_seed_header(os.path.join(args.seeds, f), wd)
                if launch:
                    work.append((f"seed {f}", os.path.join(args.seeds, f), launch, wd))
        for i, path in enumerate(args.program):
            wd = os.path.join(tmp, f"program-{i}")
            os.makedirs(wd)
            if path.endswith(".json"):
                manifest = parse_manifest(path)
                with open(path) as f:
                    src = os.path.join(os.path.dirname(path), json.load(f)["program"])
                work.append((f"program {path}", src, manifest, wd))
                continue
            launch = parse_seed_header(path, wd)
            if not launch:
                print(f"{path}: no '// tilecheck: entry=...' launch header", file=sys.stderr)
                return 2
            work.append((f"program {path}", path, launch, wd))
        for policy in (args.policy.split(",") if args.generate else []):
            gen_dir = os.path.join(tmp, "gen-" + policy)
            proc = subprocess.run([os.path.join(args.bin, "tile-gen"), "--seed", str(args.seed),
                                   "--count", str(args.generate), "--policy", policy,
                                   "-o", gen_dir], capture_output=True, text=True)
            if proc.returncode != 0:
                print(f"tile-gen failed: {proc.stderr.strip()}", file=sys.stderr)
                return 2
            for s in sorted(os.listdir(gen_dir), key=int):
                d = os.path.join(gen_dir, s)
                wd = os.path.join(tmp, f"prog-{policy}-{s}")
                os.makedirs(wd)
                work.append((f"{policy} seed {s}", os.path.join(d, "program.mlir"),
                             parse_manifest(os.path.join(d, "manifest.json")), wd))

        counts = {"ok": 0, "skip": 0, "fail": 0}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {pool.submit(check_program, args.bin, n, src, launch, wd, args.verbose):
                       (n, src) for n, src, launch, wd in work}
            results = []
            for fut in concurrent.futures.as_completed(futures):
                name, src = futures[fut]
                try:
                    status, msg, stage = fut.result()
                except Exception as e:  # a harness error is a failure too
                    status, msg, stage = "fail", f"harness error: {e}", None
                results.append((name, src, status, msg, stage))
        records = []
        for name, src, status, msg, stage in sorted(results):
            counts[status] += 1
            records.append({"name": name, "program": src, "status": status,
                            "stage": stage, "pass": STAGE_PASS.get(stage),
                            "message": msg})
            if status != "ok" or args.verbose:
                print(f"{status.upper():4} {name}: {msg}", file=report)
            if status == "fail" and args.keep:
                os.makedirs(args.keep, exist_ok=True)
                shutil.copy(src, os.path.join(args.keep, name.replace(" ", "_").replace("/", "_") + ".mlir"))
        print(f"lowering-diff: {counts['ok']} programs agree at every stage, "
              f"{counts['fail']} disagree or fail, {counts['skip']} skipped "
              f"(input not clean)", file=report)
        if args.json:
            text = json.dumps({"programs": records, "counts": counts}, indent=1)
            if args.json == "-":
                print(text)
            else:
                with open(args.json, "w") as f:
                    f.write(text + "\n")
        return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
