"""cuTile Python writes the program of this finding: a loop whose body
loads a tf32 tile from a tf32 array (base address divisible by 16) and
feeds it to ct.mma. Exported without a GPU:

    python3 tf32mma.py tf32mma.tileirbc

tileiras 13.5.37 aborts on the export for sm_80 (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

@ct.kernel
def tf32mma(B, C):
    acc = ct.full((32, 32), 0, dtype=ct.float32)
    a = ct.full((32, 8), 0, dtype=ct.tfloat32)
    for k in range(C.shape[0] // 32):
        b = ct.load(B, index=(k, 0), shape=(8, 32))
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(0, 0), tile=acc)

def array(dtype, align, **static):
    return c.ArrayConstraint(dtype, 2, index_dtype=ct.int32, stride_lower_bound_incl=0,
                             alias_groups=[], may_alias_internally=False,
                             base_addr_divisible_by=align, **static)

cc = c.CallingConvention.cutile_python_v2()  # v2: static array shapes
# B's shape (8, 32) and strides (64, 1) are compile-time constants, as in
# the generated program; with a dynamic shape the export compiles.
sig = c.KernelSignature([array(ct.tfloat32, 16, stride_constant=[64, 1], shape_constant=[8, 32]),
                         array(ct.float32, 16)], calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "tf32mma.tileirbc"
c.export_kernel(tf32mma, [sig], out, output_format="tileir_bytecode", bytecode_version="13.3")
