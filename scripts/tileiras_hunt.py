#!/usr/bin/env python3
"""Coverage-guided hunting of bugs in NVIDIA's tileiras (issue 21).

tileiras is closed: no edge counters. Its remarks and its cubins' resource
usage stand in for them: `tile-diff --tileiras-coverage` turns every
(target, remark, outcome, reason) and every resource bucket of a tileiras
run into a coverage point (fuzz/lib/TileirasCoverage.cpp). This script runs
generated programs through tileiras over O0..O3 on sm_80, sm_90, sm_100 and
sm_120 (`--matrix tileiras-targets`) in one of two modes:

  random    each batch takes the next preset of the generator in turn
            (plain random generation, the baseline);
  feedback  AFL-style novelty search over the generator's choices: a corpus
            of generator policies, seeded with the presets (each scored by
            the points only its batch reached); each batch mutates a policy
            picked from the corpus by score (a pick decays it) and a policy
            whose batch reached a new point joins the corpus, scored by
            how many.
  mutate    novelty search over stored programs: a first round of one batch
            per preset; every program that reached a new point joins the
            corpus (as its policy and seed), scored by how many; then each
            batch checks structure-aware mutants of a program picked by
            score (`tile-diff --mutants`, fuzz/Mutate.h; a pick decays the
            score, new points its mutants reach raise it). Mutants reach
            what no generator writes; a tileiras crash or hang on one is a
            finding, a rejection is not.

Both spend the same budget of wall-clock seconds with the same number of
jobs; the CPU seconds of the children are recorded beside it. Every
tileiras crash, hang or rejection of a valid program is stored by tile-diff
in OUT/findings (deduplicated by signature).

  tileiras_hunt.py run    --mode random|feedback|mutate --out DIR
                          [--budget-s S] [--batches N] [--seed N]
                          [--batch N] [--jobs N] [--mutations K]
                          [--first-round N] [--bin DIR]
  tileiras_hunt.py report DIR [DIR ...] [--out REPORT_DIR]

OUT/hunt.jsonl has one line per batch (policy, seeds, new points, CPU
seconds, wall seconds); OUT/results.jsonl the tile-diff --results lines;
OUT/corpus/ the policies of the feedback corpus (mutate:
OUT/corpus/programs.jsonl, the program corpus as it grows). `report` writes
coverage.json, coverage.md and coverage.png (points over CPU time, one
curve per run) and the share of programs on which tileiras selected TMA
and tensor-core instructions, per target.

Exit status: 0 done, 2 could not run.
"""

import argparse
import copy
import json
import os
import random
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRESETS = ["ints", "floats-exact", "floats", "memory", "control", "mma",
           "full", "pipeline", "tensorcore"]


def tool(bin_dir, name):
    path = os.path.join(bin_dir, name)
    if not os.access(path, os.X_OK):
        print(f"tileiras_hunt: {path} is not built (scripts/build.sh)",
              file=sys.stderr)
        sys.exit(2)
    return path


def preset_policy(bin_dir, name):
    out = subprocess.run([tool(bin_dir, "tile-gen"), "--print-policy",
                          "--policy", name], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


# -- Mutation of a policy ----------------------------------------------------

TILE_ELEMS = [256, 512, 1024, 2048, 4096, 8192]
MMA_DIMS = [4, 8, 16, 32, 64, 128]


def mutate(policy, rng):
    """One to three changes to the generator's knobs, kept valid (the
    ranges GenPolicy::validate checks)."""
    p = copy.deepcopy(policy)
    weights = [k for k in p if k.startswith("w")]
    probs = [k for k in p if k.startswith("p") and
             isinstance(p[k], (int, float)) and not isinstance(p[k], bool)]
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        if kind < 0.5:
            k = rng.choice(weights)
            old = p[k]
            p[k] = rng.choice([0, max(1, old * 2), old // 2, old + 1,
                               rng.randint(0, 24)])
        elif kind < 0.8:
            k = rng.choice(probs)
            p[k] = round(rng.choice([0.0, 1.0, rng.random(),
                                     min(1.0, max(0.0, p[k] +
                                                  rng.uniform(-0.3, 0.3)))]),
                         3)
        elif kind < 0.9:
            lo, hi = sorted(rng.sample(MMA_DIMS, 2))
            p["minMmaDim"], p["maxMmaDim"] = lo, hi
            p["maxTileElems"] = rng.choice(TILE_ELEMS)
        else:
            lo, hi = sorted([rng.randint(1, 4), rng.randint(1, 4)])
            p["minTrip"], p["maxTrip"] = lo, hi
            p["maxStmts"] = rng.randint(max(p["minStmts"], 4), 20)
    p["wI32"] = max(1, p["wI32"])
    if sum(p[k] for k in ("wI32", "wI64", "wI16", "wI8", "wF32", "wF16",
                          "wBF16", "wF64")) == 0:
        p["wF16"] = 1
    p["name"] = "mutant"
    return p


# -- Running a batch ---------------------------------------------------------

def program_points(line):
    pts = set()
    for r in line.get("results", []):
        pts.update(r.get("coverage", []))
    return pts


def run_batch(args, policy_arg, seed, results_path, count=None,
              mutants=None):
    """tile-diff over one batch (`count` generated programs, default
    --batch; with `mutants=(N, first mutant seed)` the programs' mutants
    instead); returns (lines, child CPU seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    tmp = results_path + ".batch"
    if os.path.exists(tmp):
        os.remove(tmp)
    cmd = [tool(args.bin, "tile-diff"), "--generate", "--policy", policy_arg,
           "--seed", str(seed),
           "--count", str(args.batch if count is None else count),
           "--matrix", args.matrix, "--tileiras-coverage",
           "--results", tmp, "--jobs", str(args.jobs),
           "--findings", os.path.join(args.out, "findings")]
    if mutants:
        cmd += ["--mutants", str(mutants[0]), "--mutant-seed",
                str(mutants[1]), "--mutations", str(args.mutations)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                 before.ru_stime)
    if r.returncode not in (0, 1):
        sys.stderr.write(f"tileiras_hunt: tile-diff exit {r.returncode}: "
                         f"{r.stdout[-500:]}{r.stderr[-500:]}\n")
    lines = []
    if os.path.exists(tmp):
        with open(tmp) as f:
            text = f.read()
        with open(results_path, "a") as out:
            out.write(text)
        for l in text.splitlines():
            try:
                lines.append(json.loads(l))
            except ValueError:
                pass
        os.remove(tmp)
    return lines, cpu


def cmd_run(args):
    os.makedirs(os.path.join(args.out, "corpus"), exist_ok=True)
    rng = random.Random(args.seed)
    presets = {name: preset_policy(args.bin, name) for name in PRESETS}
    seen = set()
    corpus = []  # [policy, score]
    preset_points = []  # points of each preset's batch (first round)
    for name in PRESETS:
        corpus.append([presets[name], 1.0])
    log = open(os.path.join(args.out, "hunt.jsonl"), "a")
    results = os.path.join(args.out, "results.jsonl")
    start = time.monotonic()
    cpu_total = 0.0
    batch = 0
    seed = args.seed
    if args.mode == "mutate":
        return run_mutate(args, presets, log, results, start)
    while time.monotonic() - start < args.budget_s and \
            (args.batches is None or batch < args.batches):
        if args.mode == "random":
            name = PRESETS[batch % len(PRESETS)]
            policy_arg, policy = name, presets[name]
        else:
            # The first round runs every preset once; then mutants of corpus
            # entries picked by score (recent novelty decays).
            if batch < len(PRESETS):
                policy = presets[PRESETS[batch]]
                label = PRESETS[batch]
            else:
                label = "mutant"
                weights = [s for _, s in corpus]
                parent = rng.choices(range(len(corpus)), weights=weights)[0]
                corpus[parent][1] *= 0.8
                policy = mutate(corpus[parent][0], rng)
            policy_arg = os.path.join(args.out, "corpus",
                                      f"batch-{batch}-{label}.json")
            with open(policy_arg, "w") as f:
                json.dump({k: v for k, v in policy.items() if k != "name"} |
                          {"base": "full"}, f, indent=1, sort_keys=True)
        lines, cpu = run_batch(args, policy_arg, seed, results)
        cpu_total += cpu
        new = set()
        reached = set()
        for line in lines:
            reached |= program_points(line)
        new = reached - seen
        seen |= new
        if args.mode == "feedback" and batch < len(PRESETS):
            preset_points.append(reached)
            if batch == len(PRESETS) - 1:
                # A preset's score is what only its batch reached: crediting
                # each with the points new when it ran would favour whichever
                # preset happens to run first.
                for i, pts in enumerate(preset_points):
                    others = set().union(*(q for j, q in
                                           enumerate(preset_points) if j != i))
                    corpus[i][1] = 1.0 + len(pts - others)
        elif args.mode == "feedback" and new:
            corpus.append([policy, 1.0 + len(new)])
        log.write(json.dumps({
            "batch": batch, "mode": args.mode, "seed": seed, "policy": policy_arg,
            "programs": len(lines), "new_points": sorted(new),
            "points": len(seen), "cpu_s": round(cpu_total, 2),
            "wall_s": round(time.monotonic() - start, 2)}) + "\n")
        log.flush()
        batch += 1
        seed += args.batch
        print(f"[{time.monotonic() - start:6.0f}s] batch {batch} "
              f"{os.path.basename(policy_arg)}: {len(seen)} points "
              f"(+{len(new)}), cpu {cpu_total:.0f}s", flush=True)
    return 0


def run_mutate(args, presets, log, results, start):
    """--mode mutate: see the module's docstring."""
    rng = random.Random(args.seed)
    programs = []  # [policy name, seed, score]
    corpus_log = open(os.path.join(args.out, "corpus", "programs.jsonl"), "a")
    seen = set()
    cpu_total = 0.0
    batch = 0
    seed = args.seed
    # Mutant seeds follow the run's seed, so runs with other seeds check
    # other mutants of the same programs.
    mutant_seed = args.seed
    while time.monotonic() - start < args.budget_s and \
            (args.batches is None or batch < args.batches):
        parent = None
        if batch < args.first_round or not programs:
            label = PRESETS[batch % len(PRESETS)]
            lines, cpu = run_batch(args, label, seed, results)
            first_seed = seed
            seed += args.batch
        else:
            parent = rng.choices(range(len(programs)),
                                 weights=[p[2] for p in programs])[0]
            programs[parent][2] *= 0.8
            label, first_seed = programs[parent][0], programs[parent][1]
            lines, cpu = run_batch(args, label, first_seed, results, count=1,
                                   mutants=(args.batch, mutant_seed))
            mutant_seed += args.batch
        cpu_total += cpu
        new = set()
        for line in lines:
            fresh = program_points(line) - seen - new
            if parent is None and fresh and "seed" in line:
                programs.append([label, line["seed"], 1.0 + len(fresh)])
                corpus_log.write(json.dumps({"policy": label,
                                             "seed": line["seed"],
                                             "new_points": len(fresh)}) + "\n")
                corpus_log.flush()
            new |= fresh
        seen |= new
        if parent is not None and new:
            programs[parent][2] += len(new)
        log.write(json.dumps({
            "batch": batch, "mode": "mutate", "seed": first_seed,
            "policy": label, "mutants_of": None if parent is None else
            f"seed {first_seed} ({label})", "programs": len(lines),
            "new_points": sorted(new), "points": len(seen),
            "cpu_s": round(cpu_total, 2),
            "wall_s": round(time.monotonic() - start, 2)}) + "\n")
        log.flush()
        batch += 1
        what = (f"mutants of seed {first_seed} ({label})" if parent is not None
                else label)
        print(f"[{time.monotonic() - start:6.0f}s] batch {batch} {what}: "
              f"{len(seen)} points (+{len(new)}), corpus {len(programs)}, "
              f"cpu {cpu_total:.0f}s", flush=True)
    return 0


# -- Report --------------------------------------------------------------------

TMA_LOAD = "RemarkMemoryLoadInstructionSelected|passed|TMA"
TMA_STORE = "RemarkMemoryStoreInstructionSelected|passed|TMA"
TENSOR_CORE = "RemarkTensorCoreMMA|passed|Tensor-core"


def summarize(run_dir):
    runs = []
    with open(os.path.join(run_dir, "hunt.jsonl")) as f:
        runs = [json.loads(l) for l in f if l.strip()]
    programs = 0
    share = {}  # target -> [programs compiled, tma load, tma store, tc]
    findings = {}
    points = {}
    with open(os.path.join(run_dir, "results.jsonl")) as f:
        for l in f:
            try:
                line = json.loads(l)
            except ValueError:
                continue
            programs += 1
            per_target = {}
            for r in line.get("results", []):
                target = r["config"].split(",")[1] if "," in r["config"] \
                    else "?"
                pts = per_target.setdefault(target, set())
                pts.update(r.get("coverage", []))
                if "signature" in r:
                    findings.setdefault(r["signature"], (
                        r["kind"], r["config"], r.get("detail", "")[:160],
                        line.get("seed"), line.get("policy")))
            for target, pts in per_target.items():
                s = share.setdefault(target, [0, 0, 0, 0])
                if not pts:
                    continue  # rejected on this target: nothing compiled
                s[0] += 1
                s[1] += any(TMA_LOAD in p for p in pts)
                s[2] += any(TMA_STORE in p for p in pts)
                s[3] += any(TENSOR_CORE in p for p in pts)
                for p in pts:
                    points[p] = points.get(p, 0) + 1
    curve = [(b["cpu_s"], b["points"]) for b in runs]
    mode = runs[0].get("mode", "?") if runs else "?"
    return {"dir": run_dir, "mode": mode, "programs": programs,
            "batches": len(runs), "cpu_s": runs[-1]["cpu_s"] if runs else 0,
            "wall_s": runs[-1]["wall_s"] if runs else 0,
            "points": len(points), "curve": curve, "share": share,
            "findings": findings, "point_counts": points}


def cmd_report(args):
    out = args.out or args.dirs[0]
    os.makedirs(out, exist_ok=True)
    for d in args.dirs:
        for f in ("hunt.jsonl", "results.jsonl"):
            if not os.path.isfile(os.path.join(d, f)):
                print(f"tileiras_hunt: {d} is not a hunt directory (no {f}; "
                      "write one with `tileiras_hunt.py run --out DIR`)",
                      file=sys.stderr)
                return 2
    runs = [summarize(d) for d in args.dirs]
    union = set()
    for r in runs:
        union |= set(r["point_counts"])
    md = ["# tileiras coverage", "",
          "| run | mode | programs | CPU s | wall s | coverage points | "
          "only here | distinct findings |", "|---|---|---|---|---|---|---|---|"]
    for r in runs:
        others = set()
        for o in runs:
            if o is not r:
                others |= set(o["point_counts"])
        only = len(set(r["point_counts"]) - others)
        md.append(f"| {os.path.basename(r['dir'].rstrip('/'))} | {r['mode']} "
                  f"| {r['programs']} | {r['cpu_s']:.0f} | {r['wall_s']:.0f} "
                  f"| {r['points']} | {only} | {len(r['findings'])} |")
    md += ["", "Share of programs compiled for a target on which tileiras "
           "selected TMA loads, TMA stores and tensor-core MMAs (from its "
           "remarks):", "",
           "| run | target | compiled | TMA load | TMA store | tensor core |",
           "|---|---|---|---|---|---|"]
    for r in runs:
        for target in sorted(r["share"]):
            n, tl, ts, tc = r["share"][target]
            pct = (lambda k: f"{k} ({100.0 * k / n:.0f}%)" if n else "0")
            md.append(f"| {os.path.basename(r['dir'].rstrip('/'))} | {target} "
                      f"| {n} | {pct(tl)} | {pct(ts)} | {pct(tc)} |")
    md += ["", "## Findings", ""]
    for r in runs:
        for sig, (kind, config, detail, seed, policy) in sorted(
                r["findings"].items()):
            md.append(f"- `{sig}` {kind} [{config}] seed {seed} "
                      f"({os.path.basename(str(policy))}): {detail}")
    md += ["", "## Coverage points (programs reaching each, per run)", "",
           "| point | " + " | ".join(os.path.basename(r["dir"].rstrip("/"))
                                     for r in runs) + " |",
           "|---|" + "---|" * len(runs)]
    for p in sorted(union):
        cell = p.replace("|", "\\|")
        md.append(f"| `{cell}` | " + " | ".join(
            str(r["point_counts"].get(p, 0)) for r in runs) + " |")
    with open(os.path.join(out, "coverage.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(out, "coverage.json"), "w") as f:
        json.dump([{k: v for k, v in r.items()} for r in runs], f, indent=1,
                  sort_keys=True)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6, 4))
        for r in runs:
            xs = [0] + [c for c, _ in r["curve"]]
            ys = [0] + [p for _, p in r["curve"]]
            ax.step(xs, ys, where="post",
                    label=f"{os.path.basename(r['dir'].rstrip('/'))} "
                          f"({r['mode']})")
        ax.set_xlabel("CPU seconds (tile-diff and tileiras)")
        ax.set_ylabel("tileiras coverage points")
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(out, "coverage.png"), dpi=100)
    except ImportError:
        sys.stderr.write("tileiras_hunt: no matplotlib, no plot\n")
    print(os.path.join(out, "coverage.md"))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run")
    run.add_argument("--mode", choices=["random", "feedback", "mutate"],
                     required=True)
    run.add_argument("--out", required=True)
    run.add_argument("--budget-s", type=float, default=600)
    run.add_argument("--seed", type=int, default=31000000)
    run.add_argument("--batch", type=int, default=4)
    run.add_argument("--jobs", type=int, default=2)
    run.add_argument("--matrix", default="tileiras-targets")
    run.add_argument("--mutations", type=int, default=3,
                     help="mutations per mutant (--mode mutate)")
    run.add_argument("--first-round", type=int, default=len(PRESETS),
                     help="generated batches before mutants (--mode mutate)")
    run.add_argument("--batches", type=int,
                     help="stop after this many batches (and the budget)")
    run.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    rep = sub.add_parser("report")
    rep.add_argument("dirs", nargs="+")
    rep.add_argument("--out")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        return cmd_run(args)
    return cmd_report(args)


if __name__ == "__main__":
    sys.exit(main())
