"""Inputs of simt-warp-shuffle.mlir: wrapping integer sums, the extremes of
each integer type, and floats with NaNs and zeros of both signs."""
import sys

import numpy as np

out = sys.argv[1]
r = np.random.default_rng(5)
i32 = np.iinfo(np.int32)
np.save(f"{out}/i32_1024.npy",
        r.integers(i32.min, i32.max, 1024, endpoint=True).astype(np.int32))
f = r.standard_normal((8, 64)).astype(np.float32)
# For the sequential float sum: PTX's NaN is not the interpreter's
# canonical one, which --bit-exact would count.
np.save(f"{out}/f32_plain_8x64.npy", f)
f[1, 7] = np.nan
f[2, 5] = f[2, 40] = np.nan
f[3, :] = 0.0
f[3, 1::2] = -0.0
f[4, :] = -0.0
f[5, :] = np.nan
np.save(f"{out}/f32_8x64.npy", f)
i64 = np.iinfo(np.int64)
np.save(f"{out}/i64_64x8.npy",
        r.integers(i64.min, i64.max, (64, 8), endpoint=True).astype(np.int64))
i8 = r.integers(-128, 127, (4, 256), endpoint=True).astype(np.int8)
i8[2, 9] = -128
np.save(f"{out}/i8_4x256.npy", i8)
h = r.standard_normal((128, 8)).astype(np.float16)
h[:, 3] = -0.0
h[::2, 3] = 0.0
h[4, 6] = np.nan
h[:, 5] = np.nan
np.save(f"{out}/f16_128x8.npy", h)
# Row 0 holds no element above 1 (any = false), row 1 one.
i1 = r.integers(-3, 2, (2, 256)).astype(np.int32)
i1[1, 200] = 2
np.save(f"{out}/i32_2x256.npy", i1)
