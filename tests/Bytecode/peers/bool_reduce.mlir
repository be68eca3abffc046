// i1 constants (dense, bit-packed by MLIR) and i1 reduction identities
// (written with the Integer tag, as NVIDIA's writer does). Also checked
// against tileiras/tileirdisasm by scripts/check_bytecode_peers.py.
// RUN: tilec-translate --verify-roundtrip %s | FileCheck %s
// CHECK: round trip ok
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<i8>>) {
    %c = constant <i1: [true, false, true, true]> : tile<4xi1>
    %r = reduce %c dim=0 identities=[false] : tile<4xi1> -> tile<i1>
      (%e: tile<i1>, %a: tile<i1>) {
        %o = ori %e, %a : tile<i1>
        yield %o : tile<i1>
      }
    %x = exti %r unsigned : tile<i1> -> tile<i8>
    %t = make_token : token
    %t1 = store_ptr_tko weak %p, %x token = %t : tile<ptr<i8>>, tile<i8> -> token
    return
  }
}
