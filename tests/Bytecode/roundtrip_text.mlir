// Text -> bytecode -> text for a kernel using globals, constants, views,
// tokens, a loop with a region, assume predicates and optimization hints;
// the read-back module is printed and checked field by field.
// RUN: tilec-translate --mlir-to-tileirbc %s -o %t.tileirbc
// RUN: tilec-translate --tileirbc-to-mlir %t.tileirbc | FileCheck %s
// tilec-opt reads the bytecode directly too.
// RUN: tilec-opt %t.tileirbc | FileCheck %s

// The module name is not serialized: the reader calls it @kernels.
// CHECK-LABEL: cuda_tile.module @kernels
cuda_tile.module @mine {
  // CHECK: global @g <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  // CHECK: entry @k(%[[P:.*]]: tile<ptr<f32>>, %[[N:.*]]: tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}>
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2 : i32}> {
    // CHECK: assume div_by<16>, %[[P]]
    %pa = assume div_by<16>, %p : tile<ptr<f32>>
    // CHECK: assume bounded<0, ?>, %[[N]]
    %na = assume bounded<0, ?>, %n : tile<i32>
    // CHECK: constant <i32: 0>
    %c0 = constant <i32: 0> : tile<i32>
    // CHECK: constant <i32: 1>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: make_tensor_view {{.*}} shape = [%{{.*}}], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tv = make_tensor_view %pa, shape = [%na], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    // CHECK: partition_view<tile=(16), padding_value = nan, tensor_view<?xf32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = nan, tensor_view<?xf32, strides=[1]>>
    %t0 = make_token : token
    // CHECK: for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %{{.*}}) -> (token)
    %r = for %i in (%c0 to %na, step %c1) : tile<i32> iter_values(%t = %t0) -> (token) {
      // CHECK: load_view_tko weak
      %v, %t1 = load_view_tko weak %pv[%i] token = %t : partition_view<tile=(16), padding_value = nan, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
      // CHECK: addf %{{.*}}, %{{.*}} rounding<zero> : tile<16xf32>
      %s = addf %v, %v rounding<zero> : tile<16xf32>
      // CHECK: store_view_tko weak
      %t2 = store_view_tko weak %s, %pv[%i] token = %t1 : tile<16xf32>, partition_view<tile=(16), padding_value = nan, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
      continue %t2 : token
    }
    return
  }
}
