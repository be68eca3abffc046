#!/usr/bin/env python3
"""Reduce a GPU finding with the GPU on another machine: one round a call.

A wrong result that only a GPU shows (tileiras's cubins, `gpu-tileiras`)
cannot be reduced on a machine without one, and the GPU machine has no
toolchain: it can only run launch bundles (oracle/docs/Gpu.md). So the
reduction goes in rounds, each asking the GPU about many candidates at
once:

  prepare R --case CASE --config C [--union-from PREV]
      `tile-reduce --candidates` writes the candidates of every reduction
      pass at every chunk level of delta debugging, made from CASE (those
      that verify and run cleanly on the interpreter); each one, and CASE,
      is checked with `tile-diff --only-config C` recording its launches
      (TILECHECK_GPU_LAUNCH=record:R/bundles), which R/to-gpu carries
      packed (scripts/gpu_bundles.py) with what runs them. With
      --union-from, the previous round's interesting chunks of each pass, all together (and
      each half of them), applied to its input, are candidates too: many
      chunks of a big program can go at once; and so is the chain of the
      passes whose all-sites candidate kept the bug there, applied to CASE
      one after the other.
  on the GPU machine, with a copy of R/to-gpu:  sh to-gpu/run-on-gpu.sh OUT
      runs the bundles and packs their results into OUT/results.tar.xz.*
  select R --results DIR
      unpacks the results, replays CASE and every candidate with
      `tile-diff --print-signature`, keeps those whose signature is the
      original's (R/signature, or --signature from the first round), and
      copies the smallest (fewest ops) to R/best: the next round's CASE.
      R/select.json lists every candidate's signature.

Rounds stop when no candidate is interesting. Each round costs one call
on the GPU machine (about 40 s of device time, its start included). The
smallest interesting candidate wins a round, and the unions and chains
make many changes of a round at once: the batched f64 mmaf finding of
corpus/findings went from 298 ops and 26 arguments to 29 ops and 4
arguments in six rounds (reports/tileiras-hunt.md).

Exit status: 0 done, 1 no candidate interesting (select) or the case is
not interesting, 2 a usage or tool error.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import gpu_bundles  # noqa: E402

def tool(bin_dir, name):
    path = os.path.join(bin_dir, name)
    if not os.path.exists(path):
        sys.exit(f"gpu_reduce: {path} is missing (bash scripts/build.sh)")
    return path


def tile_diff(args, case, mode, bundles):
    env = dict(os.environ, TILECHECK_GPU_LAUNCH=f"{mode}:{bundles}")
    r = subprocess.run([tool(args.bin, "tile-diff"), "--manifest", case,
                        "--only-config", args.config, "--print-signature",
                        "-v"], capture_output=True, text=True, env=env)
    lines = r.stdout.strip().splitlines()
    detail = [l.strip() for l in lines if l.strip().startswith(
        ("finding", "skipped", "agree", "expected"))]
    return (lines[-1] if lines else "error"), detail[:3], r.returncode


def read_index(r, name):
    """R/NAME/candidates.json, each candidate's dir made relative to R."""
    with open(os.path.join(r, name, "candidates.json")) as f:
        index = json.load(f)
    for c in index["candidates"]:
        c["dir"] = os.path.join(name, c["dir"])
    return index


def prepare(args):
    r = os.path.abspath(args.round)
    if os.path.exists(r):
        sys.exit(f"gpu_reduce: {r} exists")
    os.makedirs(r)
    shutil.copytree(args.case, os.path.join(r, "input"),
                    ignore=shutil.ignore_patterns("variants", "candidates"))
    with open(os.path.join(r, "round.json"), "w") as f:
        json.dump({"case": os.path.abspath(args.case), "config": args.config,
                   "signature": args.signature}, f, indent=2)
    batches = [("candidates", os.path.join(r, "input"), [])]
    if args.union_from:
        # Unions of the previous round's interesting chunks of one pass,
        # made from that round's input (where their sites are numbered):
        # most chunks of a big program can go together.
        prev = os.path.abspath(args.union_from)
        with open(os.path.join(prev, "select.json")) as f:
            prev_select = json.load(f)
        prev_ops = prev_select["input_ops"]
        tried = [c for c in prev_select["results"]
                 if c["dir"].startswith("candidates/")]
        chosen = [c for c in tried if c["interesting"]]
        # Each pass's level-0 candidate: its first chunk from site 0, the
        # biggest (all of its sites, when that candidate was admissible).
        order, level0 = [], {}
        for c in tried:
            if c["pass"] not in level0:
                order.append(c["pass"])
            if c["first"] == 0 and c["count"] > level0.get(
                    c["pass"], {"count": 0})["count"]:
                level0[c["pass"]] = c
        specs = []
        for name in sorted({c["pass"] for c in chosen}):
            # The level-0 chunk was a candidate of its own: the union is of
            # the smaller chunks, and its halves are by site, since the
            # chunks of different levels overlap.
            ranges = [(c["first"], c["count"]) for c in chosen
                      if c["pass"] == name and c is not level0.get(name)]
            sites = sorted({i for first, count in ranges
                            for i in range(first, first + count)})
            if len(ranges) < 2 or len(sites) < 2:
                continue
            half = len(sites) // 2
            for part in (sites, sites[:half], sites[half:]):
                specs.append(f"--sites={name}:" + ",".join(map(str, part)))
        if specs:
            batches.append(("unions", os.path.join(prev, "input"), specs))
        # Passes whose level-0 candidate kept the bug there, chained on
        # this round's case: each counts its sites anew, so changes of
        # different passes (fewer ops, fewer arguments, no hints) combine.
        # The second chain leaves out the passes that removed ops there,
        # in case one of those breaks the chain.
        eligible = [p for p in order
                    if level0.get(p, {}).get("interesting")]
        quiet = [p for p in eligible if level0[p]["ops"] >= prev_ops]
        chains = [f"--chain={','.join(c)}" for c in (eligible, quiet)
                  if len(c) > 1]
        if chains:
            batches.append(("chains", os.path.abspath(args.case),
                            list(dict.fromkeys(chains))))
    bundles = os.path.join(r, "bundles")
    cases, total = [os.path.join(r, "input")], 0
    for name, base, specs in batches:
        cmd = [tool(args.bin, "tile-reduce"), "--candidates", "--config",
               args.config, "--max-candidates", str(args.max_candidates),
               base, "-o", os.path.join(r, name)]
        print("gpu_reduce: " + " ".join(cmd) +
              (f" and {len(specs)} of " +
               ", ".join(sorted({a.split("=")[0] for a in specs}))
               if specs else ""), flush=True)
        cmd += specs
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode:
            print(p.stderr, file=sys.stderr)
            return 1 if p.returncode == 1 else 2
        index = read_index(r, name)
        total += len(index["candidates"])
        cases += [os.path.join(r, c["dir"]) for c in index["candidates"]]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(lambda c: tile_diff(args, c, "record", bundles), cases))
    if not os.path.isdir(bundles):
        print("gpu_reduce: no candidate made a launch (tile-diff recorded "
              "nothing)", file=sys.stderr)
        return 2
    to_gpu = os.path.join(r, "to-gpu")
    gpu_bundles.write_to_gpu(
        to_gpu, r, ["bundles"], tool(args.bin, "tile-gpu-launch"),
        "One round of scripts/gpu_reduce.py, on the GPU machine: "
        "sh run-on-gpu.sh OUT")
    size = os.path.getsize(os.path.join(to_gpu, "bundles.tar.xz"))
    print(f"gpu_reduce: {total} candidates of a "
          f"{read_index(r, 'candidates')['ops']}-op case, launches in "
          f"{to_gpu}/bundles.tar.xz "
          f"({size / 1e6:.1f} MB); on the GPU machine, with a copy of "
          f"{to_gpu}: sh to-gpu/run-on-gpu.sh OUT; then gpu_reduce.py "
          f"select {r} --results OUT")
    return 0


def select(args):
    r = os.path.abspath(args.round)
    with open(os.path.join(r, "round.json")) as f:
        meta = json.load(f)
    args.config = meta["config"]
    bundles = os.path.join(r, "bundles")
    gpu_bundles.unpack(args.results, r)

    expected = meta.get("signature") or args.signature
    sig, detail, _ = tile_diff(args, os.path.join(r, "input"), "replay",
                               bundles)
    if not expected:
        expected = sig
    if expected in ("none", "error") or sig != expected:
        print(f"gpu_reduce: the round's input is not interesting on the GPU "
              f"(signature {sig}, wanted {expected}): {detail}")
        return 1
    with open(os.path.join(r, "signature"), "w") as f:
        f.write(expected + "\n")

    index = read_index(r, "candidates")
    for extra in ("unions", "chains"):
        if os.path.isdir(os.path.join(r, extra)):
            index["candidates"] += read_index(r, extra)["candidates"]

    def check(c):
        s, d, _ = tile_diff(args, os.path.join(r, c["dir"]), "replay",
                            bundles)
        return dict(c, signature=s, interesting=s == expected, detail=d)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(check, index["candidates"]))
    good = [c for c in results if c["interesting"]]

    def size(d, ops):
        # Fewest ops; then the shortest program and manifest (fewer
        # arguments, smaller constants and shapes).
        return (ops, sum(os.path.getsize(os.path.join(d, f))
                         for f in ("program.mlir", "manifest.json")))

    # Only a candidate smaller than the round's input is progress (a union
    # or chain can come out no smaller).
    input_size = size(os.path.join(r, "input"), index["ops"])
    smaller = [c for c in good
               if size(os.path.join(r, c["dir"]), c["ops"]) < input_size]
    best = min(smaller, key=lambda c: size(os.path.join(r, c["dir"]),
                                           c["ops"]) + (c["dir"],)) \
        if smaller else None
    summary = {"input_ops": index["ops"], "signature": expected,
               "candidates": len(results), "interesting": len(good),
               "best": best and best["dir"], "results": results}
    with open(os.path.join(r, "select.json"), "w") as f:
        json.dump(summary, f, indent=2)
    if not best:
        print(f"gpu_reduce: none of {len(results)} candidates is "
              f"interesting and smaller ({len(good)} interesting): "
              f"{index['ops']} ops is the result")
        return 1
    shutil.copytree(os.path.join(r, best["dir"]), os.path.join(r, "best"))
    print(f"gpu_reduce: {len(good)} of {len(results)} candidates "
          f"interesting; best {best['dir']} ({best['pass']}, "
          f"{best['count']} site(s) at {best['first']}): {index['ops']} -> "
          f"{best['ops']} ops in {r}/best")
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="verb", required=True)
    pp = sub.add_parser("prepare", help="write a round's candidates and "
                        "record their launches")
    pp.add_argument("round")
    pp.add_argument("--case", required=True,
                    help="the test case (a manifest.json's directory)")
    pp.add_argument("--config", required=True,
                    help="e.g. compiler=gpu-tileiras,sm_90,O3")
    pp.add_argument("--signature",
                    help="the finding's signature (from the first round's "
                         "R/signature); default: the case's own")
    pp.add_argument("--max-candidates", type=int, default=150)
    pp.add_argument("--union-from", metavar="PREV",
                    help="the previous round: also try the unions of its "
                         "interesting chunks of each pass (all, first half, "
                         "second half) on its input")
    sp = sub.add_parser("select", help="read a round's GPU results and pick "
                        "the smallest interesting candidate")
    sp.add_argument("round")
    sp.add_argument("--results", required=True,
                    help="the directory run-on-gpu.sh wrote into")
    sp.add_argument("--signature")
    for q in (pp, sp):
        q.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
        q.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = p.parse_args(argv)
    return prepare(args) if args.verb == "prepare" else select(args)


if __name__ == "__main__":
    sys.exit(main())
