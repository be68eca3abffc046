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
  unpack RESULTS_DIR [--into ROOT]
                               here: unpacks the pieces under ROOT
                               (default .) and writes back every outN.bin
                               that was left out, so that
                               TILECHECK_GPU_LAUNCH=replay:DIR reads whole
                               results

Only the standard library: `results` runs on the GPU machine's python3.
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


def pack(args, cwd=None):
    """Packs args.dirs (relative to `cwd`, default the current directory)
    into args.out."""
    if cwd:
        here = os.getcwd()
        os.chdir(cwd)
        try:
            return pack(args)
        finally:
            os.chdir(here)
    seen = {}
    for b in bundle_dirs(args.dirs):
        for path in sorted(glob.glob(os.path.join(b, "*"))):
            if not os.path.isfile(path) or os.path.islink(path):
                continue
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if digest in seen:
                if not os.path.samefile(seen[digest], path):
                    os.unlink(path)
                    os.link(seen[digest], path)
            else:
                seen[digest] = path
    # tarfile stores a hard link to a file it has stored already as a link.
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as t:
        for d in args.dirs:
            t.add(d)
    with open(args.out, "wb") as out:
        out.write(compress(buf.getvalue()))
    print(f"gpu_bundles: {args.out}: {os.path.getsize(args.out) / 1e6:.1f} "
          f"MB, {len(seen)} distinct files")
    return 0


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


def results(args):
    os.makedirs(args.out, exist_ok=True)
    buf = io.BytesIO()
    kept = omitted = 0
    with tarfile.open(fileobj=buf, mode="w") as t:
        for b in bundle_dirs(args.dirs):
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
            for out in sorted(glob.glob(os.path.join(b, "out*.bin"))):
                index = int(re.match(r"out(\d+)\.bin",
                                     os.path.basename(out)).group(1))
                with open(out, "rb") as f:
                    data = f.read()
                if input_buffer(b, index, len(data)) == data:
                    left_out.append(f"{index} {len(data)}")
                    omitted += 1
                else:
                    t.add(out)
                    kept += 1
            if left_out:
                info = tarfile.TarInfo(os.path.join(b, OMITTED))
                body = ("\n".join(left_out) + "\n").encode()
                info.size = len(body)
                t.addfile(info, io.BytesIO(body))
    data, piece = compress(buf.getvalue()), 15 * 1000 * 1000
    for n, start in enumerate(range(0, max(len(data), 1), piece)):
        name = "results.tar.xz.a" + chr(ord("a") + n)
        with open(os.path.join(args.out, name), "wb") as f:
            f.write(data[start:start + piece])
    print(f"gpu_bundles: {kept} outputs kept, {omitted} unchanged left out; "
          f"{len(data) / 1e6:.1f} MB in {args.out}")
    return 0


def unpack(args):
    parts = sorted(glob.glob(os.path.join(args.results,
                                          "results.tar.xz.a*")))
    if not parts:
        sys.exit(f"gpu_bundles: no results.tar.xz.a* in {args.results}")
    data = b"".join(open(p, "rb").read() for p in parts)
    restored = 0
    with tarfile.open(fileobj=io.BytesIO(lzma.decompress(data))) as t:
        t.extractall(args.into, filter="data")
        names = [m.name for m in t.getmembers()
                 if m.name.endswith("/" + OMITTED)]
    for name in names:
        bundle = os.path.join(args.into, os.path.dirname(name))
        with open(os.path.join(args.into, name)) as f:
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
    return 0


def extract(args):
    """Unpacks a `pack` archive here (the GPU machine needs no xz tool)."""
    with tarfile.open(args.archive) as t:
        t.extractall(args.into, filter="data")
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="verb", required=True)
    a = sub.add_parser("pack")
    a.add_argument("out")
    a.add_argument("dirs", nargs="+")
    b = sub.add_parser("results")
    b.add_argument("out")
    b.add_argument("dirs", nargs="+")
    c = sub.add_parser("unpack")
    c.add_argument("results")
    c.add_argument("--into", default=".")
    e = sub.add_parser("extract")
    e.add_argument("archive")
    e.add_argument("--into", default=".")
    args = p.parse_args(argv)
    return {"pack": pack, "results": results, "unpack": unpack,
            "extract": extract}[args.verb](args)


if __name__ == "__main__":
    sys.exit(main())
