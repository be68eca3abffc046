"""What the scripts that run the tools over generated programs share
(schedule_stats.py, simt_agreement.py): the generator presets and the
command-line options that pick the programs.
"""
import argparse

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
