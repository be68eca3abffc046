"""cuTile Python writes the program of this finding: a ct.cumsum along
axis 0 of a ct.mma result (f16 operands, f32 accumulator), stored.
cuTile lowers ct.cumsum to a `scan dim=0` with an `addf` combiner.
Exported without a GPU:

    python3 mmscan0.py mmscan0.tileirbc

tileiras 13.5.37 rejects the export at -O0..-O3 ("error: failed to
compile Tile IR program", exit 5). With axis=1 it compiles (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

@ct.kernel
def mmscan0(A, B, C):
    a = ct.load(A, index=(0, 0), shape=(32, 16))
    b = ct.load(B, index=(0, 0), shape=(16, 16))
    acc = ct.mma(a, b, ct.zeros((32, 16), ct.float32))
    ct.store(C, index=(0, 0), tile=ct.cumsum(acc, axis=0))

def array(dtype):
    return c.ArrayConstraint(dtype, 2, index_dtype=ct.int32, stride_lower_bound_incl=0,
                             alias_groups=[], may_alias_internally=False)

cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([array(ct.float16), array(ct.float16), array(ct.float32)], calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "mmscan0.tileirbc"
c.export_kernel(mmscan0, [sig], out, output_format="tileir_bytecode", bytecode_version="13.3")
