"""cuTile Python writes the program of this finding: one ct.mma result
stored with two ct.store to arrays C and D that share an alias group, all
arrays 16-byte aligned (base_addr_divisible_by=16). cuTile orders the
second store after the first by its token, and both are TMA stores for
tileiras. Exported without a GPU:

    python3 mm2.py mm2.tileirbc

On an H200, tileiras 13.5.37's cubin of the export is wrong in C at -O0
and -O3 (6,122 of 8,192 elements); tilec's cubin is right (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

@ct.kernel
def mm2(A, B, C, D, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    i = ct.bid(0)
    j = ct.bid(1)
    acc = ct.full((TM, TN), 0.0, ct.float64)
    a = ct.load(A, index=(i, 0), shape=(TM, TK))
    b = ct.load(B, index=(0, j), shape=(TK, TN))
    acc = ct.mma(a, b, acc)
    ct.store(C, index=(i, j), tile=acc)
    ct.store(D, index=(i, j), tile=acc)

def array(ndim, groups=()):
    return c.ArrayConstraint(ct.float64, ndim, index_dtype=ct.int32,
                             stride_lower_bound_incl=0, alias_groups=list(groups),
                             may_alias_internally=False, stride_constant=[64, 1],
                             stride_divisible_by=[16, 1], shape_divisible_by=16,
                             base_addr_divisible_by=16)

cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([array(2), array(2), array(2, ["cd"]), array(2, ["cd"])] + [128, 64, 16], calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "mm2.tileirbc"
c.export_kernel(mm2, [sig], out, output_format="tileir_bytecode",
                bytecode_version="13.3")
