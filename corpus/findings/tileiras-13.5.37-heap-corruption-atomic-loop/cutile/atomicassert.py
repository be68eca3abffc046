"""cuTile Python writes the program of this finding: a `for` loop of
three iterations whose body asserts b <= a with ct.assert_, loads X[i]
and passes it to ct.atomic_max on M, while the two 1-element i32 values
a and b swap. Exported without a GPU:

    python3 atomicassert.py atomicassert.tileirbc

tileiras 13.5.37 compiles the export at -O0. At -O1..-O3 it dies: mostly
glibc's "malloc(): unaligned tcache chunk detected" (SIGABRT, exit 134),
sometimes "corrupted double-linked list" or SIGSEGV (exit 139). Without
the ct.assert_ it compiles (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

@ct.kernel
def atomicassert(X, M):
    a = ct.zeros((1,), ct.int32)
    b = ct.ones((1,), ct.int32)
    for i in range(3):
        ct.assert_(b <= a, "b <= a")
        x = ct.load(X, index=(i,), shape=(1,))
        ct.atomic_max(M, ct.zeros((1,), ct.int32), x, memory_order=ct.MemoryOrder.RELAXED)
        a, b = ct.ones((1,), ct.int32), a

def array(dtype):
    return c.ArrayConstraint(dtype, 1, index_dtype=ct.int32, stride_lower_bound_incl=0,
                             alias_groups=[], may_alias_internally=False)

cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([array(ct.int32), array(ct.int32)], calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "atomicassert.tileirbc"
c.export_kernel(atomicassert, [sig], out, output_format="tileir_bytecode", bytecode_version="13.3")
