// Float, shape and constant folders of the mirrored ops (MirrorOpsImpl.inc;
// compiler/docs/Lowering.md "Folding"): only where the result is exactly
// IEEE's (nearest even, no flush to zero, f16/bf16/f32/f64, never a NaN).
// RUN: tilec-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @float_constants
nv_tileaa.func @float_constants() -> (f32, f32, f32, tensor<2xf16>, f32) {
  %a = "nv_tileaa.constant"() <{value = dense<1.5> : tensor<f32>}> : () -> f32
  %b = "nv_tileaa.constant"() <{value = dense<2.25> : tensor<f32>}> : () -> f32
  %h = "nv_tileaa.constant"() <{value = dense<[1.0, 65504.0]> : tensor<2xf16>}> : () -> tensor<2xf16>
  // CHECK-DAG: nv_tileaa.constant {value = dense<3.750000e+00> : tensor<f32>} : f32
  %s = "nv_tileaa.addf"(%a, %b) : (f32, f32) -> f32
  // CHECK-DAG: nv_tileaa.constant {value = dense<3.375000e+00> : tensor<f32>} : f32
  %m = "nv_tileaa.mulf"(%a, %b) : (f32, f32) -> f32
  // CHECK-DAG: nv_tileaa.constant {value = dense<-1.500000e+00> : tensor<f32>} : f32
  %n = "nv_tileaa.negf"(%a) : (f32) -> f32
  // f16 overflow rounds to infinity, as the hardware does.
  // CHECK-DAG: nv_tileaa.constant {value = dense<[2.000000e+00, 0x7C00]> : tensor<2xf16>} : tensor<2xf16>
  %hh = "nv_tileaa.addf"(%h, %h) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  // Directed rounding does not fold.
  // CHECK-DAG: %[[Z:.*]] = nv_tileaa.subf %{{.*}}, %{{.*}} {rounding_mode = #cuda_tile.rounding<zero>} : f32
  %z = "nv_tileaa.subf"(%a, %b) <{rounding_mode = #cuda_tile.rounding<zero>}> : (f32, f32) -> f32
  // CHECK: nv_tileaa.return
  nv_tileaa.return %s, %m, %n, %hh, %z : f32, f32, f32, tensor<2xf16>, f32
}

// CHECK-LABEL: nv_tileaa.func @float_identities
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
nv_tileaa.func @float_identities(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %nz = "nv_tileaa.constant"() <{value = dense<-0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %pz = "nv_tileaa.constant"() <{value = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %one = "nv_tileaa.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  // x + -0 is x; x + +0 is not (-0 + +0 = +0).
  %a = "nv_tileaa.addf"(%x, %nz) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: %[[B:.*]] = nv_tileaa.addf %[[X]], %{{.*}} {rounding_mode = #cuda_tile.rounding<nearest_even>} : tensor<4xf32>
  %b = "nv_tileaa.addf"(%x, %pz) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %m = "nv_tileaa.mulf"(%x, %one) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // With flush to zero a subnormal x would become 0: no fold.
  // CHECK: %[[F:.*]] = nv_tileaa.mulf %[[X]], %{{.*}} {flush_to_zero, rounding_mode = #cuda_tile.rounding<nearest_even>} : tensor<4xf32>
  %f = "nv_tileaa.mulf"(%x, %one) <{flush_to_zero}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: nv_tileaa.return %[[X]], %[[B]], %[[X]], %[[F]]
  nv_tileaa.return %a, %b, %m, %f : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// A NaN result is never folded.
// CHECK-LABEL: nv_tileaa.func @no_nan
nv_tileaa.func @no_nan() -> f32 {
  %z = "nv_tileaa.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> f32
  // CHECK: nv_tileaa.divf
  %d = "nv_tileaa.divf"(%z, %z) : (f32, f32) -> f32
  nv_tileaa.return %d : f32
}

// Broadcast and reshape of constants are constants; a static memref
// dimension is a constant, a dynamic one the size given to make_memref.
// CHECK-LABEL: nv_tileaa.func @shapes
// CHECK-SAME: (%{{.*}}: !nv_tileaa.ptr<f32, 1>, %[[N:.*]]: i32)
nv_tileaa.func @shapes(%p: !nv_tileaa.ptr<f32, 1>, %n: i32) -> (tensor<2x2xi32>, tensor<4xi32>, i32, i32) {
  %c = "nv_tileaa.constant"() <{value = dense<7> : tensor<i32>}> : () -> i32
  %r = "nv_tileaa.reshape"(%c) : (i32) -> tensor<1xi32>
  %b = "nv_tileaa.broadcast"(%r) : (tensor<1xi32>) -> tensor<4xi32>
  %v = "nv_tileaa.constant"() <{value = dense<[1, 2, 3, 4]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %q = "nv_tileaa.reshape"(%v) : (tensor<4xi32>) -> tensor<2x2xi32>
  %m = nv_tileaa.make_memref %p, %n {operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.ptr<f32, 1>, i32) -> !nv_tileaa.memref<?x8xf32, strides=[8, 1], 1>
  %d0, %d1 = nv_tileaa.memref_shape %m : (!nv_tileaa.memref<?x8xf32, strides=[8, 1], 1>) -> (i32, i32)
  // CHECK-DAG: %[[Q:.*]] = nv_tileaa.constant {value = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>} : tensor<2x2xi32>
  // CHECK-DAG: %[[B:.*]] = nv_tileaa.constant {value = dense<7> : tensor<4xi32>} : tensor<4xi32>
  // CHECK-DAG: %[[E:.*]] = nv_tileaa.constant {value = dense<8> : tensor<i32>} : i32
  // CHECK-NOT: memref_shape
  // CHECK: nv_tileaa.return %[[Q]], %[[B]], %[[N]], %[[E]]
  nv_tileaa.return %q, %b, %d0, %d1 : tensor<2x2xi32>, tensor<4xi32>, i32, i32
}

// The index space of a view of static dimensions: ceil(dim / tile) for a
// partition, ceil(dim / stride) for a strided view; a dynamic one stays.
// CHECK-LABEL: nv_tileaa.func @index_space
nv_tileaa.func @index_space(%p: !nv_tileaa.ptr<f32, 1>, %n: i32) -> (i32, i32, i32, i32, i32) {
  %m = nv_tileaa.make_memref %p {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<10x64xf32, strides=[64, 1], 1>
  %v = nv_tileaa.make_tiled_view %m : (!nv_tileaa.memref<10x64xf32, strides=[64, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[4, 16], !nv_tileaa.memref<10x64xf32, strides=[64, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
  %a, %b = nv_tileaa.index_space_shape %v : (!nv_tileaa.tiled_view<partition, tile=[4, 16], !nv_tileaa.memref<10x64xf32, strides=[64, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>) -> (i32, i32)
  %d = nv_tileaa.make_memref %p, %n {operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.ptr<f32, 1>, i32) -> !nv_tileaa.memref<?x64xf32, strides=[64, 1], 1>
  %w = nv_tileaa.make_tiled_view %d : (!nv_tileaa.memref<?x64xf32, strides=[64, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[4, 16], !nv_tileaa.memref<?x64xf32, strides=[64, 1], 1>, dim_map=[1, 0], traversal_strides=[], sparse_dim=-1>
  // CHECK-DAG: %[[THREE:.*]] = nv_tileaa.constant {value = dense<3> : tensor<i32>} : i32
  // CHECK-DAG: %[[FOUR:.*]] = nv_tileaa.constant {value = dense<4> : tensor<i32>} : i32
  // CHECK-DAG: %[[SIXTEEN:.*]] = nv_tileaa.constant {value = dense<16> : tensor<i32>} : i32
  // CHECK: %[[DYN:.*]]:2 = nv_tileaa.index_space_shape
  %c, %e = nv_tileaa.index_space_shape %w : (!nv_tileaa.tiled_view<partition, tile=[4, 16], !nv_tileaa.memref<?x64xf32, strides=[64, 1], 1>, dim_map=[1, 0], traversal_strides=[], sparse_dim=-1>) -> (i32, i32)
  // CHECK: nv_tileaa.return %[[THREE]], %[[FOUR]], %[[SIXTEEN]], %[[DYN]]#1, %{{.*}}
  nv_tileaa.return %a, %b, %c, %e, %n : i32, i32, i32, i32, i32
}
