// The lowering of materialized layout conversions (compiler/docs/
// Backend.md, "Layout conversions"): a per-element register copy root is a
// loop over the thread's slots through two arrays of its own, carrying the
// root's loop annotation; a staging buffer is the thread group's copy of
// its bytes after the scratch buffer, written by the owners between two
// barriers and read back slot by slot; a plain convert_layout moves
// nothing. 512 f32 over 128 threads: 4 slots, one 16-byte run each.
// RUN: tilec-opt %s --split-input-file --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s
// The annotation reaches the loop's latch branch in the LLVM dialect.
// RUN: tilec-opt %s --split-input-file --convert-tileas-to-llvm --tilec-finalize-llvm | FileCheck %s --check-prefix=LATCH

#reg = #nv_tileas<layout reg>
#mma_a = #nv_tileas<layout mma_a>

// The buffer of 2048 bytes is the only shared memory.
// CHECK-LABEL: module attributes {{{.*}}tilec.dynamic_shared_memory = 2048 : i64}
// CHECK: llvm.func @convert
// CHECK-DAG: %[[FROM:.*]] = llvm.alloca %{{.*}} x f32 : (i32) -> !llvm.ptr
// CHECK-DAG: %[[TO:.*]] = llvm.alloca %{{.*}} x f32 : (i32) -> !llvm.ptr
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.store
// CHECK: } {loop_annotation = #{{.*}}}
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr -> f32
// The staging: a barrier, one vector store of the owner's run, a barrier,
// one vector load.
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.return
// LATCH: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = false>
// LATCH: #[[ANN:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// LATCH: llvm.br ^{{.*}} {loop_annotation = #[[ANN]]}

module attributes {nv_tileaa.compute_capability = 80 : i32} {
  nv_tileaa.func @convert(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
    %c0_i32 = arith.constant 0 : i32
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<512xf32, strides=[1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<512xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %tile, %token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<512xf32, #reg>, !nv_tileaa.mem_token)
    %2 = nv_tileas.reshape %tile : (tensor<512xf32, #reg>) -> tensor<16x32xf32, #reg>
    %3 = nv_tileas.convert_layout %2 {loop_annotation = #llvm.loop_annotation<unroll = <disable = false>>, nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 4>, nv_tileas.root_reg_to_reg_copy_op} : (tensor<16x32xf32, #reg>) -> tensor<16x32xf32, #mma_a>
    %4 = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<16x32xf32>
    nv_tileas.copy %3, %4 : (tensor<16x32xf32, #mma_a>, !nv_tileas.smem<16x32xf32>) -> ()
    %5 = nv_tileas.smem_load %4 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 1, atomBytes = 16>} : (!nv_tileas.smem<16x32xf32>) -> tensor<16x32xf32, #reg>
    %6 = nv_tileas.convert_layout %5 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 16>} : (tensor<16x32xf32, #reg>) -> tensor<16x32xf32, #mma_a>
    %7 = nv_tileas.convert_layout %6 : (tensor<16x32xf32, #mma_a>) -> tensor<16x32xf32, #reg>
    %8 = nv_tileas.reshape %7 : (tensor<16x32xf32, #reg>) -> tensor<512xf32, #reg>
    %9 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<512xf32, strides=[1], 1>
    %10 = nv_tileas.view %9 : (!nv_tileaa.memref<512xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %11 = nv_tileas.tiled_store %8, %10, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<512xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}

// -----

// A hand-written buffer at an offset that is not a multiple of 16 is moved
// one element per access (a 16-byte vector access there would be
// misaligned).
// CHECK-LABEL: module attributes {{{.*}}tilec.dynamic_shared_memory = 2064 : i64}
// CHECK: llvm.func @unaligned
// CHECK-NOT: vector<4xf32>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: vector<4xf32>
// CHECK: llvm.return
module attributes {nv_tileaa.compute_capability = 80 : i32} {
  nv_tileaa.func @unaligned(%arg0: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
    %c0_i32 = arith.constant 0 : i32
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<512xf32, strides=[1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<512xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %tile, %token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<512xf32, #nv_tileas<layout reg>>, !nv_tileaa.mem_token)
    %b = nv_tileas.alloc_tensor {offset = 4 : i64} : !nv_tileas.smem<512xf32>
    nv_tileas.copy %tile, %b : (tensor<512xf32, #nv_tileas<layout reg>>, !nv_tileas.smem<512xf32>) -> ()
    %r = nv_tileas.smem_load %b : (!nv_tileas.smem<512xf32>) -> tensor<512xf32, #nv_tileas<layout reg>>
    %s = nv_tileas.tiled_store %r, %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<512xf32, #nv_tileas<layout reg>>, !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
