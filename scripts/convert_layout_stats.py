#!/usr/bin/env python3
"""How often tileas-materialize-convert-layout and
tileas-unroll-register-loops fire on generated programs.

For every generator preset (N programs each) and target, compile with
`tilec -O2 --emit tileas --materialize-convert-layout-reg2reg-vec-size W`
for W = 16 (the default), 4 and 0, and count in the nv_tileas IR the
materialized conversions by plan: tag 0 direct (a convert_layout with a
16-byte atom plan), tag 0 per element (marked
nv_tileas.root_reg_to_reg_copy_op; tagged for unrolling when it carries a
loop_annotation), tag 1 staged (a smem_load with a plan), and the programs
that fail to compile with "failed to query target spec for convert_layout".
The last two columns are the staging buffers' shared memory, summed over
the functions: laid out one after another at 16-byte boundaries (what
tileas-materialize-convert-layout assigns) and as
tileas-prepare-for-scheduling's memory layout compaction left it (each
function's highest buffer end).
Pass statistics would say the same, but Debian's LLVM is built without
statistics. Prints a Markdown table.

Usage: convert_layout_stats.py --bin build/bin [--count 25] [--seed 1]
                               [--presets mma,tensorcore]
"""
import os
import re
import subprocess
import sys

import generated_runs

TARGETS = ["sm_80", "sm_90", "sm_100"]
WIDTHS = [16, 4, 0]
DIRECT = re.compile(r"nv_tileas\.convert_layout [^\n]*atom_plan<tag = 0, atomBytes = 16>")
ELEMENT = re.compile(r"nv_tileas\.convert_layout [^\n]*nv_tileas\.root_reg_to_reg_copy_op")
TAGGED = re.compile(r"nv_tileas\.convert_layout [^\n]*loop_annotation = [^\n]*root_reg_to_reg_copy_op")
STAGED = re.compile(r"nv_tileas\.smem_load [^\n]*atom_plan<tag = 1")
FAILED = "failed to query target spec for convert_layout"
BUFFER = re.compile(r"nv_tileas\.alloc_tensor \{offset = (\d+) : i64[^\n]*"
                    r"!nv_tileas\.smem<([^>]*)>")
ELEMENT_BYTES = {"f64": 8, "i64": 8, "f32": 4, "i32": 4, "tf32": 4, "f16": 2,
                 "bf16": 2, "i16": 2}


def buffer_bytes(shape):
    """Bytes of a !nv_tileas.smem<...> shape (sub-byte types round up)."""
    *dims, elem = shape.split("x")
    n = 1
    for d in dims:
        n *= int(d)
    return n * ELEMENT_BYTES.get(elem, 1)


def footprints(ir):
    """(sequential, compacted) staging bytes of the module's functions."""
    sequential = compacted = 0
    for func in ir.split("nv_tileaa.func @")[1:]:
        end = seq = 0
        for offset, shape in BUFFER.findall(func):
            size = buffer_bytes(shape)
            end = max(end, int(offset) + size)
            seq = (seq + 15) // 16 * 16 + size
        sequential += seq
        compacted += end
    return sequential, compacted


def main():
    ap = generated_runs.parser(__doc__, "--count", 25,
                               "comma-separated presets (default: all but "
                               "tensorcore, plus tensorcore)")
    args = ap.parse_args()
    presets = args.presets.split(",")
    if "tensorcore" not in presets and args.presets == ",".join(generated_runs.PRESETS):
        presets.append("tensorcore")
    tilec = os.path.join(args.bin, "tilec")
    generated_runs.table_header([
        "preset", "target", "W", "programs", "with conversions", "direct",
        "per element (tagged)", "staged", "failed programs", "other failures",
        "staging bytes, sequential", "compacted"])
    for preset, programs in generated_runs.programs_by_preset(args, presets):
        for target in TARGETS:
            for width in WIDTHS:
                row = dict(with_conv=0, direct=0, element=0, tagged=0,
                           staged=0, failed=0, other=0, sequential=0,
                           compacted=0)
                for prog in programs:
                    r = subprocess.run(
                        [tilec, prog, "-O2", "--emit", "tileas",
                         "--gpu-name", target,
                         "--materialize-convert-layout-reg2reg-vec-size",
                         str(width)],
                        capture_output=True, text=True, timeout=300)
                    if r.returncode != 0:
                        if FAILED in r.stderr:
                            row["failed"] += 1
                        elif "is not supported by compute capability" not in r.stderr:
                            row["other"] += 1
                        continue
                    ir = r.stdout
                    counts = dict(direct=len(DIRECT.findall(ir)),
                                  element=len(ELEMENT.findall(ir)),
                                  tagged=len(TAGGED.findall(ir)),
                                  staged=len(STAGED.findall(ir)))
                    if counts["direct"] + counts["element"] + counts["staged"]:
                        row["with_conv"] += 1
                    for k, v in counts.items():
                        row[k] += v
                    seq, packed = footprints(ir)
                    row["sequential"] += seq
                    row["compacted"] += packed
                print(f"| {preset} | {target} | {width} | {len(programs)} | "
                      f"{row['with_conv']} | {row['direct']} | "
                      f"{row['element']} ({row['tagged']}) | {row['staged']} | "
                      f"{row['failed']} | {row['other']} | "
                      f"{row['sequential']} | {row['compacted']} |")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
