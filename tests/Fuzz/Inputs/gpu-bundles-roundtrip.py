#!/usr/bin/env python3
"""scripts/gpu_bundles.py end to end on hand-made bundles: pack, results
(on the "GPU machine", a second directory), unpack; every file a replay
reads comes back byte for byte, and identical files travel once.

  gpu-bundles-roundtrip.py WORK_DIR
"""
import filecmp
import os
import shutil
import subprocess
import sys
import tarfile

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "..", "scripts",
                      "gpu_bundles.py")
work = sys.argv[1]
here = os.path.join(work, "here")
gpu = os.path.join(work, "gpu")
out = os.path.join(work, "out")


def bundle(root, key, buffers, outs, printed=None):
    d = os.path.join(root, "bundles", key)
    os.makedirs(d)
    lines = ["tilecheck-launch 1", "image kernel.cubin"]
    for i, (kind, data) in enumerate(buffers):
        lines.append(f"buffer {len(data)} {kind} readback")
        if kind == "contents":
            open(os.path.join(d, f"buf{i}.bin"), "wb").write(data)
    open(os.path.join(d, "launch.txt"), "w").write("\n".join(lines) + "\n")
    open(os.path.join(d, "kernel.cubin"), "wb").write(b"\x7fELF" + bytes(60))
    return d, outs, printed


same = bytes(range(256)) * 64
inputs = [("contents", same), ("zero", bytes(4096)), ("uninit", bytes(64))]
specs = [
    # a kernel that writes only buffer 1; buffer 2 was uninit: kept
    ("a1", inputs, [same, b"\x01" * 4096, bytes(64)], None),
    # the same inputs (another configuration), nothing written, a print
    ("a2", inputs, [same, bytes(4096), b"\x02" * 64], "block 0: 7\n"),
]
os.makedirs(here)
made = [bundle(here, *s) for s in specs]
print(subprocess.run([sys.executable, SCRIPT, "pack",
                      os.path.join(work, "b.tar.xz"), "bundles"], cwd=here,
                     check=True, capture_output=True, text=True).stdout,
      end="")
# The bundles here stay as they were (the links are in the archive only).
print("bundle files with other names:",
      sum(os.stat(os.path.join(d, f)).st_nlink > 1
          for (d, _, _) in made for f in os.listdir(d)))
with tarfile.open(os.path.join(work, "b.tar.xz")) as t:
    stored = [m for m in t.getmembers() if m.name.endswith("buf0.bin")]
    print("buf0 stored as files:", sum(m.isfile() for m in stored),
          "links:", sum(m.islnk() for m in stored))
    os.makedirs(gpu)
    t.extractall(gpu, filter="data")
# The "GPU": writes result.txt, outputs and a print into its copy.
for (d, outs, printed) in made:
    g = os.path.join(gpu, os.path.relpath(d, here))
    lines = ["tilecheck-launch-result 1", "status ok"]
    for i, data in enumerate(outs):
        open(os.path.join(g, f"out{i}.bin"), "wb").write(data)
        lines.append(f"out {i} out{i}.bin")
    if printed:
        open(os.path.join(g, "printed.txt"), "w").write(printed)
        lines.append("printed printed.txt")
    open(os.path.join(g, "result.txt"), "w").write("\n".join(lines) + "\n")
print(subprocess.run([sys.executable, SCRIPT, "results", out, "bundles"],
                     cwd=gpu, check=True, capture_output=True,
                     text=True).stdout, end="")
print(subprocess.run([sys.executable, SCRIPT, "unpack", out, "--into", here],
                     check=True, capture_output=True, text=True).stdout,
      end="")
bad = 0
for (d, outs, printed) in made:
    g = os.path.join(gpu, os.path.relpath(d, here))
    for name in sorted(os.listdir(g)):
        if not filecmp.cmp(os.path.join(g, name), os.path.join(d, name),
                           shallow=False):
            print("differs:", os.path.join(d, name))
            bad += 1
print("round trip:", "ok" if not bad else f"{bad} files differ")
sys.exit(1 if bad else 0)
