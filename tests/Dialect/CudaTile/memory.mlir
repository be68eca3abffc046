// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

cuda_tile.module @mem {
  // CHECK: global private constant @lut alignment = 128 <f32: [1.000000e+00, 2.500000e+00]> : tile<2xf32>
  global private constant @lut alignment = 128 <f32 : [1.0, 2.5]> : tile<2xf32>
  // CHECK: global @one <i32: 42> : tile<1xi32>
  global public @one <i32: [42]> : !cuda_tile.tile<1xi32>
  // CHECK: global @ints <i16: [1, -1, 127, 10]> : tile<4xi16>
  global @ints <i16: [1, -1, 0x7F, 0xA]> : tile<4xi16>
  // CHECK: global @specials <f32: [0x7F800000, -0.000000e+00]> : tile<2xf32>
  global @specials <f32: [0x7F800000, -0.0]> : tile<2xf32>

  // CHECK-LABEL: testing$func @views
  testing$func @views(%base: !cuda_tile.tile<!cuda_tile.ptr<f32>>, %n: !cuda_tile.tile<i64>,
                      %i: !cuda_tile.tile<i32>, %t0: !cuda_tile.token) {
    // CHECK: %[[TV:.*]] = make_tensor_view %{{.*}}, shape = [%{{.*}}, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
    %tv = make_tensor_view %base, shape = [%n, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
    // CHECK: make_tensor_view %{{.*}}, shape = [8, 32], strides = [32, 1] : tensor_view<8x32xf32, strides=[32,1]>
    %st = make_tensor_view %base, shape = [8, 32], strides = [32, 1] : tensor_view<8x32xf32, strides=[32,1]>
    // CHECK: %[[PV:.*]] = make_partition_view %[[TV]] : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>
    %pv = make_partition_view %tv : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>
    // CHECK: make_strided_view %[[TV]] : strided_view<tile=(8x8), traversal_strides=[4,4], tensor_view<?x32xf32, strides=[32,1]>>
    %sv = make_strided_view %tv : strided_view<tile=(8x8), traversal_strides=[4,4], tensor_view<?x32xf32, strides=[32,1]>>
    // CHECK: get_tensor_shape %[[TV]] : tensor_view<?x32xf32, strides=[32,1]> -> tile<i64>
    %d0, %d1 = get_tensor_shape %tv : tensor_view<?x32xf32, strides=[32,1]> -> tile<i64>
    // CHECK: get_index_space_shape %[[PV]] : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>> -> tile<i32>
    %s0, %s1 = get_index_space_shape %pv : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>> -> tile<i32>
    // CHECK: %[[T:.*]], %[[TOK:.*]] = load_view_tko weak %[[PV]][%{{.*}}, %{{.*}}] token = %{{.*}} : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    %t, %tok = load_view_tko weak %pv[%i, %i] token = %t0 : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    // CHECK: load_view_tko acquire device %[[PV]][%{{.*}}, %{{.*}}] optimization_hints = <sm_100 = {latency = 2}> : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    %t2, %tok2 = load_view_tko acquire device %pv[%i, %i] optimization_hints = <sm_100 = {latency = 2}> : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    // CHECK: store_view_tko release sys %[[T]], %[[PV]][%{{.*}}, %{{.*}}] token = %[[TOK]] : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    %tok3 = store_view_tko release sys %t, %pv[%i, %i] token = %tok : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }

  // CHECK-LABEL: testing$func @pointers
  testing$func @pointers(%p: !cuda_tile.tile<16x!cuda_tile.ptr<f32>>, %m: !cuda_tile.tile<16xi1>,
                         %v: !cuda_tile.tile<16xf32>, %off: !cuda_tile.tile<16xi32>) {
    // CHECK: %[[TOK:.*]] = make_token : token
    %t0 = make_token : token
    // CHECK: %[[Q:.*]] = offset %{{.*}}, %{{.*}} : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %q = offset %p, %off : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    // CHECK: load_ptr_tko relaxed device %[[Q]], %{{.*}}, %{{.*}} token=%[[TOK]] : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
    %x, %t1 = load_ptr_tko relaxed device %q, %m, %v token = %t0 : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
    // CHECK: store_ptr_tko weak %{{.*}}, %{{.*}}, %{{.*}} : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
    %t2 = store_ptr_tko weak %q, %x, %m : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
    // CHECK: join_tokens %{{.*}}, %{{.*}} : token
    %t3 = join_tokens %t1, %t2 : token
    return
  }

  // CHECK-LABEL: testing$func @atomics
  testing$func @atomics(%p: !cuda_tile.tile<4x!cuda_tile.ptr<i32>>, %v: !cuda_tile.tile<4xi32>,
                        %m: !cuda_tile.tile<4xi1>, %t0: !cuda_tile.token,
                        %view: !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>,
                        %fv: !cuda_tile.tile<2x2xf32>, %i: !cuda_tile.tile<i32>) {
    // CHECK: atomic_rmw_tko acq_rel device %{{.*}}, umax, %{{.*}}, %{{.*}} token=%{{.*}} : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    %r, %t1 = atomic_rmw_tko acq_rel device %p, umax, %v, %m token = %t0 : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    // CHECK: atomic_cas_tko relaxed tl_blk %{{.*}}, %{{.*}}, %{{.*}} : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %c, %t2 = atomic_cas_tko relaxed tl_blk %p, %v, %r : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: atomic_red_view_tko relaxed device %{{.*}}[%{{.*}}, %{{.*}}], addf, %{{.*}} token = %{{.*}} : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
    %t3 = atomic_red_view_tko relaxed device %view[%i, %i], addf, %fv token = %t2 : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
    return
  }

  // CHECK-LABEL: entry @memory_entry
  entry @memory_entry() {
    // CHECK: get_global @lut : tile<ptr<f32>>
    %g = get_global @lut : tile<ptr<f32>>
    // CHECK: alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    %a = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    return
  }
}
