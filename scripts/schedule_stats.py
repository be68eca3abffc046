#!/usr/bin/env python3
"""How often tileas-generate-schedule, tileas-unspecialized-pipeline and
tileas-materialize-schedule fire on generated programs and seeds.

For every generator preset (N programs each) and the seed kernels, per
target: compile with `tilec -O2 --emit tileas --scheduler cost`, then count
the scheduled loops and which generator seed 004's selector gave each
(`tileas.schedule.generator` on the loop), and the cost-based loops at
II = MII. Then compile again with unspecialized pipelining
(`--v2-opt-level 1 --pipeline-strategy unspecialize`) at 2 and at 4 stages
and count the pipelined loops (`tileas.pipeline.num_stages`), and compare
the serial and the cost-based configurations (both pipelined, 2 stages):
a program counts as "serial != cost" when their nv_tileas IR differs once
the schedule attributes are removed, i.e. when the scheduler axis changes
code. Then warp specialization (`--pipeline-strategy warp-specialize`):
the loops materialized as producer and consumer agents (AWS) and in one
agent (AUS, `--materialize-schedule-use-aus`), and serial != cost again
under AWS. Last, `--scheduler exact` (the exact search after the ladder):
the cost-based loops where it finds a smaller II than the ladder alone,
and the programs whose pipelined IR (2 stages) it changes. Prints a
Markdown table. A pass that never sees a loop, or whose
selector never picks the cost-based generator, is not tested by the
differential runs: this is the measurement of that.

Usage: schedule_stats.py --bin build/bin [--count 50] [--seed 1]
                         [--presets pipeline,mma] [--no-seeds]
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

import generated_runs

TARGETS = ["sm_80", "sm_90", "sm_100"]
LOOP = re.compile(r'tileas\.schedule\.generator = "(serial|cost)"'
                  r'(?:, tileas\.schedule\.ii = (\d+) : i32, tileas\.schedule\.mii = (\d+) : i32)?')


SCHEDULE_ATTR = re.compile(r'tileas\.(?:schedule|pipeline)\.[a-z_]+ = (?:"[^"]*"|-?\d+ : i32)')
PIPELINED = re.compile(r'tileas\.pipeline\.num_stages = (\d+) : i32')
MATERIALIZED = re.compile(r'tileas\.pipeline\.materialized = "(aws|aus)"')


def without_schedules(text):
    """The IR with every schedule and pipeline attribute removed (and the
    module's record of the driver options, which names the scheduler)."""
    text = SCHEDULE_ATTR.sub("", text)
    text = re.sub(r"tilec\.pipeline_config = \{[^{}]*\}", "", text)
    text = re.sub(r"\{(?:, )*\}", "", text)
    text = re.sub(r"(?:, )+\}", "}", text)
    text = re.sub(r"\{(?:, )+", "{", text)
    return re.sub(r", (?:, )+", ", ", text)


def compile_tileas(tilec, f, target, scheduler, stages=None, agents=None):
    cmd = [tilec, f, "-O2", "--emit", "tileas", "--gpu-name", target,
           "--scheduler", scheduler, "-o", "-"]
    if stages:
        cmd += ["--v2-opt-level", "1", "--pipeline-strategy", "unspecialize",
                "--unspecialized-pipeline-num-stages", str(stages)]
    if agents:
        cmd += ["--v2-opt-level", "1", "--pipeline-strategy", "warp-specialize"]
        if agents == "aus":
            cmd += ["--materialize-schedule-use-aus"]
    return subprocess.run(cmd, capture_output=True, text=True)


def count(tilec, files, target):
    c = dict(loops=0, serial=0, cost=0, at_mii=0, rejected=0, failed=0,
             pipelined2=0, pipelined4=0, differ=0, compiled=0,
             aws=0, aus=0, ws_differ=0, exact_smaller=0, exact_differ=0)
    for f in files:
        r = compile_tileas(tilec, f, target, "cost")
        if r.returncode != 0:
            # A program the target cannot run is a correct rejection.
            if "is not supported by compute capability" in r.stderr:
                c["rejected"] += 1
            else:
                c["failed"] += 1
                sys.stderr.write(f"{f} ({target}):\n{r.stderr}")
            continue
        c["compiled"] += 1
        e = compile_tileas(tilec, f, target, "exact")
        if e.returncode != 0:
            c["failed"] += 1
            sys.stderr.write(f"{f} ({target}, exact):\n{e.stderr}")
        else:
            for m, x in zip(LOOP.finditer(r.stdout), LOOP.finditer(e.stdout)):
                if m.group(1) == "cost" and x.group(2) and m.group(2):
                    c["exact_smaller"] += int(x.group(2)) < int(m.group(2))
        for m in LOOP.finditer(r.stdout):
            c["loops"] += 1
            if m.group(1) == "serial":
                c["serial"] += 1
            else:
                c["cost"] += 1
                c["at_mii"] += m.group(2) == m.group(3)
        runs = {}
        for key, scheduler, stages, agents in (
                ("pipelined2", "cost", 2, None), ("pipelined4", "cost", 4, None),
                ("serial2", "serial", 2, None), ("aws", "cost", None, "aws"),
                ("aus", "cost", None, "aus"), ("serial-aws", "serial", None, "aws"),
                ("exact2", "exact", 2, None)):
            p = compile_tileas(tilec, f, target, scheduler, stages, agents)
            if p.returncode != 0:
                c["failed"] += 1
                sys.stderr.write(f"{f} ({target}, {scheduler}, {stages} stages, "
                                 f"{agents}):\n{p.stderr}")
                break
            runs[key] = p.stdout
            if key in ("pipelined2", "pipelined4"):
                c[key] += len(PIPELINED.findall(p.stdout))
            elif key in ("aws", "aus"):
                c[key] += sum(1 for m in MATERIALIZED.finditer(p.stdout) if m.group(1) == key)
        else:
            c["differ"] += (without_schedules(runs["pipelined2"]) !=
                            without_schedules(runs["serial2"]))
            c["ws_differ"] += (without_schedules(runs["aws"]) !=
                               without_schedules(runs["serial-aws"]))
            c["exact_differ"] += (without_schedules(runs["exact2"]) !=
                                  without_schedules(runs["pipelined2"]))
    return c


def main():
    ap = generated_runs.parser(__doc__, "--count", 50,
                               presets_help="comma-separated generator presets (default: all)")
    ap.add_argument("--no-seeds", action="store_true", help="leave the seed kernels out")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = ap.parse_args()
    tilec = os.path.join(args.bin, "tilec")
    print("| programs | target | programs | loops | serial | cost-based | cost-based share "
          "| at II = MII | pipelined (2 stages) | pipelined (4 stages) "
          "| serial != cost | AWS loops | AUS loops | serial != cost (AWS) "
          "| exact: smaller II | exact != cost "
          "| target rejections | compile failures |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        sets = []
        for preset in args.presets.split(","):
            out = os.path.join(tmp, preset)
            subprocess.run([os.path.join(args.bin, "tile-gen"), "--policy", preset,
                            "--seed", str(args.seed), "--count", str(args.count), "-o", out],
                           check=True, stdout=subprocess.DEVNULL)
            sets.append((preset, sorted(glob.glob(os.path.join(out, "*", "program.mlir")))))
        if not args.no_seeds:
            sets.append(("seeds", sorted(glob.glob(
                os.path.join(args.root, "corpus", "seeds", "*.mlir")))))
        status = 0
        for name, files in sets:
            for target in TARGETS:
                c = count(tilec, files, target)
                share = f"{100.0 * c['cost'] / c['loops']:.1f}%" if c["loops"] else "-"
                differ = (f"{c['differ']} ({100.0 * c['differ'] / c['compiled']:.0f}%)"
                          if c["compiled"] else "-")
                ws_differ = (f"{c['ws_differ']} ({100.0 * c['ws_differ'] / c['compiled']:.0f}%)"
                             if c["compiled"] else "-")
                print(f"| {name} | {target} | {len(files)} | {c['loops']} | {c['serial']} "
                      f"| {c['cost']} | {share} | {c['at_mii']} | {c['pipelined2']} "
                      f"| {c['pipelined4']} | {differ} | {c['aws']} | {c['aus']} | {ws_differ} "
                      f"| {c['exact_smaller']} | {c['exact_differ']} "
                      f"| {c['rejected']} | {c['failed']} |")
                status |= c["failed"] != 0
    return status


if __name__ == "__main__":
    sys.exit(main())
