#!/usr/bin/env python3
"""Checks our Tile IR bytecode against NVIDIA's own tools.

Two measures, printed as one line:

    bytecode peers: tileiras accepted N/M, tileirdisasm agrees N/M, cutile read N/M,
                    cutile disasm agrees N/M

* tileiras: every seed kernel (corpus/seeds, plus the kernels of `--extra`
  directories such as tests/Bytecode/peers) is written by
  `tilec-translate --mlir-to-tileirbc --bytecode-version V` for each requested
  version and assembled by NVIDIA's `tileiras --gpu-name sm_100` to a cubin.
  With `--lineinfo`, so that the debug section (tests/Bytecode/peers has a
  kernel with one) is turned into line info rather than skipped.
* tileirdisasm: NVIDIA's disassembler reads the same files into the same
  module as our reader, locations included (both printed by tilec-opt with
  debug info and compared as text).
* cutile: small kernels written in cuTile Python are exported as bytecode
  (`cuda.tile.compilation.export_kernel`, no GPU needed) and must be read and
  verified by `tilec-translate --tileirbc-to-mlir`; where tileirdisasm is
  installed, it must also read them (cuTile writes a debug section) into the
  same module, locations included, as our reader.

tileiras needs libNVVM and ptxas of its own release: the pip wheels install
them beside it (nvidia/cu13), and CUDA_HOME is pointed there so that an older
toolkit in /usr/local/cuda is not picked up instead.

Exit codes: 0 all passed, 1 some failed, 77 (ctest's skip) when neither peer
is installed.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The cuTile kernels exported at every version: two of cutile_samples.py's
# samples (a 1-d and a 2-d one).
CUTILE_EXPORTS = ["vadd", "transpose"]


def find_tileiras():
    """tileiras from the nvidia-cuda-tileiras wheel, or from PATH."""
    try:
        import nvidia  # noqa: F401  (namespace package of the wheels)
        for root in nvidia.__path__:
            candidate = os.path.join(root, "cu13", "bin", "tileiras")
            if os.path.exists(candidate):
                return candidate
    except ImportError:
        pass
    return shutil.which("tileiras")


def run(cmd, env=None, timeout=600):
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "timeout"
    return proc.returncode, proc.stdout + proc.stderr


# Printed locations inline, so the two texts do not depend on alias numbering.
DEBUG_PRINT = ["--mlir-print-debuginfo", "--mlir-print-local-scope"]
# The closing lines of the builtin and cuda_tile modules: their locations are
# not in the format (ours is the file, theirs the text given to tilec-opt).
MODULE_CLOSER = re.compile(r"^( {0,2})} loc\(.*\)$", re.M)


FPOWF = re.compile(r"(= )fpowf ")


def same_as_disassembly(disasm, tool_dir, bc, env):
    """NVIDIA's disassembler and our reader must see the same module,
    locations (the debug section) included: both texts are normalized by
    printing them with tilec-opt."""
    opt = os.path.join(tool_dir, "tilec-opt")
    code, text = run([disasm, "--print-debug-info", bc], env=env)
    if code != 0:
        return False, text
    # Attribute aliases (#loc3 = ...) follow the functions in the
    # disassembly; they must precede the module that uses them.
    # Newer releases print pow's opcode as `fpowf` (13.4 added fpowi beside
    # it); the 13.3 op set we implement calls it `pow`.
    text = FPOWF.sub(r"\1pow ", text)
    lines = text.splitlines()
    aliases = [l for l in lines if l.startswith("#")]
    body = [l for l in lines if not l.startswith("#")]
    wrapped = "\n".join(aliases + ["cuda_tile.module @kernels {"] + body + ["}"]) + "\n"
    theirs = subprocess.run([opt, *DEBUG_PRINT, "-"], input=wrapped,
                            capture_output=True, text=True)
    ours = subprocess.run([opt, *DEBUG_PRINT, bc], capture_output=True, text=True)
    if theirs.returncode or ours.returncode:
        return False, theirs.stderr + ours.stderr
    same = MODULE_CLOSER.sub(r"\1}", theirs.stdout) == MODULE_CLOSER.sub(r"\1}", ours.stdout)
    return same, "disassembly differs from our reading"


def check_tileiras(tileiras, translate, seeds, versions, gpu, tmp, verbose, jobs=1):
    """Counts (accepted, disassembly agrees, total) over `seeds`, a list of
    (name, path, optional) where an optional input may use ops newer than a
    version (it is then left out of that version's count)."""
    env = dict(os.environ)
    env["CUDA_HOME"] = os.path.dirname(os.path.dirname(tileiras))
    env["PATH"] = os.path.dirname(tileiras) + os.pathsep + env.get("PATH", "")
    disasm = os.path.join(os.path.dirname(tileiras), "tileirdisasm")
    tool_dir = os.path.dirname(translate)

    def one(version, name, seed, optional):
        """(counted, accepted, agrees, messages) of one input and version."""
        msgs = []
        bc = os.path.join(tmp, f"{name}.{version}.tileirbc")
        code, out = run([translate, "--mlir-to-tileirbc", "--bytecode-version",
                         version, seed, "-o", bc])
        if code != 0 and "not available in bytecode version" in out and optional:
            return 0, 0, 0, msgs
        if code != 0:
            msgs.append(f"  write failed {version} {name}: {out.strip().splitlines()[:1]}")
            return 1, 0, 0, msgs
        same = 0
        if os.path.exists(disasm):
            same, why = same_as_disassembly(disasm, tool_dir, bc, env)
            if not same:
                msgs.append(f"  tileirdisasm disagrees {version} {name}: {why.strip()[:200]}")
        code, out = run([tileiras, "--gpu-name", gpu, "--lineinfo", bc,
                         "-o", bc + ".cubin"], env=env)
        accepted = code == 0 and os.path.getsize(bc + ".cubin") > 0
        if accepted:
            if verbose:
                msgs.append(f"  ok {version} {name}")
        else:
            msgs.append(f"  tileiras rejected {version} {name} (exit {code}): "
                        f"{out.strip().splitlines()[:2]}")
        for f in (bc, bc + ".cubin"):
            if os.path.exists(f):
                os.remove(f)
        return 1, int(accepted), int(same), msgs

    work = [(v, n, p, o) for v in versions for (n, p, o) in seeds]
    ok = total = agree = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for counted, accepted, same, msgs in pool.map(lambda w: one(*w), work):
            total += counted
            ok += accepted
            agree += same
            for m in msgs:
                print(m)
    return ok, agree, total


PRESETS = ["ints", "floats-exact", "floats", "memory", "control", "mma", "full"]


def generate_programs(tool_dir, count, first_seed, out_dir):
    """`count` programs from tile-gen, spread over every preset, as
    (name, path, optional) inputs."""
    per = -(-count // len(PRESETS))
    programs = []
    for preset in PRESETS:
        d = os.path.join(out_dir, preset)
        code, out = run([os.path.join(tool_dir, "tile-gen"), "--count", str(per),
                         "--seed", str(first_seed), "--policy", preset, "-o", d])
        if code != 0:
            sys.exit(f"tile-gen failed for {preset}: {out.strip()[:300]}")
        for path in sorted(glob.glob(os.path.join(d, "*", "program.mlir"))):
            seed = os.path.basename(os.path.dirname(path))
            programs.append((f"gen-{preset}-{seed}", path, False))
    return programs[:count] if len(programs) > count else programs


def check_cutile(translate, versions, tmp, verbose, tileiras):
    import cutile_samples  # needs numpy, like cuTile itself

    ok = total = agree = 0
    disasm = os.path.join(os.path.dirname(tileiras), "tileirdisasm") if tileiras else None
    env = dict(os.environ)
    if disasm:
        env["CUDA_HOME"] = os.path.dirname(os.path.dirname(tileiras))
    for version in versions:
        out_dir = os.path.join(tmp, f"cutile-{version}")
        os.makedirs(out_dir, exist_ok=True)
        failed = False
        for name in CUTILE_EXPORTS:
            code, out = cutile_samples.export(name, out_dir, version)
            if code != 0:
                print(f"  cuTile export of {name} failed for {version}: "
                      f"{out.strip().splitlines()[-1:]}")
                failed = True
        if failed:
            total += len(CUTILE_EXPORTS)
            continue
        for bc in sorted(glob.glob(os.path.join(out_dir, "*.tileirbc"))):
            total += 1
            code, out = run([translate, "--tileirbc-to-mlir", bc])
            if code == 0:
                ok += 1
                if verbose:
                    print(f"  read {version} {os.path.basename(bc)}")
            else:
                print(f"  could not read cuTile's {version} {os.path.basename(bc)}: "
                      f"{out.strip().splitlines()[:1]}")
            if disasm and os.path.exists(disasm):
                same, why = same_as_disassembly(disasm, os.path.dirname(translate), bc, env)
                agree += same
                if not same:
                    print(f"  tileirdisasm disagrees on cuTile's {version} "
                          f"{os.path.basename(bc)}: {why.strip()[:200]}")
    return ok, agree if disasm and os.path.exists(disasm) else None, total


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool-dir", required=True, help="directory holding tilec-translate")
    parser.add_argument("--seeds", required=True, help="directory of seed kernels (.mlir)")
    parser.add_argument("--extra", action="append", default=[],
                        help="more directories of kernels for tileiras (format corners); "
                             "versions too old for their ops are skipped")
    parser.add_argument("--versions", nargs="+", default=["13.1", "13.2", "13.3"])
    parser.add_argument("--gpu-name", default="sm_100")
    parser.add_argument("--generate", type=int, default=0, metavar="N",
                        help="also N programs from tile-gen, spread over every preset")
    parser.add_argument("--generate-seed", type=int, default=7000,
                        help="first tile-gen seed of each preset")
    parser.add_argument("--jobs", type=int, default=1, help="inputs checked at once")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    translate = os.path.join(args.tool_dir, "tilec-translate")
    seeds = [(os.path.splitext(os.path.basename(p))[0], p, False)
             for p in sorted(glob.glob(os.path.join(args.seeds, "*.mlir")))]
    for extra in args.extra:
        seeds += [(os.path.splitext(os.path.basename(p))[0], p, True)
                  for p in sorted(glob.glob(os.path.join(extra, "*.mlir")))]
    tileiras = find_tileiras()
    try:
        import cuda.tile  # noqa: F401
        have_cutile = True
    except ImportError:
        have_cutile = False
    if not tileiras and not have_cutile:
        print("bytecode peers: skipped (nvidia-cuda-tileiras and cuda-tile not installed)")
        return 77

    parts, failed = [], False
    with tempfile.TemporaryDirectory() as tmp:
        if args.generate:
            seeds += generate_programs(args.tool_dir, args.generate, args.generate_seed,
                                       os.path.join(tmp, "generated"))
        if tileiras:
            ok, agree, total = check_tileiras(tileiras, translate, seeds, args.versions,
                                              args.gpu_name, tmp, args.verbose, args.jobs)
            parts.append(f"tileiras accepted {ok}/{total}")
            parts.append(f"tileirdisasm agrees {agree}/{total}")
            failed |= ok != total or agree != total
        else:
            parts.append("tileiras not installed")
        if have_cutile:
            ok, agree, total = check_cutile(translate, args.versions, tmp, args.verbose,
                                            tileiras)
            parts.append(f"cutile read {ok}/{total}")
            failed |= ok != total
            if agree is not None:
                parts.append(f"cutile disasm agrees {agree}/{total}")
                failed |= agree != total
        else:
            parts.append("cuda-tile not installed")
    print("bytecode peers: " + ", ".join(parts))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
