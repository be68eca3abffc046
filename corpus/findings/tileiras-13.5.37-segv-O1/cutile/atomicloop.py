"""cuTile Python writes the trigger of this finding: a `for` loop whose
body loads one i32 of X and passes it to ct.atomic_min on M, while two
4x4 i16 values carried by the loop swap; after the loop one of them is
reshaped to 16 and scattered through 16 equal pointers (index 0).
Exported without a GPU:

    python3 atomicloop.py atomicloop.tileirbc

tileiras 13.5.37 crashes on the export with SIGSEGV (exit 139) at
-O1..-O3 and compiles it at -O0.

The load's index is the loop variable i. With a constant index, as in
the reduced program, cuTile hoists the load out of the loop, and the
export compiles (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

@ct.kernel
def atomicloop(N, X, M, Y):
    a = ct.zeros((4, 4), ct.int16)
    b = ct.zeros((4, 4), ct.int16)
    for i in range(N):
        x = ct.load(X, index=(i,), shape=(1,), memory_order=ct.MemoryOrder.RELAXED,
                    memory_scope=ct.MemoryScope.DEVICE)
        ct.atomic_min(M, ct.zeros((1,), ct.int32), x, memory_order=ct.MemoryOrder.RELAXED)
        a, b = ct.ones((4, 4), ct.int16), a
    ct.scatter(Y, ct.zeros((16,), ct.int32), ct.reshape(b, (16,)))

def array(dtype):
    return c.ArrayConstraint(dtype, 1, index_dtype=ct.int32, stride_lower_bound_incl=0,
                             alias_groups=[], may_alias_internally=False)

cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([c.ScalarConstraint(ct.int32), array(ct.int32), array(ct.int32), array(ct.int16)],
                        calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "atomicloop.tileirbc"
c.export_kernel(atomicloop, [sig], out, output_format="tileir_bytecode", bytecode_version="13.3")
