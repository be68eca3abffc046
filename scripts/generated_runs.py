"""What the scripts that run the tools over generated programs share
(schedule_stats.py, simt_agreement.py, convert_layout_stats.py,
async_stats.py): the generator presets, the command-line options that pick
the programs, and writing them.
"""
import argparse
import os
import subprocess
import tempfile

PRESETS = ["ints", "floats-exact", "floats", "memory", "control", "mma", "full", "pipeline"]


def parser(doc, count_option, count_default, presets_help=None):
    """An argument parser described by `doc` with --bin (the tools'
    directory), `count_option` (how many programs, `count_default` unless
    given), --seed and --presets (all of PRESETS unless given)."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument(count_option, type=int, default=count_default)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presets", default=",".join(PRESETS), help=presets_help)
    return ap


def generate(bin_dir, preset, count, seed, out):
    """Writes `count` programs of `preset` from `seed` under `out` with
    tile-gen and returns their program.mlir paths, sorted."""
    subprocess.run([os.path.join(bin_dir, "tile-gen"), "--policy", preset,
                    "--count", str(count), "--seed", str(seed), "-o", out],
                   check=True, capture_output=True)
    return sorted(os.path.join(out, d, "program.mlir") for d in os.listdir(out))


def table_header(columns):
    """Prints the head of a Markdown table with `columns`."""
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))


def programs_by_preset(args, presets):
    """Yields (preset, program paths) for each of `presets`: args.count
    programs from args.seed, written with the tools in args.bin to a
    temporary directory that lives until the iteration ends."""
    with tempfile.TemporaryDirectory() as tmp:
        for preset in presets:
            yield preset, generate(args.bin, preset, args.count, args.seed,
                                   os.path.join(tmp, preset))
