#!/usr/bin/env python3
"""Move launch bundles to a GPU machine and their results back, small.

A recorded campaign is hundreds of megabytes of bundles (every launch's
input buffers), and the device tool carries at most 64 MiB each way. Most
of it repeats: the configurations of one program launch with the same
inputs, and a launch leaves most buffers as they were. So:

  pack OUT.tar.xz DIR...       here: the bundles under each DIR, identical
                               files stored once (hard links in the tar)
  extract OUT.tar.xz [--into D]
                               on the GPU machine: unpacks them
  results OUT DIR...           on the GPU machine, after tile-gpu-launch
                               ran DIR...: OUT/results.tar.xz.aa, .ab, ...
                               (15 MB pieces) with each result.txt, what
                               else the run wrote (printed.txt), and only
                               the outN.bin that differ from the launch's
                               input (bufN.bin, or zeros where the buffer
                               had no file)
  unpack PIECES_DIR [--into ROOT]
                               here: unpacks the pieces under ROOT
                               (default .) and writes back every outN.bin
                               that was left out, so that
                               TILECHECK_GPU_LAUNCH=replay:DIR reads whole
                               results

Only the standard library: `extract` and `results` run on the GPU
machine's python3. gpu_nightly.py and gpu_reduce.py call `write_to_gpu`,
which puts the packed bundles, tile-gpu-launch, this script and
run-on-gpu.sh into the directory that goes to the GPU machine, and
`unpack`.
"""

import argparse
import glob
import hashlib
import io
import lzma
import os
import re
import shutil
import subprocess
import sys
import tarfile

OMITTED = "omitted-outputs.txt"


def compress(data):
    """xz, with the xz tool's threads where it is installed (a campaign's
    bundles are hundreds of megabytes), else Python's lzma."""
    if shutil.which("xz"):
        r = subprocess.run(["xz", "-T0", "-6"], input=data,
                           capture_output=True)
        if r.returncode == 0:
            return r.stdout
    return lzma.compress(data, preset=6)


def bundle_dirs(dirs):
    for d in dirs:
        for b in sorted(glob.glob(os.path.join(d, "*"))):
            if os.path.isfile(os.path.join(b, "launch.txt")):
                yield b


def pack(out, dirs, root="."):
    """Packs the bundles under `dirs` (relative to `root`, and so named in
    the archive) into `out`, storing a file whose bytes it has stored
    already as a hard link to it. The bundles themselves stay as they are."""
    seen, buf = {}, io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as t:
        for b in bundle_dirs([os.path.join(root, d) for d in dirs]):
            for path in sorted(glob.glob(os.path.join(b, "*"))):
                if not os.path.isfile(path):
                    continue
                name = os.path.relpath(path, root)
                with open(path, "rb") as f:
                    data = f.read()
                digest = hashlib.sha256(data).hexdigest()
                info = t.gettarinfo(path, arcname=name)
                if digest in seen:
                    info.type, info.linkname, info.size = (
                        tarfile.LNKTYPE, seen[digest], 0)
                    t.addfile(info)
                else:
                    seen[digest] = name
                    t.addfile(info, io.BytesIO(data))
    with open(out, "wb") as f:
        f.write(compress(buf.getvalue()))
    print(f"gpu_bundles: {out}: {os.path.getsize(out) / 1e6:.1f} MB, "
          f"{len(seen)} distinct files")


def write_to_gpu(to_gpu, root, dirs, launcher, usage, extra_files=(),
                 extra_steps=""):
    """What a GPU machine without the toolchain needs, in `to_gpu`: the
    bundles under `dirs` (relative to `root`) packed, `launcher` (a
    tile-gpu-launch), this script, `extra_files`, and run-on-gpu.sh, which
    unpacks, launches the bundles in `bundles`, runs `extra_steps` (shell
    lines that may write into "$out") and packs the results of every dir
    into its argument OUT.
    `usage` is the script's comment line (what to run afterwards)."""
    os.makedirs(to_gpu, exist_ok=True)
    pack(os.path.join(to_gpu, "bundles.tar.xz"), dirs, root)
    for f in (launcher, os.path.abspath(__file__)) + tuple(extra_files):
        shutil.copy2(f, to_gpu)
    with open(os.path.join(to_gpu, "run-on-gpu.sh"), "w") as f:
        f.write("#!/bin/sh\n"
                f"# {usage}\n"
                "out=${1:-results}\n"
                'mkdir -p "$out" || exit 2\n'
                'out=$(cd "$out" && pwd) || exit 2\n'
                'cd "$(dirname "$0")" || exit 2\n'
                "python3 gpu_bundles.py extract bundles.tar.xz || exit 2\n"
                "./tile-gpu-launch --probe || exit 7\n"
                "[ -d bundles ] && ./tile-gpu-launch --jobs 8 bundles "
                '> "$out/launch.log" 2>&1\n'
                'echo "bundles: $(tail -1 "$out/launch.log")"\n'
                + extra_steps +
                f'python3 gpu_bundles.py results "$out" {" ".join(dirs)}\n')


def input_buffer(bundle, index, size):
    """Buffer `index`'s contents before the launch, or None if unknown
    (an `uninit` buffer): the `buffer SIZE contents|zero|uninit ...` lines
    of launch.txt, in order (lib/Gpu/Bundle.cpp)."""
    with open(os.path.join(bundle, "launch.txt")) as f:
        kinds = [line.split()[2] for line in f
                 if line.startswith("buffer ")]
    if index >= len(kinds):
        return None
    if kinds[index] == "zero":
        return bytes(size)
    if kinds[index] == "contents":
        with open(os.path.join(bundle, f"buf{index}.bin"), "rb") as f:
            return f.read()
    return None


def results(out, dirs):
    """On the GPU machine: the results of the bundles under `dirs`, into
    `out` as 15 MB pieces."""
    os.makedirs(out, exist_ok=True)
    buf = io.BytesIO()
    kept = omitted = 0
    with tarfile.open(fileobj=buf, mode="w") as t:
        for b in bundle_dirs(dirs):
            result = os.path.join(b, "result.txt")
            if not os.path.exists(result):
                continue
            t.add(result)
            # Whatever else the run wrote beside its outputs (printed.txt).
            for extra in sorted(glob.glob(os.path.join(b, "*"))):
                name = os.path.basename(extra)
                if name not in ("launch.txt", "result.txt") and not re.match(
                        r"(buf|out)\d+\.bin$|kernel\.", name):
                    t.add(extra)
            left_out = []
            for output in sorted(glob.glob(os.path.join(b, "out*.bin"))):
                index = int(re.match(r"out(\d+)\.bin",
                                     os.path.basename(output)).group(1))
                with open(output, "rb") as f:
                    data = f.read()
                if input_buffer(b, index, len(data)) == data:
                    left_out.append(f"{index} {len(data)}")
                    omitted += 1
                else:
                    t.add(output)
                    kept += 1
            if left_out:
                info = tarfile.TarInfo(os.path.join(b, OMITTED))
                body = ("\n".join(left_out) + "\n").encode()
                info.size = len(body)
                t.addfile(info, io.BytesIO(body))
    data, piece = compress(buf.getvalue()), 15 * 1000 * 1000
    for n, start in enumerate(range(0, max(len(data), 1), piece)):
        name = "results.tar.xz.a" + chr(ord("a") + n)
        with open(os.path.join(out, name), "wb") as f:
            f.write(data[start:start + piece])
    print(f"gpu_bundles: {kept} outputs kept, {omitted} unchanged left out; "
          f"{len(data) / 1e6:.1f} MB in {out}")


def unpack(pieces, into="."):
    """Here: the results in the directory `pieces` unpacked under `into`,
    the outputs left out written back."""
    parts = sorted(glob.glob(os.path.join(pieces, "results.tar.xz.a*")))
    if not parts:
        sys.exit(f"gpu_bundles: no results.tar.xz.a* in {pieces}")
    data = b"".join(open(p, "rb").read() for p in parts)
    restored = 0
    with tarfile.open(fileobj=io.BytesIO(lzma.decompress(data))) as t:
        t.extractall(into, filter="data")
        names = [m.name for m in t.getmembers()
                 if m.name.endswith("/" + OMITTED)]
    for name in names:
        bundle = os.path.join(into, os.path.dirname(name))
        with open(os.path.join(into, name)) as f:
            for line in f:
                index, size = map(int, line.split())
                data = input_buffer(bundle, index, size)
                if data is None:
                    sys.exit(f"gpu_bundles: {bundle}: buffer {index} has "
                             "no input to restore it from")
                with open(os.path.join(bundle, f"out{index}.bin"), "wb") as o:
                    o.write(data)
                restored += 1
    print(f"gpu_bundles: unpacked {len(parts)} piece(s); {restored} "
          "unchanged outputs written back")


def extract(archive, into="."):
    """On the GPU machine: a `pack` archive unpacked (no xz tool needed)."""
    with tarfile.open(archive) as t:
        t.extractall(into, filter="data")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="verb", required=True)
    for verb, first, rest in (("pack", "out", "dirs"),
                              ("results", "out", "dirs"),
                              ("unpack", "pieces", "--into"),
                              ("extract", "archive", "--into")):
        q = sub.add_parser(verb)
        q.add_argument(first)
        if rest == "dirs":
            q.add_argument("dirs", nargs="+")
        else:
            q.add_argument("--into", default=".")
    args = vars(p.parse_args(argv))
    {"pack": pack, "results": results, "unpack": unpack,
     "extract": extract}[args.pop("verb")](**args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
