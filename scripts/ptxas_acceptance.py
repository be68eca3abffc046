#!/usr/bin/env python3
"""How many programs the backend compiles to a cubin that ptxas accepts.

For the seed kernels and N generated programs per preset, per target and
opt-level: `tilec -O<o> --gpu-name <target> --emit cubin`. Each compile ends
in one of: ok (ptxas accepted the PTX), unsupported (the backend names an
op it does not lower yet, or an earlier stage refuses the target),
rejected (ptxas said no: exit 1 with a PTX error; a backend bug), crash
(tilec or ptxas died), error (any other compile error). Prints a Markdown
table per (target, opt-level) and the most frequent reasons; with
--fail-on-rejection, exits 1 when any rejection, crash or other error was
seen, ptxas missing included (the CI sample runs so).

Usage: ptxas_acceptance.py --bin build/bin [--count 50] [--seed 1]
           [--targets sm_80,sm_90,sm_100,sm_120] [--opt-levels 0,1,2,3]
           [--presets ints,floats] [--no-seeds] [--fail-on-rejection]
           [--jobs 2] [--keep DIR]
"""
import argparse
import collections
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

PRESETS = ["ints", "floats-exact", "floats", "memory", "control", "mma", "full", "pipeline"]
UNSUPPORTED = re.compile(r"the LLVM backend does not lower '([^']+)' yet")
ERROR = re.compile(r"error: (.*)")


def classify(rc, stderr):
    """(outcome, reason) of one tilec run."""
    if rc == 0:
        return "ok", ""
    if rc < 0 or rc > 128:
        return "crash", "tilec died with signal %d" % (-rc if rc < 0 else rc - 128)
    m = UNSUPPORTED.search(stderr)
    if m:
        return "unsupported", "not lowered: " + m.group(1)
    if "ptxas rejected" in stderr:
        detail = [l for l in stderr.splitlines() if "ptxas" in l and "error" in l]
        return "rejected", (detail[0] if detail else "ptxas rejected")[:160]
    if "ptxas crashed" in stderr or "ptxas timed out" in stderr:
        return "crash", "ptxas crashed or timed out"
    if "not supported by compute capability" in stderr:
        return "unsupported", "target refuses: " + ERROR.search(stderr).group(1)[:100]
    m = ERROR.search(stderr)
    return "error", (m.group(1) if m else stderr.strip()[:160])[:160]


def compile_one(tilec, path, target, opt, keep):
    out = os.path.join(keep, "%s.O%d.%s.cubin" % (os.path.basename(os.path.dirname(path)) + "_" +
                                                 os.path.basename(path), opt, target)) if keep else os.devnull
    proc = subprocess.run([tilec, "-O%d" % opt, "--gpu-name", target, "--emit", "cubin",
                           path, "-o", out], capture_output=True, text=True, timeout=600)
    return classify(proc.returncode, proc.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--targets", default="sm_80,sm_90,sm_100,sm_120")
    ap.add_argument("--opt-levels", default="0,1,2,3")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--no-seeds", action="store_true")
    ap.add_argument("--fail-on-rejection", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="write the cubins here")
    args = ap.parse_args()

    tilec = os.path.join(args.bin, "tilec")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    programs = []  # (group, path)
    if not args.no_seeds:
        programs += [("seeds", p) for p in sorted(glob.glob(os.path.join(root, "corpus", "seeds", "*.mlir")))]
    work = tempfile.mkdtemp(prefix="ptxas-acceptance-")
    presets = [p for p in args.presets.split(",") if p] if args.count > 0 else []
    for preset in presets:
        out = os.path.join(work, preset)
        subprocess.run([os.path.join(args.bin, "tile-gen"), "--policy", preset, "--count", str(args.count),
                        "--seed", str(args.seed), "-o", out], check=True, capture_output=True)
        programs += [(preset, p) for p in sorted(glob.glob(os.path.join(out, "*", "program.mlir")))]
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)

    targets = args.targets.split(",")
    opts = [int(o) for o in args.opt_levels.split(",")]
    jobs = [(g, p, t, o) for (g, p) in programs for t in targets for o in opts]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(compile_one, tilec, p, t, o, args.keep): (g, p, t, o) for (g, p, t, o) in jobs}
        for f in concurrent.futures.as_completed(futures):
            results[futures[f]] = f.result()

    outcomes = ["ok", "unsupported", "rejected", "crash", "error"]
    print("%d programs (%s), %d compiles\n" % (len(programs), ", ".join(
        "%s %d" % (g, n) for g, n in collections.Counter(g for g, _ in programs).items()), len(jobs)))
    print("| target | opt | " + " | ".join(outcomes) + " | accepted of lowered |")
    print("|---|---|" + "---|" * (len(outcomes) + 1))
    for t in targets:
        for o in opts:
            c = collections.Counter(r[0] for (g, p, tt, oo), r in results.items() if tt == t and oo == o)
            lowered = c["ok"] + c["rejected"] + c["crash"] + c["error"]
            share = "%.1f%%" % (100.0 * c["ok"] / lowered) if lowered else "-"
            print("| %s | O%d | " % (t, o) + " | ".join(str(c[x]) for x in outcomes) + " | %s |" % share)
    print("\nPer group (all targets and levels): ok / compiles")
    for g in dict.fromkeys(g for g, _ in programs):
        c = collections.Counter(r[0] for (gg, p, t, o), r in results.items() if gg == g)
        print("- %s: %d / %d" % (g, c["ok"], sum(c.values())))
    reasons = collections.Counter((r[0], r[1]) for r in results.values() if r[0] != "ok")
    if reasons:
        print("\nReasons (outcome: reason, compiles):")
        for (outcome, reason), n in reasons.most_common(25):
            print("- %s: %s, %d" % (outcome, reason, n))
    bad = [(k, r) for k, r in results.items() if r[0] in ("rejected", "crash", "error")]
    for (g, p, t, o), r in sorted(bad)[:10]:
        print("  e.g. %s -O%d --gpu-name %s: %s" % (p, o, t, r[1]), file=sys.stderr)
    if args.fail_on_rejection and any(r[0] in ("rejected", "crash", "error") for r in results.values()):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
