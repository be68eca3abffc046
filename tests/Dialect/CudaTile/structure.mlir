// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

// Modules, entries with hints, and testing$func with short type spellings.

// CHECK-LABEL: cuda_tile.module @kernels
cuda_tile.module @kernels {
  // Hints print back in the public spelling, integers without a type.
  // CHECK: entry @hinted(%[[A:.*]]: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}> {
  entry @hinted(%a: !cuda_tile.tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}> {
    return
  }
  // An empty hint list is dropped.
  // CHECK: entry @empty_hints(%{{.*}}: tile<i32>) {
  entry @empty_hints(%n: !cuda_tile.tile<i32>) optimization_hints=<> {
  }
  // The prefixed and short element spellings are the same type.
  // CHECK: testing$func @views(%{{.*}}: tile<8xptr<f16>>, %{{.*}}: partition_view<tile=(2x2), padding_value = nan, tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>, %{{.*}}: tensor_view<?x4xi8, strides=[?,1]>)
  testing$func @views(%p: !cuda_tile.tile<8x!cuda_tile.ptr<f16>>,
                      %v: !cuda_tile.partition_view<tile=(2x2), padding_value = nan, !cuda_tile.tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>,
                      %t: tensor_view<?x4xi8, strides=[?,1]>) {
    return
  }
}
