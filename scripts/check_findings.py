#!/usr/bin/env python3
"""Re-checks every peer finding in corpus/findings against the installed
tools, and says which still reproduce and which are fixed.

Each finding directory has a finding.json:

  {
    "tool": "tileiras", "found_with": "13.5.37",
    "input": "manifest.json" | "program.mlir",
    "expect": {"compiler=tileiras,sm_100,O1": "crash", ...},
    "control": {"compiler=tileiras,sm_100,O0": "none"},
    "needs_gpu": false,
    "status": "open" | "fixed in <version>",
    "cutile": {"input": "cutile/x.mlir", "expect": {...}, "control": {...}}
  }

"expect" maps a configuration to the finding kind tile-diff reports there
(crash, rejection, wrong-result, ...); "control" maps configurations where
the same program must pass, which tells a fix from a tool that no longer
runs at all. For every configuration the script runs

  tile-diff <input> --only-config CONFIG

and compares the kind of its finding ("none" when clean).
A finding reproduces when every "expect" configuration gives its kind; it
is fixed when none does and every control passes; anything else is
"changed" (look at it). Findings that need a GPU (gpu-tileiras
configurations) are "unchecked" where `tile-gpu-launch --probe` finds none.

The optional "cutile" object gives the "input", "expect" and "control" of
cuTile Python's export of the trigger (its text, with a launch header). It
has the finding's "needs_gpu" and is checked the same way, on a row of its
own, "<name> (cuTile export)", and held to the finding's status: an export
that no longer reproduces while the finding is open is "changed" too, so a
release that fixes the bug is noticed from either. --update writes only
the finding's own status; once it says "fixed in ...", the export is held
to "fixed" as well. An export that changes alone no longer reaches the bug:
rewrite it, or drop the "cutile" object and say so in the README.

  check_findings.py [--bin build/bin] [--findings corpus/findings]
                    [--update] [--write-bytecode] [--json OUT]
                    [--gpu-launch record:DIR | replay:DIR]

--update writes the status back ("open", or "fixed in <tool> <version>"); --write-bytecode (re)writes program.tileirbc
beside each text input (the upstream report's bytecode, at the version
finding.json's "bytecode_version" or its expected configurations'
bytecode=V name, else 13.3).

Exit status: 0 every finding is as recorded (an open one reproduces, a
fixed one stays fixed), 1 one is not (a fix, or a finding that no longer
behaves as recorded), 2 the check could not run (no tile-diff, or a tool
error on some finding).
"""

import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPU_LAUNCH = None
GPU = None


def tileiras_version(bin_dir):
    r = subprocess.run([os.path.join(bin_dir, "tile-diff"),
                        "--only-config", "compiler=tileiras,sm_100,O0", "-v",
                        os.path.join(ROOT, "corpus", "seeds", "gemm.mlir")],
                       capture_output=True, text=True, timeout=600)
    m = re.search(r"release ([0-9.]+), V([0-9.]+)", r.stdout)
    return m.group(2) if m else None


def ptxas_version():
    import shutil
    for p in [os.environ.get("TILECHECK_PTXAS"), shutil.which("ptxas"),
              "/usr/local/cuda/bin/ptxas"]:
        if p and os.access(p, os.X_OK):
            r = subprocess.run([p, "--version"], capture_output=True,
                               text=True, timeout=60)
            m = re.search(r"V([0-9.]+)", r.stdout)
            if m:
                return m.group(1)
    return None


def has_gpu(bin_dir):
    probe = os.path.join(bin_dir, "tile-gpu-launch")
    if not os.access(probe, os.X_OK):
        return False
    return subprocess.run([probe, "--probe"], capture_output=True,
                          timeout=120).returncode == 0


def gpu_available(bin_dir):
    """Whether GPU findings can run here: launch bundles, or a GPU that
    tile-gpu-launch finds (probed once)."""
    global GPU
    if GPU is None:
        GPU = bool(GPU_LAUNCH) or has_gpu(bin_dir)
    return GPU


def cases(name, spec):
    """The (row name, spec) pairs to check for one finding: the finding,
    then its cuTile export where finding.json has "cutile" (with the
    finding's needs_gpu)."""
    yield name, spec
    if "cutile" in spec:
        yield (f"{name} (cuTile export)",
               dict({"needs_gpu": spec.get("needs_gpu", False)},
                    **spec["cutile"]))


def unchecked(bin_dir, versions, tool, spec):
    """Why spec cannot be checked here ("unchecked (...)"), or None."""
    if not versions.get(tool):
        return f"unchecked (no {tool})"
    if spec.get("needs_gpu") and not gpu_available(bin_dir):
        return "unchecked (no GPU)"
    return None


def kind_at(bin_dir, finding_dir, spec, config):
    inp = os.path.join(finding_dir, spec["input"])
    cmd = [os.path.join(bin_dir, "tile-diff"), "--only-config", config]
    cmd += ["--manifest", inp] if inp.endswith(".json") else [inp]
    env = dict(os.environ)
    if GPU_LAUNCH and spec.get("needs_gpu"):
        env["TILECHECK_GPU_LAUNCH"] = GPU_LAUNCH
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=900,
                       env=env)
    m = re.search(r"^finding: (\S+) ", r.stdout, re.M)
    if m:
        return m.group(1)
    if re.search(r"expected rejections \(unsupported-target\)", r.stdout):
        return "unsupported-target"
    if re.search(r"configuration runs skipped", r.stdout):
        return "skipped"
    if r.returncode == 0 and "0 findings" in r.stdout:
        return "none"
    return "error: " + ((r.stderr.strip() or r.stdout.strip()).splitlines()
                        or ["exit %d" % r.returncode])[-1]


def verdict_of(spec, got):
    """reproduces (every "expect" configuration gives its kind and every
    control passes), fixed (none shows a finding and the controls pass),
    error (a tool error) or changed (anything else), from got, the kind
    at each configuration."""
    if any(k.startswith("error") for k in got.values()):
        return "error"
    controls_ok = all(got[c] == k for c, k in spec.get("control", {}).items())
    hits = [c for c, k in spec["expect"].items() if got[c] == k]
    if len(hits) == len(spec["expect"]) and controls_ok:
        return "reproduces"
    if not hits and all(got[c] == "none" for c in spec["expect"]) \
            and controls_ok:
        return "fixed"
    return "changed"


def check(bin_dir, finding_dir, spec):
    """The verdict on spec (a finding or its cuTile export) and the kind
    tile-diff reports at each of its configurations."""
    got = {c: kind_at(bin_dir, finding_dir, spec, c)
           for c in list(spec["expect"]) + list(spec.get("control", {}))}
    return verdict_of(spec, got), got


def new_status(old, verdict, tool, version):
    """The status --update writes: "open" where the finding reproduces,
    "fixed in <tool> <version>" where it is newly fixed, else old."""
    if verdict == "reproduces":
        return "open"
    if verdict == "fixed" and not old.startswith("fixed"):
        return f"fixed in {tool} {version}"
    return old


def write_bytecode(bin_dir, finding_dir, spec):
    inp = os.path.join(finding_dir, spec["input"])
    if inp.endswith(".json"):
        with open(inp) as f:
            inp = os.path.join(finding_dir, json.load(f)["program"])
    out = os.path.join(finding_dir, "program.tileirbc")
    subprocess.run([os.path.join(bin_dir, "tilec-translate"),
                    "--mlir-to-tileirbc",
                    "--bytecode-version=" + bytecode_version(spec),
                    inp,
                    "-o", out], check=True)
    return out


def bytecode_version(spec):
    """The version a finding's bytecode is written in: finding.json's
    "bytecode_version", else the one its expected configurations name
    (bytecode=V), else 13.3, the writer's newest."""
    if "bytecode_version" in spec:
        return spec["bytecode_version"]
    for config in spec.get("expect", {}):
        for field in config.split(","):
            if field.startswith("bytecode="):
                return field[len("bytecode="):]
    return "13.3"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--findings",
                    default=os.path.join(ROOT, "corpus", "findings"))
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--write-bytecode", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--gpu-launch", metavar="record:DIR|replay:DIR",
                    help="run the GPU findings' launches through bundles "
                    "(oracle/docs/Gpu.md) on a machine without a GPU")
    args = ap.parse_args(argv)
    global GPU_LAUNCH
    GPU_LAUNCH = args.gpu_launch
    if not os.access(os.path.join(args.bin, "tile-diff"), os.X_OK):
        print(f"check_findings: no tile-diff in {args.bin}", file=sys.stderr)
        return 2
    version = tileiras_version(args.bin)
    versions = {"tileiras": version, "ptxas": ptxas_version()}
    changed = False
    errors = False
    rows = []
    for name in sorted(os.listdir(args.findings)):
        d = os.path.join(args.findings, name)
        path = os.path.join(d, "finding.json")
        if not os.path.isfile(path):
            continue
        with open(path) as f:
            spec = json.load(f)
        if args.write_bytecode:
            write_bytecode(args.bin, d, spec)
        tool = spec.get("tool", "tileiras")
        old = spec.get("status", "open")
        # What was recorded, and what was seen, must agree: an open finding
        # (and its cuTile export) reproduces, a fixed one stays fixed.
        expected = "fixed" if old.startswith("fixed") else "reproduces"
        for row, case in cases(name, spec):
            why = unchecked(args.bin, versions, tool, case)
            if why:
                rows.append((row, why, {}))
                continue
            verdict, got = check(args.bin, d, case)
            if verdict == "error":
                errors = True
            elif verdict != expected:
                changed = True
                # An export is judged by its finding's status: one that
                # stopped (or started) reproducing alone is a change.
                if case is not spec:
                    verdict = "changed"
            rows.append((row, verdict, got))
            new = new_status(old, verdict, tool, versions[tool])
            # --update writes the finding's own status, not its export's.
            if args.update and case is spec and new != old:
                spec["status"] = new
                with open(path, "w") as f:
                    json.dump(spec, f, indent=2)
                    f.write("\n")
    print(f"tileiras {version or 'not found'}; ptxas "
          f"{versions['ptxas'] or 'not found'}")
    for name, verdict, got in rows:
        detail = ", ".join(f"{c.split(',', 1)[1]}: {k}"
                           for c, k in got.items())
        print(f"  {verdict:18} {name}  ({detail})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"tileiras": version,
                       "findings": [{"name": n, "verdict": v, "kinds": g}
                                    for n, v, g in rows]}, f, indent=1)
    if errors:
        return 2
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
