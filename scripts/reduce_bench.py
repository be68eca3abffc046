#!/usr/bin/env python3
"""Reduction benchmark for tile-reduce: ratio and time over generated programs.

Generates programs with tile-gen, gives each one an interestingness test
written as a shell script (tile-reduce's --test), runs tile-reduce and
reports, per program and overall, the ops before and after, the ratio, the
time and the candidates tried. Two kinds of tests stand in for findings
until injected bugs exist:

  op      the program still contains op X (the rarest "interesting" op of
          the original) and tile-run exits 0
  value   tile-run exits 0 and output buffer argK still contains the value
          V (a non-zero value of the original run's output)

and two on tile-diff findings caused by its test-only fault hook
(TILECHECK_TEST_CHILD_FAULT, --fault, which only a test-hook build reads:
-DTILECHECK_TEST_HOOKS=ON, as build-asan/ is; programs without a finding are
skipped):

  signature  tile-diff's signature stays the same (--tile-diff)
  culprit    tile-diff still reports the same kind at the same culprit pass

Usage:
  reduce_bench.py --bin build/bin [--count 20] [--seed 1] [--policy full]
                  [--kind op|value|both|signature|culprit] [--fault F]
                  [--config C] [--time-limit 120] [--json OUT]
Exit status: 0 when every reduction ran, 1 otherwise.
"""

import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

import numpy as np

# Ops a reducer should be able to isolate: arithmetic with edge cases,
# conversions, combiners, memory ops, in order of preference (rarer first
# is decided per program).
CANDIDATE_OPS = [
    "divi", "remi", "shri", "shli", "mulhii", "ftoi", "itof", "exti",
    "trunci", "bitcast", "reduce", "scan", "mmaf", "mmai", "atomic_rmw_tko",
    "atomic_cas_tko", "cat", "permute", "extract", "select", "maxi", "mini",
    "divf", "fma", "exp", "cmpf", "cmpi", "muli", "addf", "addi",
]

SUMMARY = re.compile(
    r"reduced (\d+) ops to (\d+) ops \(([\d.]+)%\) in ([\d.]+) s, "
    r"(\d+) candidates tried")


CHECKER = """import json, struct, sys
args = json.load(open("manifest.json"))["args"]
if {arg!r} not in args:
    sys.exit(1)
data = open("out/arg%d.npy" % args.index({arg!r}), "rb").read()
hlen = struct.unpack("<H", data[8:10])[0]
fmt = {{"<i4": "i", "<i8": "q", "<i2": "h", "|i1": "b", "<f4": "f",
        "<f8": "d", "<f2": "e", "<u4": "I", "<u8": "Q", "<u2": "H", "|u1": "B",
        "|b1": "?"}}[{descr!r}]
body = data[10 + hlen:]
n = len(body) // struct.calcsize(fmt)
vals = struct.unpack("<%d%s" % (n, fmt), body[:n * struct.calcsize(fmt)])
sys.exit(0 if {value!r} in vals else 1)
"""


def op_counts(program):
    counts = {}
    for op in CANDIDATE_OPS:
        counts[op] = len(re.findall(r"(?:= |^\s*)" + op + r"\b", program,
                                    re.M))
    return counts


def make_op_test(case_dir, program, bindir):
    counts = op_counts(program)
    present = [op for op in CANDIDATE_OPS if counts[op] > 0]
    if not present:
        return None
    op = min(present, key=lambda o: (counts[o], CANDIDATE_OPS.index(o)))
    script = os.path.join(case_dir, "interesting.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n")
        f.write(f"grep -qE '(= |^ *){op}\\b' program.mlir || exit 1\n")
        f.write(f"{shlex.quote(os.path.join(bindir, 'tile-run'))} "
                "--manifest manifest.json >/dev/null 2>&1\n")
    os.chmod(script, 0o755)
    return f"contains {op}", ["--test", script]


def make_value_test(case_dir, manifest, bindir):
    out = os.path.join(case_dir, "orig-out")
    run = subprocess.run([os.path.join(bindir, "tile-run"), "--manifest",
                          os.path.join(case_dir, "manifest.json"),
                          "--out-dir", out], capture_output=True)
    if run.returncode != 0:
        return None
    # The first written output buffer with a non-zero finite element (NaN
    # never compares equal, and its literal is no Python).
    for i, arg in enumerate(manifest["args"]):
        if not arg.startswith("zeros:"):
            continue
        path = os.path.join(out, f"arg{i}.npy")
        if not os.path.exists(path):
            continue
        data = np.load(path).ravel()
        nz = data[data != 0]
        if nz.dtype.kind == "f":
            nz = nz[np.isfinite(nz)]
        if nz.size == 0:
            continue
        value = nz[0].item()
        # One Python process per candidate, without numpy (its import
        # would dominate the test's time): find the buffer by its manifest
        # text (arguments before it may have been dropped), read the .npy.
        checker = os.path.join(case_dir, "check_value.py")
        with open(checker, "w") as f:
            f.write(CHECKER.format(arg=arg, value=value,
                                   descr=np.load(path).dtype.str))
        script = os.path.join(case_dir, "interesting.sh")
        with open(script, "w") as f:
            f.write("#!/bin/sh\nrm -rf out\n")
            f.write(f"{shlex.quote(os.path.join(bindir, 'tile-run'))} "
                    "--manifest manifest.json --out-dir out >/dev/null 2>&1 "
                    "|| exit 1\n")
            f.write(f"exec {shlex.quote(sys.executable)} -S -E "
                    f"{shlex.quote(checker)}\n")
        os.chmod(script, 0o755)
        return f"arg{i} contains {value}", ["--test", script]
    return None


FINDING = re.compile(r"^finding: (\S+) \S+ .* culprit=(\S+) ", re.M)


def make_diff_test(case_dir, bindir, kind, config, timeout_ms):
    """A finding of tile-diff (under the fault in TILECHECK_TEST_CHILD_FAULT):
    'signature' keeps tile-diff's signature (--tile-diff), 'culprit' keeps
    the finding's kind and culprit pass (a --test on tile-diff's output)."""
    tile_diff = os.path.join(bindir, "tile-diff")
    run = subprocess.run([tile_diff, "--manifest",
                          os.path.join(case_dir, "manifest.json"),
                          "--only-config", config,
                          f"--timeout-ms={timeout_ms}"],
                         capture_output=True, text=True)
    m = FINDING.search(run.stdout)
    if not m:
        return None
    found, culprit = m.group(1), m.group(2)
    if kind == "signature":
        return (f"signature of {found} at {culprit}",
                ["--tile-diff", tile_diff, "--config", config,
                 f"--tile-diff-arg=--timeout-ms={timeout_ms}"])
    script = os.path.join(case_dir, "interesting-culprit.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n")
        f.write(f"{shlex.quote(tile_diff)} --manifest manifest.json "
                f"--timeout-ms={timeout_ms} --only-config "
                "\"${TILE_REDUCE_CONFIG:-sm_100}\" | "
                f"grep -q '^finding: {found} .* culprit={culprit} '\n")
    os.chmod(script, 0o755)
    return (f"{found} at {culprit}",
            ["--test", script, "--test-uses-config", "--config", config])


def reduce_one(bindir, case_dir, test_args, time_limit):
    out_dir = os.path.join(case_dir, "reduced")
    cmd = [os.path.join(bindir, "tile-reduce"),
           os.path.join(case_dir, "manifest.json"), "-o", out_dir] + test_args
    if time_limit:
        cmd += ["--time-limit", str(time_limit)]
    run = subprocess.run(cmd, capture_output=True, text=True)
    m = SUMMARY.search(run.stdout)
    if run.returncode != 0 or not m:
        return {"error": (run.stderr or run.stdout).strip()[-500:]}
    return {"ops_before": int(m.group(1)), "ops_after": int(m.group(2)),
            "percent": float(m.group(3)), "seconds": float(m.group(4)),
            "candidates": int(m.group(5))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="build/bin directory")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="full")
    parser.add_argument("--kind", default="op",
                        choices=["op", "value", "both", "signature",
                                 "culprit"])
    parser.add_argument("--fault",
                        default="miscompile@convert-cuda-tile-to-tileaa",
                        help="TILECHECK_TEST_CHILD_FAULT for the signature "
                             "and culprit kinds (tile-diff's test hook)")
    parser.add_argument("--timeout-ms", type=int, default=3000,
                        help="tile-diff's per-configuration time limit "
                             "(its hang findings cost this per candidate)")
    parser.add_argument("--config", default="sm_100,O2",
                        help="tile-diff configuration of the findings")
    parser.add_argument("--time-limit", type=float, default=0)
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--work", help="keep the cases in this directory")
    args = parser.parse_args()
    bindir = os.path.abspath(args.bin)

    work = args.work or tempfile.mkdtemp(prefix="reduce-bench-")
    gen = os.path.join(work, "gen")
    subprocess.run([os.path.join(bindir, "tile-gen"), "--seed",
                    str(args.seed), "--count", str(args.count), "--policy",
                    args.policy, "-o", gen], check=True,
                   capture_output=True)
    kinds = ["op", "value"] if args.kind == "both" else [args.kind]
    if args.kind in ("signature", "culprit"):
        os.environ["TILECHECK_TEST_CHILD_FAULT"] = args.fault
    results = []
    for seed in range(args.seed, args.seed + args.count):
        case_dir = os.path.join(gen, str(seed))
        with open(os.path.join(case_dir, "program.mlir")) as f:
            program = f.read()
        with open(os.path.join(case_dir, "manifest.json")) as f:
            manifest = json.load(f)
        for kind in kinds:
            if kind == "op":
                test = make_op_test(case_dir, program, bindir)
            elif kind == "value":
                test = make_value_test(case_dir, manifest, bindir)
            else:
                test = make_diff_test(case_dir, bindir, kind, args.config,
                                      args.timeout_ms)
            if not test:
                print(f"seed {seed} {kind}: no test applies, skipped")
                continue
            name, test_args = test
            r = reduce_one(bindir, case_dir, test_args, args.time_limit)
            r.update({"seed": seed, "kind": kind, "test": name})
            results.append(r)
            if "error" in r:
                print(f"seed {seed} {kind} ({name}): ERROR {r['error']}")
            else:
                print(f"seed {seed} {kind} ({name}): {r['ops_before']} -> "
                      f"{r['ops_after']} ops ({r['percent']:.1f}%) in "
                      f"{r['seconds']:.1f} s, {r['candidates']} candidates")
            sys.stdout.flush()

    ok = [r for r in results if "error" not in r]
    if ok:
        pct = [r["percent"] for r in ok]
        secs = [r["seconds"] for r in ok]
        print(f"{len(ok)} reductions ({len(results) - len(ok)} errors): "
              f"median {statistics.median(pct):.1f}% of the ops "
              f"(max {max(pct):.1f}%), median {statistics.median(secs):.1f} s "
              f"(max {max(secs):.1f} s); "
              f"{sum(p <= 10 for p in pct)}/{len(ok)} at or under 10%, "
              f"{sum(s <= 60 for s in secs)}/{len(ok)} within 60 s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0 if ok and len(ok) == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
