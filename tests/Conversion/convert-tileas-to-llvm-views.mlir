// A memref is its base pointer, i64 sizes and i64 strides; the index space
// of a tiled view is ceil(size / tile) per dimension (the interpreter's
// indexExtent), and memref_shape returns the sizes.
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s

// CHECK-LABEL: llvm.func @shapes(%arg0: !llvm.ptr<1>, %arg1: i32, %arg2: !llvm.ptr<1>)
// CHECK: %[[N:.*]] = arith.extsi %arg1 : i32 to i64
// CHECK: %[[X:.*]] = arith.ceildivui %[[N]], %c4_i64 : i64
// CHECK: %[[X32:.*]] = arith.trunci %[[X]] : i64 to i32
// CHECK: llvm.store %[[X32]], %arg2
// CHECK: llvm.store %arg1, %arg2

module {
  nv_tileaa.func @shapes(%p: !nv_tileaa.ptr<f32, 1>, %n: i32, %out: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    %m = nv_tileas.make_memref %p, %n {operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.ptr<f32, 1>, i32) -> !nv_tileaa.memref<?x4xf32, strides=[4, 1], 1>
    %v = nv_tileas.view %m : (!nv_tileaa.memref<?x4xf32, strides=[4, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[4, 4], !nv_tileaa.memref<?x4xf32, strides=[4, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %x:2 = nv_tileas.index_space_shape %v : (!nv_tileaa.tiled_view<partition, tile=[4, 4], !nv_tileaa.memref<?x4xf32, strides=[4, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>) -> (i32, i32)
    %s:2 = nv_tileas.memref_shape %m : (!nv_tileaa.memref<?x4xf32, strides=[4, 1], 1>) -> (i32, i32)
    %t0 = nv_tileas.reshape %out : (!nv_tileaa.ptr<i32, 1>) -> tensor<1x!nv_tileaa.ptr<i32, 1>>
    %v0 = nv_tileas.reshape %x#0 : (i32) -> tensor<1xi32>
    %k0 = "nv_tileas.store_ptr_tko"(%t0, %v0) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<1x!nv_tileaa.ptr<i32, 1>>, tensor<1xi32>) -> !nv_tileaa.mem_token
    %v1 = nv_tileas.reshape %s#0 : (i32) -> tensor<1xi32>
    %k1 = "nv_tileas.store_ptr_tko"(%t0, %v1) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<1x!nv_tileaa.ptr<i32, 1>>, tensor<1xi32>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
