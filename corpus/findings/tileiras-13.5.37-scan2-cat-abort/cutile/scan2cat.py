"""cuTile Python writes the program of this finding: a two-tile ct.scan
(signed max, add) along axis 0 of a loaded 16x4 i64 tile, the max result
reshaped to 1x2x32, ct.cat with itself along axis 2, reshaped to 2x64 and
stored. Exported without a GPU:

    python3 scan2cat.py scan2cat.tileirbc

tileiras 13.5.37 aborts on the export at -O0..-O3 (SIGABRT, exit 134,
no message). The two-result scan stored alone compiles (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

def maxadd(m1, s1, m2, s2):
    return ct.maximum(m1, m2), s1 + s2

@ct.kernel
def scan2cat(X, Y):
    x = ct.load(X, index=(0, 0), shape=(16, 4))
    m, s = ct.scan((x, x), 0, maxadd, (-(2**63), 0))
    r = ct.reshape(m, (1, 2, 32))
    ct.store(Y, index=(0, 0), tile=ct.reshape(ct.cat((r, r), 2), (2, 64)))

def array(ndim):
    return c.ArrayConstraint(ct.int64, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                             alias_groups=[], may_alias_internally=False)

cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([array(2), array(2)], calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "scan2cat.tileirbc"
c.export_kernel(scan2cat, [sig], out, output_format="tileir_bytecode", bytecode_version="13.3")
