// Partition-view padding is the one optional type parameter before 13.3: a
// presence byte in 13.1/13.2 files, a bit of the unified flags field from
// 13.3. scripts/check_bytecode_peers.py also feeds this kernel to NVIDIA's
// tileiras and tileirdisasm at every version.
// RUN: tilec-translate --verify-roundtrip --bytecode-version 13.1 %s | FileCheck %s
// RUN: tilec-translate --verify-roundtrip --bytecode-version 13.2 %s | FileCheck %s
// RUN: tilec-translate --verify-roundtrip --bytecode-version 13.3 %s | FileCheck %s
// CHECK: round trip ok
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x8), padding_value = neg_inf, tensor_view<128x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %t = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t1 = load_view_tko weak %pv[%c0, %c0] token = %t : partition_view<tile=(16x8), padding_value = neg_inf, tensor_view<128x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<16x8xf32>, token
    %w = negf %v : tile<16x8xf32>
    %t2 = store_view_tko weak %w, %pv[%c0, %c0] token = %t1 : tile<16x8xf32>, partition_view<tile=(16x8), padding_value = neg_inf, tensor_view<128x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> token
    return
  }
}
