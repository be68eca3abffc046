"""cuTile Python writes the trigger of this finding: a `while True` loop
that leaves through `break` from an `if`, nested in a `for` and carrying
an f16 tile; then, under an `if`, a max-reduce of a loaded tile (else the
loop's tile), scattered through 8 equal pointers (index 0). cuTile lowers
the `while` to a Tile IR `loop` with `break`. Exported without a GPU:

    python3 nestedloop.py nestedloop.tileirbc

tileiras 13.5.37 crashes on the export with SIGSEGV (exit 139) at
-O0..-O3 (README.md).
"""
import sys
import cuda.tile as ct
import cuda.tile.compilation as c

@ct.kernel
def nestedloop(S, X, Y):
    a = ct.zeros((8,), ct.float16)
    b = ct.zeros((8,), ct.float16)
    for j in range(S, 1):
        k = j
        v = b
        while True:
            if k >= j:
                break
            k = j
            v = b
        a, b = a, v
    if S < 1:
        t = ct.load(X, index=(S, 1), shape=(8, 16), memory_order=ct.MemoryOrder.ACQUIRE,
                    memory_scope=ct.MemoryScope.DEVICE)
        r = ct.reduce(t, 1, ct.maximum, float("-inf"))
    else:
        r = b
    ct.scatter(Y, ct.zeros((8,), ct.int32), r)

def array(ndim):
    return c.ArrayConstraint(ct.float16, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                             alias_groups=[], may_alias_internally=False)

cc = c.CallingConvention.cutile_python_v1()
sig = c.KernelSignature([c.ScalarConstraint(ct.int32), array(2), array(1)], calling_convention=cc)
out = sys.argv[1] if len(sys.argv) > 1 else "nestedloop.tileirbc"
c.export_kernel(nestedloop, [sig], out, output_format="tileir_bytecode", bytecode_version="13.3")
