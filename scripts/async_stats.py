#!/usr/bin/env python3
"""How often the queued-load and async-materialization passes fire on
generated programs.

For every generator preset (N programs each) and target, compile with
`tilec -O2 --emit tileas` in four ways: queued loads (`--queue-loads-depth
2`), AWS and AUS warp specialization (`--v2-opt-level 1
--pipeline-strategy warp-specialize [--materialize-schedule-use-aus]`),
and both together. Counts, in the nv_tileas IR: programs with an
agent_switch (two agents), programs and loops that
tileas-materialize-async gave a token iter-arg (`token_iter_idx`), the
producer handshakes (`producer_write`) by `producer_kind`, and the
programs that fail to compile. The last two columns are
tileas-optimize-pipeline-region's: the produce_one/consume_one regions it
sees (the pipeline cut before tileas-materialize-async) and the programs
whose IR it changes (the same cut pipeline run without it). Pass statistics would say the same, but
Debian's LLVM is built without statistics. Prints a Markdown table.

Usage: async_stats.py --bin build/bin [--count 25] [--seed 1]
                      [--presets pipeline,mma]
"""
import collections
import os
import re
import subprocess
import sys

import generated_runs

TARGETS = ["sm_80", "sm_90", "sm_100"]
WS = ["--v2-opt-level", "1", "--pipeline-strategy", "warp-specialize"]
MODES = collections.OrderedDict([
    ("queues=2", ["--queue-loads-depth", "2"]),
    ("aws", WS),
    ("aus", WS + ["--materialize-schedule-use-aus"]),
    ("aws+queues=2", WS + ["--queue-loads-depth", "2"]),
])
ASYNC_LOOP = re.compile(r"\{[^\n]*token_iter_idx = \d+ : i32")
KIND = re.compile(r"producer_write [^\n]*producer_kind = \"(\w+)\"")
REGION = re.compile(r"async\.pipeline\.(?:produce|consume)_one ")
SHRINK = ",tileas-optimize-pipeline-region"


def shrinker_effect(tilec, prog, target, flags):
    """(regions, changed): the pipeline up to tileas-optimize-pipeline-region
    run with and without it."""
    base = [tilec, prog, "--emit", "tileas", "--gpu-name", target]
    r = subprocess.run(base + ["-O2", "--print-pipeline"] + flags,
                       capture_output=True, text=True, timeout=300)
    text = r.stdout.strip()
    if SHRINK not in text:
        return 0, False
    cut = text[:text.index(SHRINK) + len(SHRINK)] + ")"
    outputs = []
    for pipeline in (cut, cut.replace(SHRINK, "")):
        r = subprocess.run(base + ["--pass-pipeline", pipeline],
                           capture_output=True, text=True, timeout=300)
        if r.returncode != 0:
            return 0, False
        outputs.append(r.stdout)
    return len(REGION.findall(outputs[1])), outputs[0] != outputs[1]


def main():
    ap = generated_runs.parser(__doc__, "--count", 25,
                               "comma-separated presets (default: all)")
    args = ap.parse_args()
    presets = args.presets.split(",")
    tilec = os.path.join(args.bin, "tilec")
    generated_runs.table_header([
        "preset", "target", "mode", "programs", "with agents",
        "with async loops", "async loops", "producer kinds", "failed",
        "regions", "programs shrunk"])
    for preset, programs in generated_runs.programs_by_preset(args, presets):
        for target in TARGETS:
            for mode, flags in MODES.items():
                agents = with_async = loops = failed = 0
                regions = shrunk = 0
                kinds = collections.Counter()
                for prog in programs:
                    r = subprocess.run(
                        [tilec, prog, "-O2", "--emit", "tileas",
                         "--gpu-name", target] + flags,
                        capture_output=True, text=True, timeout=300)
                    if r.returncode != 0:
                        if "is not supported by compute capability" not in r.stderr:
                            failed += 1
                        continue
                    ir = r.stdout
                    if "async.pipeline.agent_switch" in ir:
                        agents += 1
                    n = len(ASYNC_LOOP.findall(ir))
                    loops += n
                    with_async += n > 0
                    kinds.update(KIND.findall(ir))
                    n, changed = shrinker_effect(tilec, prog, target, flags)
                    regions += n
                    shrunk += changed
                kind_text = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "-"
                print(f"| {preset} | {target} | {mode} | {len(programs)} | "
                      f"{agents} | {with_async} | {loops} | {kind_text} | "
                      f"{failed} | {regions} | {shrunk} |")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
