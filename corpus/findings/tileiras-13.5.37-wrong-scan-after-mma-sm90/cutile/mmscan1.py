"""cuTile Python writes the program of this finding: a ct.scan with
ct.minimum (identity +inf) along axis 1 of a ct.mma result (A 16x32 f16,
B 32x64 f16, f32 accumulator), stored. cuTile lowers it to `mmaf`, then
`scan dim=1` with a `minf` combiner. Exported without a GPU:

    python3 mmscan1.py mmscan1.tileirbc

tileiras 13.5.37 compiles the export at sm_90 -O0 and -O3. Whether its
cubin is wrong, as for scan-after-mma.mlir, needs a GPU and is not
checked yet (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

@ct.kernel
def mmscan1(A, B, C):
    a = ct.load(A, index=(0, 0), shape=(16, 32))
    b = ct.load(B, index=(0, 0), shape=(32, 64))
    acc = ct.mma(a, b, ct.zeros((16, 64), ct.float32))
    ct.store(C, index=(0, 0), tile=ct.scan(acc, 1, ct.minimum, float("inf")))

def array(dtype):
    return c.ArrayConstraint(dtype, 2, index_dtype=ct.int32, stride_lower_bound_incl=0,
                             alias_groups=[], may_alias_internally=False)

cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([array(ct.float16), array(ct.float16), array(ct.float32)], calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "mmscan1.tileirbc"
c.export_kernel(mmscan1, [sig], out, output_format="tileir_bytecode", bytecode_version="13.3")
