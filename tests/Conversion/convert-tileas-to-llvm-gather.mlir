// A gather view's row indices are a tile other threads hold: they are
// staged in the scratch buffer (owners write, a barrier), each slot reads
// the row of its tile row, and a barrier ends the access. One warp: the
// 8x2 tile is one slot per thread (element tid mod 16, owner tid < 16), the
// 8 row indices one slot (row tid mod 8, owner tid < 8).
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s

// CHECK-LABEL: module attributes {tilec.dynamic_shared_memory = 32 : i64}
// CHECK: llvm.func @g(%[[P:.*]]: !llvm.ptr<1>)
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @__tilec_smem : !llvm.ptr<3>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[ROW:.*]] = arith.remui %[[TID]], %c8_i32 : i32
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[SMEM]][%[[ROW]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: %[[OWNS:.*]] = arith.cmpi ult, %[[TID]], %c8_i32 : i32
// CHECK: scf.if %[[OWNS]] {
// CHECK:   llvm.store %[[ROW]], %[[SLOT]]
// CHECK: nvvm.barrier0
// CHECK: %[[E:.*]] = arith.remui %[[TID]], %c16_i32 : i32
// CHECK: %[[J:.*]] = arith.divui %[[E]], %c2_i32 : i32
// The row's tensor coordinate is the staged row index.
// CHECK: %[[RA:.*]] = llvm.getelementptr %[[SMEM]][%[[J]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: %[[R:.*]] = llvm.load %[[RA]] : !llvm.ptr<3> -> i32
// CHECK: %[[R64:.*]] = arith.extui %[[R]] : i32 to i64
// CHECK: arith.cmpi ult, %[[R64]], %c24_i64 : i64
// CHECK: llvm.load
// CHECK: nvvm.barrier0

module {
  nv_tileaa.func @g(%p: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    %c0 = arith.constant 0 : i32
    %m = nv_tileas.make_memref %p {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<24x2xf32, strides=[2, 1], 1>
    %v = nv_tileas.view %m : (!nv_tileaa.memref<24x2xf32, strides=[2, 1], 1>) -> !nv_tileaa.tiled_view<gather_scatter, tile=[8, 2], !nv_tileaa.memref<24x2xf32, strides=[2, 1], 1>, dim_map=[], traversal_strides=[], sparse_dim=0>
    %rows = nv_tileas.iota : tensor<8xi32>
    %t, %tok = nv_tileas.tiled_load %v, %rows, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>} : (!nv_tileaa.tiled_view<gather_scatter, tile=[8, 2], !nv_tileaa.memref<24x2xf32, strides=[2, 1], 1>, dim_map=[], traversal_strides=[], sparse_dim=0>, tensor<8xi32>, i32) -> (tensor<8x2xf32>, !nv_tileaa.mem_token)
    %s = nv_tileas.tiled_store %t, %v, %rows, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<8x2xf32>, !nv_tileaa.tiled_view<gather_scatter, tile=[8, 2], !nv_tileaa.memref<24x2xf32, strides=[2, 1], 1>, dim_map=[], traversal_strides=[], sparse_dim=0>, tensor<8xi32>, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
