"""cuTile Python writes the program of this finding: a ct.cumsum of a
loaded 8-element i32 tile, reshaped to 2x4 and stored. cuTile lowers
ct.cumsum to a `scan` with an `addi` combiner, then a `reshape`.
Exported without a GPU:

    python3 scanreshape.py scanreshape.tileirbc

tileiras 13.5.37 rejects the export at -O0..-O3 ("error: failed to
compile Tile IR program", exit 5). Storing the scan without the reshape
compiles (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

@ct.kernel
def scanreshape(X, Y):
    x = ct.load(X, index=(0,), shape=(8,))
    s = ct.cumsum(x, axis=0)
    ct.store(Y, index=(0, 0), tile=ct.reshape(s, (2, 4)))

def array(ndim):
    return c.ArrayConstraint(ct.int32, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                             alias_groups=[], may_alias_internally=False)

cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([array(1), array(2)], calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "scanreshape.tileirbc"
c.export_kernel(scanreshape, [sig], out, output_format="tileir_bytecode", bytecode_version="13.3")
