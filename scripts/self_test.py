#!/usr/bin/env python3
"""Self-test of the differential harness: it must find known miscompiles.

The conversion passes carry a few realistic bugs that stay inert unless the
environment variable TILECHECK_INJECT_BUG names one
(compiler/include/tilecheck/Support/InjectedBugs.h). For each bug this test
takes a small hand-written program that exercises it (tests/SelfTest/) and
requires that

  1. without the bug, the checker passes (every stage agrees with the input);
  2. with TILECHECK_INJECT_BUG=<bug>, the checker fails and names the stage
     (and pass) that the bug lives in as the first that disagrees.

It also requires that an unknown bug name is an error, not a silent no-op.

With --generated it checks instead that the random program generator
reaches the rarer bugs: for each bug of GENERATED, tile-diff over a small
count of generated programs of the matching preset finds nothing without
the bug and, with it, at least one finding, every one blaming the bug's
pass.

The checker is one function, chosen by --checker, that returns a Verdict:
`lowering-diff` runs scripts/lowering_diff.py (stages after each conversion
and each opt level), `tile-diff` runs issue 6's engine over its default
matrix and requires every finding to name the same culprit pass. Another
checker is one more function with the same signature in CHECKERS.

Usage: self_test.py --bin build/bin [--programs tests/SelfTest]
                    [--checker lowering-diff|tile-diff] [--only BUG]
       self_test.py --bin build/bin --generated [--only BUG]
Exit status: 0 every bug found and attributed, 1 otherwise, 2 usage.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

ENV_VAR = "TILECHECK_INJECT_BUG"

# bug -> (program under --programs, first disagreeing stage, culprit pass,
# the checkers that can see it). A backend bug lives below nv_tileas: only
# tile-diff's simt configurations (the CPU SIMT executor running the PTX)
# see it, and they blame `backend` (no stage of lowering_diff.py).
ALL_CHECKERS = ("lowering-diff", "tile-diff")
BUGS = collections.OrderedDict([
    ("ftof-rounding", ("ftof_rounding.mlir", "tileas", "convert-tileaa-to-tileas",
                       ALL_CHECKERS)),
    ("cmpi-signedness", ("cmpi_signedness.mlir", "tileas", "convert-tileaa-to-tileas",
                         ALL_CHECKERS)),
    ("divi-floor", ("divi_floor.mlir", "tileas", "convert-tileaa-to-tileas", ALL_CHECKERS)),
    ("view-dim-map", ("view_dim_map.mlir", "tileaa", "convert-cuda-tile-to-tileaa",
                      ALL_CHECKERS)),
    ("scan-reverse", ("scan_reverse.mlir", "tileaa", "convert-cuda-tile-to-tileaa",
                      ALL_CHECKERS)),
    ("backend-cmpi-signedness", ("cmpi_signedness.mlir", None, "backend", ("tile-diff",))),
])

# bug -> (generator preset, first seed, program count, culprit pass,
# configuration) for --generated: forms the presets weight (generators/lib:
# wRareInt in ints, pDimMap in memory, pDualMma in pipeline). With a
# configuration, tile-diff checks only it (--only-config); without, one
# configuration sampled from the full matrix.
PIPELINED = "sm_100,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=2"
# Four stages: with two, every producer a consumer reads in the same
# iteration sits in the first stage and its consumers in the last, so there
# is no later stage to misplace it in.
PIPELINED4 = "sm_100,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=4"
WARP_SPECIALIZED = "sm_100,O2,v2=1,strategy=warp-specialize,scheduler=cost,order=seed:1"
QUEUED = "sm_100,O2,queues=2,order=seed:2"
SIMT_AUS = "compiler=simt,sm_90,O2,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus"
GENERATED = collections.OrderedDict([
    ("divi-floor", ("ints", 1, 60, "convert-tileaa-to-tileas", None)),
    ("cmpi-signedness", ("ints", 1, 60, "convert-tileaa-to-tileas", None)),
    ("view-dim-map", ("memory", 1, 60, "convert-cuda-tile-to-tileaa", None)),
    # Only loops that are pipelined carry this bug: the pipeline preset's
    # K-loops under the cost-based scheduler.
    ("pipeline-trip-count", ("pipeline", 1, 30, "tileas-unspecialized-pipeline",
                             PIPELINED)),
    ("pipeline-stage", ("pipeline", 1, 30, "tileas-unspecialized-pipeline", PIPELINED4)),
    # The dropped consumer_release deadlocks a materialized loop once its
    # trip count exceeds the pipeline's slots.
    ("pipeline-release", ("pipeline", 1, 30, "tileas-materialize-schedule", WARP_SPECIALIZED)),
    # A consumer that never advances its iterators: the queued-load loops
    # of the pipeline preset wait for position 0 again.
    ("queue-iterator", ("pipeline", 1, 30, "tileas-queue-to-pipeline", QUEUED)),
    # Below nv_tileas: the PTX of one-agent warp specialization, every
    # pipeline position in the first slot, run on the SIMT executor.
    ("backend-pipeline-slot", ("pipeline", 1, 30, "backend", SIMT_AUS)),
])

# What a checker says about one program: passed (no disagreement), the first
# disagreeing stage and its culprit pass (None when unknown), and a message.
Verdict = collections.namedtuple("Verdict", "passed stage culprit message")


def environment(bug):
    env = dict(os.environ)
    env.pop(ENV_VAR, None)
    if bug:
        env[ENV_VAR] = bug
    return env


def check_lowering_diff(bindir, program, bug):
    """The checker today: scripts/lowering_diff.py on one program."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lowering_diff.py")
    proc = subprocess.run([sys.executable, script, "--bin", bindir, "--program", program,
                           "--jobs", "1", "--json", "-"],
                          capture_output=True, text=True, env=environment(bug), timeout=600)
    try:
        record = json.loads(proc.stdout)["programs"][0]
    except (ValueError, KeyError, IndexError):
        return Verdict(False, None, None,
                       f"lowering_diff.py exit {proc.returncode}, no report: "
                       f"{proc.stderr.strip()[-500:]}")
    if record["status"] == "skip":
        # The input itself does not run cleanly: the self-test program is
        # broken, which is neither a pass nor a finding.
        return Verdict(False, None, None, "program not clean: " + record["message"])
    return Verdict(record["status"] == "ok" and proc.returncode == 0, record["stage"],
                   record["pass"], record["message"])


# The stage (lowering_diff.py's name) right after each culprit pass.
PASS_STAGE = {"convert-cuda-tile-to-tileaa": "tileaa",
              "tileaa-assign-atoms": "tileaa+atoms",
              "convert-tileaa-to-tileas": "tileas"}


def check_tile_diff(bindir, program, bug):
    """tile-diff (fuzz/README.md) on one program over its default matrix,
    bit-exact: every finding must name the same culprit pass, and
    tile-reduce must reduce the stored finding keeping its signature."""
    with tempfile.TemporaryDirectory(prefix="self-test-") as findings:
        proc = subprocess.run([os.path.join(bindir, "tile-diff"), program, "--bit-exact",
                               "--findings", findings, "--jobs", "1",
                               # No RLIMIT_AS: ASan's shadow memory needs
                               # far more address space than the default.
                               "--memory-mb", "0"],
                              capture_output=True, text=True, env=environment(bug), timeout=600)
        lines = proc.stdout.splitlines() + proc.stderr.splitlines()
        summary = next((l for l in lines if l.endswith(" buckets") and "programs checked" in l), "")
        if proc.returncode == 0:
            return Verdict(True, None, None, summary)
        if proc.returncode != 1:
            return Verdict(False, None, None,
                           f"tile-diff exit {proc.returncode}: {proc.stderr.strip()[-500:]}")
        culprits = {m.group(1) for m in
                    (re.search(r" culprit=(\S+)", l) for l in lines if l.startswith("finding:")) if m}
        if len(culprits) != 1:
            return Verdict(False, None, "/".join(sorted(culprits)) or None,
                           f"findings blame {sorted(culprits)}: {summary}")
        culprit = culprits.pop()
        first = next(l for l in lines if l.startswith("finding:"))
        # tile-reduce must reduce the finding keeping its signature (it exits
        # 0 only then). The programs here are hand-written and nearly
        # minimal, so it need not remove anything; the reduction figures
        # on generated programs are in reports/reduce_bench.txt.
        dirs = sorted(d for d in os.listdir(findings)
                      if os.path.isfile(os.path.join(findings, d, "manifest.json")))
        if not dirs:
            return Verdict(False, None, None, f"no finding directory stored: {summary}")
        out = os.path.join(findings, "reduced")
        red = subprocess.run([os.path.join(bindir, "tile-reduce"),
                              os.path.join(findings, dirs[0]), "-o", out,
                              "--tile-diff", os.path.join(bindir, "tile-diff")],
                             capture_output=True, text=True, env=environment(bug),
                             timeout=600)
        m = re.search(r"reduced (\d+) ops to (\d+) ops", red.stdout)
        if red.returncode != 0 or not m or int(m.group(2)) > int(m.group(1)):
            return Verdict(False, None, None,
                           f"tile-reduce failed on the finding (exit {red.returncode}): "
                           f"{(red.stdout + red.stderr).strip()[-300:]}")
        return Verdict(False, PASS_STAGE.get(culprit), culprit,
                       f"{first}; tile-reduce: {m.group(0)}")


CHECKERS = {"lowering-diff": check_lowering_diff, "tile-diff": check_tile_diff}


def check_unknown_name(bindir, program):
    """An unknown bug name must make the conversions fail with a message."""
    opt = os.path.join(bindir, "tilec-opt")
    proc = subprocess.run([opt, "--pass-pipeline=builtin.module(convert-cuda-tile-to-tileaa)",
                           program], capture_output=True, text=True,
                          env=environment("no-such-bug"), timeout=120)
    if proc.returncode == 0:
        return False, ("tilec-opt accepted TILECHECK_INJECT_BUG=no-such-bug: is "
                       "this a build without test hooks? The injected bugs exist "
                       "only with -DTILECHECK_TEST_HOOKS=ON (build-asan/)")
    if "names no injected bug" not in proc.stderr:
        return False, f"unexpected diagnostic: {proc.stderr.strip()[:300]}"
    return True, "unknown name rejected"


def check_generated(bindir, bug):
    """tile-diff over generated programs of the bug's preset: no finding
    without the bug, at least one with it, all blaming the bug's pass, and
    tile-reduce shrinks the first finding."""
    preset, seed, count, want_pass, config = GENERATED[bug]
    cmd = [os.path.join(bindir, "tile-diff"), "--generate", "--seed", str(seed),
           "--count", str(count), "--policy", preset, "--jobs", "2", "--memory-mb", "0"]
    cmd += (["--only-config", config] if config
            else ["--matrix", "sample", "--sample-size", "1"])
    where = f"{count} {preset} programs from seed {seed}"
    clean = subprocess.run(cmd, capture_output=True, text=True, env=environment(None),
                           timeout=600)
    if clean.returncode != 0:
        return False, f"without the bug, tile-diff exits {clean.returncode} on {where}"
    with tempfile.TemporaryDirectory(prefix="self-test-") as findings:
        buggy = subprocess.run(cmd + ["--findings", findings], capture_output=True, text=True,
                               env=environment(bug), timeout=600)
        lines = buggy.stdout.splitlines()
        culprits = [m.group(1) for m in
                    (re.search(r" culprit=(\S+)", l) for l in lines if l.startswith("finding:"))
                    if m]
        if buggy.returncode != 1 or not culprits:
            return False, f"no finding in {where} (tile-diff exit {buggy.returncode})"
        if set(culprits) != {want_pass}:
            return False, f"findings in {where} blame {sorted(set(culprits))}, not {want_pass}"
        # tile-reduce must shrink the first stored finding, keeping its
        # signature (it exits 0 only then).
        dirs = sorted(d for d in os.listdir(findings)
                      if os.path.isfile(os.path.join(findings, d, "manifest.json")))
        if not dirs:
            return False, f"no finding directory stored for {where}"
        red = subprocess.run([os.path.join(bindir, "tile-reduce"),
                              os.path.join(findings, dirs[0]), "-o",
                              os.path.join(findings, "reduced"), "--time-limit", "120",
                              "--tile-diff", os.path.join(bindir, "tile-diff")],
                             capture_output=True, text=True, env=environment(bug),
                             timeout=600)
        m = re.search(r"reduced (\d+) ops to (\d+) ops", red.stdout)
        if red.returncode != 0 or not m or int(m.group(2)) >= int(m.group(1)):
            return False, (f"tile-reduce did not shrink {dirs[0]} (exit {red.returncode}): "
                           f"{(red.stdout + red.stderr).strip()[-300:]}")
    return True, (f"{len(culprits)} finding(s) in {where}, culprit {want_pass}; "
                  f"tile-reduce {m.group(0)}")


def main_generated(args):
    failures = 0
    for bug in GENERATED:
        if args.only and bug not in args.only:
            continue
        ok, msg = check_generated(args.bin, bug)
        print(f"{'ok  ' if ok else 'FAIL'} {bug}: {msg}")
        failures += 0 if ok else 1
    print(f"self-test (generated): {failures} failure(s)")
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="tool directory (tilec, tilec-opt, tile-run)")
    ap.add_argument("--programs", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "tests", "SelfTest"))
    ap.add_argument("--checker", choices=sorted(CHECKERS), default="lowering-diff")
    ap.add_argument("--only", action="append",
                    choices=list(dict.fromkeys(list(BUGS) + list(GENERATED))),
                    help="check only this bug (repeatable)")
    ap.add_argument("--generated", action="store_true",
                    help="find the bugs of GENERATED in generated programs instead")
    args = ap.parse_args()
    if args.generated:
        return main_generated(args)
    check = CHECKERS[args.checker]

    failures = 0
    for bug, (program, want_stage, want_pass, checkers) in BUGS.items():
        if args.only and bug not in args.only:
            continue
        if args.checker not in checkers:
            continue
        path = os.path.join(args.programs, program)
        clean = check(args.bin, path, None)
        if not clean.passed:
            failures += 1
            print(f"FAIL {bug}: without the bug, {program} does not pass: "
                  f"{clean.stage}: {clean.message}")
            continue
        buggy = check(args.bin, path, bug)
        if buggy.passed:
            failures += 1
            print(f"FAIL {bug}: the checker does not find it in {program}")
        elif (buggy.stage, buggy.culprit) != (want_stage, want_pass):
            failures += 1
            print(f"FAIL {bug}: blamed stage {buggy.stage} (pass {buggy.culprit}) "
                  f"instead of {want_stage} ({want_pass}): {buggy.message}")
        else:
            print(f"ok   {bug}: found at stage {buggy.stage} ({buggy.culprit}): "
                  f"{buggy.message}")

    ok, msg = check_unknown_name(args.bin, os.path.join(args.programs, BUGS[next(iter(BUGS))][0]))
    print(f"{'ok  ' if ok else 'FAIL'} unknown bug name: {msg}")
    failures += 0 if ok else 1
    print(f"self-test: {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
