#!/usr/bin/env python3
"""A stand-in for tile-gpu-launch in tests: a GPU whose kernels write
nothing. Every bundle under the given directories gets a result.txt
(status ok) and, for each buffer read back, outN.bin equal to the buffer
before the launch (bufN.bin, or zeros).

  fake-gpu-launch.py DIR...
"""
import glob
import os
import sys

for d in sys.argv[1:]:
    for b in sorted(glob.glob(os.path.join(d, "*"))):
        launch = os.path.join(b, "launch.txt")
        if not os.path.exists(launch):
            continue
        with open(launch) as f:
            buffers = [l.split() for l in f if l.startswith("buffer ")]
        lines = ["tilecheck-launch-result 1", "status ok",
                 "device a fake GPU, sm_90"]
        for i, (_, size, kind, readback) in enumerate(buffers):
            if readback != "readback":
                continue
            src = os.path.join(b, f"buf{i}.bin")
            data = open(src, "rb").read() if kind == "contents" else \
                bytes(int(size))
            with open(os.path.join(b, f"out{i}.bin"), "wb") as o:
                o.write(data)
            lines.append(f"out {i} out{i}.bin")
        with open(os.path.join(b, "result.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
