#!/usr/bin/env python3
"""Measure the random program generator and write reports/generator.md.

Over N programs of one policy (tile-gen seeds S .. S+N-1) it reports:
  - validity rate: tilec-opt parses and verifies the program;
  - UB rate: tile-run exits 3 (undefined behaviour) -- must be 0; other
    tile-run outcomes (errors such as missing interpreter semantics, assert,
    step limit) are counted separately;
  - op-kind histogram: how many programs contain each cuda_tile op, and
    which ops of the dialect (read from the ODS files) never appear;
  - the fraction of programs with a for-loop in which a loaded tile feeds
    an mmaf/mmai (found in the program text, independently of the
    generator's own manifest flag, which is reported beside it).

Usage:
  gen_report.py --bin build/bin --policy full --count 10000 \
      [--seed 0] [--jobs 2] [--out reports/generator.md] [--no-run]
"""

import argparse
import collections
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

OP_RE = re.compile(r'^def \w+\s*:\s*\w+<"([a-z_0-9]+)"', re.M)
# "%a, %b = op ..." or a bare "op ..." at the start of a line.
DEF_RE = re.compile(r'^\s*(?:%[\w$.-]+(?:\s*,\s*%[\w$.-]+)*\s*=\s*)?([a-z_][a-z_0-9]*)\b')
NAME_RE = re.compile(r'%[\w$.-]+')
KEYWORDS = {"entry", "cuda_tile", "else"}


def dialect_ops(td_dir):
    """Every op name declared in the cuda_tile ODS files."""
    ops = set()
    for name in sorted(os.listdir(td_dir)):
        if name.endswith(".td"):
            with open(os.path.join(td_dir, name)) as f:
                ops.update(OP_RE.findall(f.read()))
    return ops


def ops_in(text, known):
    """Op names used in a program (only names the dialect declares)."""
    counts = collections.Counter()
    for line in text.splitlines():
        if line.lstrip().startswith("//"):
            continue
        m = DEF_RE.match(line)
        if m and m.group(1) in known:
            counts[m.group(1)] += 1
        elif line.strip().startswith("cuda_tile.module"):
            counts["module"] += 1
    return counts


def load_feeds_mma_in_loop(text):
    """True if some for-loop body loads a tile that (maybe through ftof)
    is an operand of an mmaf/mmai in the same body."""
    stack = []  # per open region: (is_for, set of loaded names)
    for line in text.splitlines():
        s = line.strip()
        opened = s.endswith("{")
        m = DEF_RE.match(line)
        op = m.group(1) if m else ""
        lhs = s.split("=", 1)[0] if "=" in s.split(" ", 3)[-1] or " = " in s else ""
        defs = NAME_RE.findall(lhs) if " = " in s else []
        in_for = [r for r in stack if r[0]]
        if in_for:
            loaded = in_for[-1][1]
            if op in ("load_view_tko", "load_ptr_tko") and defs:
                loaded.add(defs[0])
            elif op in ("mmaf", "mmai", "mmaf_scaled"):
                operands = NAME_RE.findall(s.split("=", 1)[1])[:2]
                if any(o in loaded for o in operands):
                    return True
            elif defs:
                # Data flow: conversions, reshapes, broadcasts ... of a
                # loaded tile still carry the load into the MMA.
                srcs = NAME_RE.findall(s.split("=", 1)[1])
                if any(x in loaded for x in srcs):
                    loaded.update(defs)
        if s.startswith("}"):
            if stack:
                stack.pop()
            if opened:  # "} else {"
                stack.append((False, set()))
            continue
        if opened:
            stack.append((op == "for", set()))
    return False


def generate(args, first, count, out_dir):
    """tile-gen writes out_dir/<seed>/ for seeds first .. first+count-1."""
    subprocess.run([os.path.join(args.bin, "tile-gen"), "--seed", str(first),
                    "--count", str(count), "--policy", args.policy,
                    "-o", out_dir], check=True, capture_output=True)


def run_one(args, seed, work):
    """Verify and run one generated program; returns a result dict."""
    case = os.path.join(work, "gen", str(seed))
    with open(os.path.join(case, "program.mlir")) as f:
        text = f.read()
    with open(os.path.join(case, "manifest.json")) as f:
        manifest = json.load(f)
    verify = subprocess.run([os.path.join(args.bin, "tilec-opt"),
                             os.path.join(case, "program.mlir"), "-o",
                             os.devnull], capture_output=True, text=True)
    result = {"seed": seed, "valid": verify.returncode == 0, "text": text,
              "flag": manifest.get("load_mma_loop", False), "run": None,
              "message": verify.stderr[-2000:]}
    if result["valid"] and not args.no_run:
        try:
            run = subprocess.run([os.path.join(args.bin, "tile-run"),
                                  "--manifest",
                                  os.path.join(case, "manifest.json"),
                                  "--out-dir", os.path.join(case, "out")],
                                 capture_output=True, text=True,
                                 timeout=args.timeout)
            result["run"] = run.returncode
            result["message"] = run.stderr[-2000:]
        except subprocess.TimeoutExpired:
            result["run"] = "timeout"
    if result["valid"] and result["run"] in (0, None):
        shutil.rmtree(case, ignore_errors=True)
    else:
        keep = os.path.join(args.keep_dir, str(seed))
        shutil.rmtree(keep, ignore_errors=True)
        shutil.copytree(case, keep)
        shutil.rmtree(case, ignore_errors=True)
    return result


def summarize(args, results, known, elapsed):
    n = len(results)
    valid = sum(r["valid"] for r in results)
    runs = collections.Counter(r["run"] for r in results if r["valid"])
    per_program = collections.Counter()
    total = collections.Counter()
    for r in results:
        c = ops_in(r["text"], known)
        total.update(c)
        per_program.update(set(c))
    text_mma = sum(load_feeds_mma_in_loop(r["text"]) for r in results)
    flag_mma = sum(bool(r["flag"]) for r in results)
    missing = sorted(known - set(per_program))
    lines = []
    pct = lambda k: f"{100.0 * k / n:.2f}%" if n else "n/a"
    lines.append(f"# Generator report: policy `{args.policy}`\n")
    lines.append(f"Generated {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC by "
                 f"`scripts/gen_report.py --policy {args.policy} --count {n} "
                 f"--seed {args.seed}` in {elapsed:.0f} s ({args.jobs} jobs).\n")
    lines.append("| measure | value |\n|---|---|")
    lines.append(f"| programs | {n} |")
    lines.append(f"| valid (tilec-opt parses and verifies) | {valid} ({pct(valid)}) |")
    if args.no_run:
        lines.append("| tile-run | not run (--no-run) |")
    else:
        ub = runs.get(3, 0)
        lines.append(f"| ran to completion (exit 0) | {runs.get(0, 0)} ({pct(runs.get(0, 0))}) |")
        lines.append(f"| **undefined behaviour (exit 3)** | {ub} ({pct(ub)}) |")
        for code, label in ((1, "error (exit 1, e.g. missing semantics)"),
                            (4, "assert failed (exit 4)"),
                            (5, "step limit (exit 5)"),
                            ("timeout", f"timeout (> {args.timeout} s)")):
            lines.append(f"| {label} | {runs.get(code, 0)} ({pct(runs.get(code, 0))}) |")
    lines.append(f"| a for-loop load feeds mmaf/mmai (program text) | {text_mma} ({pct(text_mma)}) |")
    lines.append(f"| same, generator's manifest flag | {flag_mma} ({pct(flag_mma)}) |")
    lines.append(f"| op kinds seen | {len(per_program)} of {len(known)} |")
    lines.append("")
    lines.append("## Ops never generated\n")
    lines.append(", ".join(f"`{o}`" for o in missing) if missing else "none")
    lines.append("")
    lines.append("## Op-kind histogram\n")
    lines.append("| op | programs containing it | occurrences |\n|---|---|---|")
    for op, k in sorted(per_program.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"| `{op}` | {k} ({pct(k)}) | {total[op]} |")
    if not args.no_run:
        msgs = collections.Counter()
        for r in results:
            if r["valid"] and r["run"] not in (0, None):
                first = (r["message"] or "").strip().splitlines()
                key = re.sub(r"\d+", "N", first[0])[:120] if first else "(no message)"
                msgs[(r["run"], key)] += 1
        if msgs:
            lines.append("\n## Non-zero tile-run outcomes (first line, digits as N)\n")
            lines.append("| exit | message | programs |\n|---|---|---|")
            for (code, key), k in msgs.most_common(25):
                lines.append(f"| {code} | `{key}` | {k} |")
            lines.append(f"\nFailing cases are kept under `{args.keep_dir}`.")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default="build/bin", help="tool directory")
    parser.add_argument("--policy", default="full")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--no-run", action="store_true",
                        help="only verify, do not run tile-run")
    parser.add_argument("--td-dir", default="compiler/include/tilecheck/"
                        "Dialect/CudaTile/IR")
    parser.add_argument("--keep-dir", default="reports/generator-failures")
    parser.add_argument("--out", default="reports/generator.md")
    args = parser.parse_args()

    known = dialect_ops(args.td_dir)
    if not known:
        sys.exit(f"no ops found under {args.td_dir}")
    os.makedirs(args.keep_dir, exist_ok=True)
    start = time.time()
    results = []
    with tempfile.TemporaryDirectory(prefix="gen-report-") as work:
        batch = 500
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for first in range(args.seed, args.seed + args.count, batch):
                n = min(batch, args.seed + args.count - first)
                generate(args, first, n, os.path.join(work, "gen"))
                futures = [pool.submit(run_one, args, s, work)
                           for s in range(first, first + n)]
                for fut in concurrent.futures.as_completed(futures):
                    results.append(fut.result())
                print(f"{len(results)}/{args.count}", file=sys.stderr,
                      flush=True)
    results.sort(key=lambda r: r["seed"])
    report = summarize(args, results, known, time.time() - start)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w") as f:
        f.write(report)
    print(report)
    ub = sum(1 for r in results if r["run"] == 3)
    invalid = sum(1 for r in results if not r["valid"])
    return 1 if ub or invalid else 0


if __name__ == "__main__":
    sys.exit(main())
