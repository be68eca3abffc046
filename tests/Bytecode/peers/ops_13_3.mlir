// Ops of 13.3 (alloca, make_strided_view, atomic_red_view_tko, pack,
// unpack): written at 13.3, refused for 13.2. Also checked against
// tileiras/tileirdisasm by scripts/check_bytecode_peers.py.
// RUN: tilec-translate --verify-roundtrip %s | FileCheck %s
// RUN: not tilec-translate --mlir-to-tileirbc --bytecode-version 13.2 %s -o %t 2>&1 | FileCheck %s --check-prefix=OLD
// CHECK: round trip ok
// OLD: is not available in bytecode version 13.2
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>, %q: tile<ptr<f16>>) {
    %tv = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %a = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    %sv = make_strided_view %tv : strided_view<tile=(8x8), traversal_strides=[4,4], tensor_view<64x32xf32, strides=[32,1]>>
    %pv = make_partition_view %tv : partition_view<tile=(2x2), tensor_view<64x32xf32, strides=[32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %one = constant <f32: 1.0> : tile<2x2xf32>
    %t = make_token : token
    %t1 = atomic_red_view_tko relaxed device %pv[%c0, %c0], addf, %one token = %t : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    %h = constant <f16: 1.0> : tile<32xf16>
    %b = pack %h : tile<32xf16> -> tile<64xi8>
    %u = unpack %b : tile<64xi8> -> tile<32xf16>
    %qv = make_tensor_view %q, shape = [32], strides = [1] : tensor_view<32xf16, strides=[1]>
    %qp = make_partition_view %qv : partition_view<tile=(32), tensor_view<32xf16, strides=[1]>>
    %t2 = store_view_tko weak %u, %qp[%c0] token = %t1 : tile<32xf16>, partition_view<tile=(32), tensor_view<32xf16, strides=[1]>>, tile<i32> -> token
    return
  }
}
