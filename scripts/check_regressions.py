#!/usr/bin/env python3
"""Replays every regression entry of corpus/regressions (or the given
directories): the reduced reproducers that fuzzing campaigns
(scripts/campaign.py --regressions) write for each new bucket.

An entry DIR/NAME/ holds manifest.json, program.mlir (and .npy inputs) and
regression.json:
  {"configuration": "compiler=simt,sm_100,O3", "signature": "0123...",
   "kind": "wrong-result", "status": "open" | "fixed", ...}

"open": the bug is not fixed, so tile-diff must still report the
signature, or one of the entry's optional "also_signatures" (a heap
corruption may abort in one run and segfault in the next; the entry says
why in "also_signatures_why"); when a change fixes it, this test fails
until the entry says "fixed". "fixed": tile-diff must report
nothing for that configuration (the bug must not come back).

Entries of tileiras configurations need NVIDIA's tileiras (located as
tile-diff does); where it is missing, or where another release than the
one that found the bug answers differently, they are reported as not
checked and do not fail the run (tileiras is an optional dependency, and
a new release may fix or move its bugs).

  check_regressions.py --bin build/bin [DIR ...]   (default corpus/regressions)
Exit 0: every entry as expected; 1: some entry is not; 2: usage.
"""

import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


_TILEIRAS = {}


def tileiras_version(args):
    """The version line of the tileiras tile-diff locates, or None (its -v
    note names the tool and its version)."""
    if "version" not in _TILEIRAS:
        run = subprocess.run(
            [os.path.join(args.bin, "tile-diff"),
             os.path.join(ROOT, "corpus", "seeds", "vector_add.mlir"),
             "--only-config", "compiler=tileiras,sm_100,O0", "-v"],
            capture_output=True, text=True, timeout=args.timeout)
        m = re.search(r"^note: tileiras .* \((.*)\)$", run.stdout, re.M)
        _TILEIRAS["version"] = m.group(1) if m else None
    return _TILEIRAS["version"]


def check(args, entry):
    """(ok, message); ok None when the entry could not be checked."""
    try:
        with open(os.path.join(entry, "regression.json")) as f:
            meta = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        return False, f"unreadable regression.json: {e}"
    status = meta.get("status")
    if status not in ("open", "fixed"):
        return False, f"status must be open or fixed, not {status!r}"
    config = meta.get("configuration", "")
    sig = meta.get("signature", "")
    peer = config.startswith("compiler=tileiras")
    if peer and tileiras_version(args) is None:
        return None, "tileiras not found: not checked"
    cmd = [os.path.join(args.bin, "tile-diff"), "--manifest",
           os.path.join(entry, "manifest.json"), "--only-config", config,
           "--print-signature"] + list(meta.get("tile_diff_args", []))
    try:
        run = subprocess.run(cmd, capture_output=True, text=True,
                             timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return False, f"tile-diff took more than {args.timeout} s"
    lines = run.stdout.strip().splitlines()
    got = lines[-1] if lines else ""
    if run.returncode >= 2 and got != "error":
        return False, (f"tile-diff exited with {run.returncode}: "
                       f"{run.stderr.strip()[-300:]}")
    found_with = meta.get("tool_version", "")
    expected = ([sig] + list(meta.get("also_signatures", []))
                if status == "open" else ["none"])
    if peer and got not in expected and found_with \
            and found_with != tileiras_version(args):
        return None, (f"found with {found_with}, {tileiras_version(args)} "
                      f"installed prints {got!r}: check it against that "
                      "release")
    if status == "open":
        if got == sig or got in meta.get("also_signatures", []):
            return True, f"still reproduces ({meta.get('kind', '?')})"
        return False, (f"open, but tile-diff now prints {got!r}, not {sig}: "
                       "fixed? then set \"status\": \"fixed\" (or the "
                       "signature changed: look at it)")
    if got == "none":
        return True, "fixed, stays fixed"
    return False, f"marked fixed, but tile-diff prints {got!r}: it is back"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("dirs", nargs="*",
                    default=[os.path.join(ROOT, "corpus", "regressions")])
    args = ap.parse_args()
    entries = []
    for d in args.dirs:
        if not os.path.isdir(d):
            print(f"check_regressions: no directory {d}", file=sys.stderr)
            return 2
        for name in sorted(os.listdir(d)):
            if os.path.exists(os.path.join(d, name, "regression.json")):
                entries.append(os.path.join(d, name))
    failed = unchecked = 0
    for entry in entries:
        ok, message = check(args, entry)
        mark = {True: "ok", False: "FAIL", None: "not checked"}[ok]
        print(f"{mark}: {os.path.basename(entry)}: {message}")
        failed += ok is False
        unchecked += ok is None
    print(f"{len(entries)} regression entries: {len(entries) - failed - unchecked}"
          f" as expected, {failed} not, {unchecked} not checked")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
