// RUN: tilec-opt --tileas-queue-to-pipeline %s | FileCheck %s
// RUN: tilec-opt --tileas-queue-to-pipeline %s -o %t.mlir
// RUN: tilec-opt --tileas-queue-to-pipeline --canonicalize %s | FileCheck %s --check-prefix=CANON
// CANON-LABEL: nv_tileaa.func @split
// CANON: scf.for {{.*}} -> (!nv_tileas.iterator, !nv_tileas.iterator)
// CANON: scf.for {{.*}} -> (tensor<8xf32, #reg>, !nv_tileas.iterator, !nv_tileas.iterator)
// The pipelines compute what the queues do, in every interleaving of the
// two agents.
// RUN: python3 -c "import numpy as np; np.save('%t.a.npy', np.arange(64, dtype=np.float32))"
// RUN: tile-run %s --entry split --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --interleavings 50 --out-dir %t.ref
// RUN: tile-run %t.mlir --entry split --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --interleavings 50 --out-dir %t.pipe
// RUN: cmp %t.ref/arg1.npy %t.pipe/arg1.npy

// The output of tileaa-queue-loads after convert-tileaa-to-tileas: two
// queues, a producer agent and the loop that consumes them.

// CHECK-LABEL: nv_tileaa.func @split
// CHECK: %[[PX:.*]] = nv_tileas.async.pipeline.create_pipeline : <tensor<8xf32, #reg>, 2>
// CHECK: %[[PY:.*]] = nv_tileas.async.pipeline.create_pipeline : <tensor<8xf32, #reg>, 2>
// CHECK: nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 1, 4>, tileas.dual_simt = false} {
// CHECK: %[[IX:.*]] = nv_tileas.async.pipeline.create_iterator %[[PX]]
// CHECK: %[[IY:.*]] = nv_tileas.async.pipeline.create_iterator %[[PY]]
// CHECK: scf.for %{{.*}} iter_args(%[[C:[^ ]*]] = %{{.*}}, %[[AX:.*]] = %[[IX]], %[[AY:.*]] = %[[IY]]) -> (i32, !nv_tileas.iterator, !nv_tileas.iterator)
// A load whose one use is the put moves into the region (issued once the
// slot is acquired); the pure addi computing the second one's index stays.
// CHECK-NEXT: nv_tileas.async.pipeline.produce_one %[[PX]], %[[AX]] : <tensor<8xf32, #reg>, 2> {
// CHECK-NEXT: %[[X:.*]], %{{.*}} = nv_tileas.tiled_load
// CHECK-NEXT: nv_tileas.async.pipeline.yield %[[X]] : tensor<8xf32, #reg>
// CHECK-NEXT: }
// CHECK-NEXT: %[[J:.*]] = arith.addi
// CHECK-NEXT: nv_tileas.async.pipeline.produce_one %[[PY]], %[[AY]]
// CHECK-NEXT: %[[Y:.*]], %{{.*}} = nv_tileas.tiled_load %{{.*}}, %[[J]]
// CHECK-NEXT: nv_tileas.async.pipeline.yield %[[Y]] : tensor<8xf32, #reg>
// CHECK: %[[NX:.*]] = nv_tileas.async.pipeline.increment_iterator %[[AX]]
// CHECK-NEXT: %[[NY:.*]] = nv_tileas.async.pipeline.increment_iterator %[[AY]]
// The counter, which only the queue ops read, is yielded unchanged (the
// canonicalizer then drops it, CANON below).
// CHECK-NEXT: scf.yield %[[C]], %[[NX]], %[[NY]] : i32, !nv_tileas.iterator, !nv_tileas.iterator
// CHECK: nv_tileas.async.pipeline.yield
// CHECK-NEXT: }, {
// CHECK: %[[JX:.*]] = nv_tileas.async.pipeline.create_iterator %[[PX]]
// CHECK: %[[JY:.*]] = nv_tileas.async.pipeline.create_iterator %[[PY]]
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[D:[^ ]*]] = %{{.*}}, %[[BX:.*]] = %[[JX]], %[[BY:.*]] = %[[JY]])
// CHECK-NEXT: %[[GX:.*]] = nv_tileas.async.pipeline.consume_one %[[PX]], %[[BX]] : <tensor<8xf32, #reg>, 2> -> tensor<8xf32, #reg> {
// CHECK-NEXT: ^bb0(%[[V:.*]]: tensor<8xf32, #reg>):
// CHECK-NEXT: nv_tileas.async.pipeline.yield %[[V]] : tensor<8xf32, #reg>
// CHECK: %[[GY:.*]] = nv_tileas.async.pipeline.consume_one %[[PY]], %[[BY]]
// CHECK: arith.addf %[[GX]], %[[GY]]
// CHECK: scf.yield %{{.*}}, %[[D]], %{{.*}}, %{{.*}} : tensor<8xf32, #reg>, i32, !nv_tileas.iterator, !nv_tileas.iterator
// CHECK: nv_tileas.tiled_store
// CHECK-NEXT: nv_tileas.async.pipeline.yield
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.return
// CHECK-NOT: nv_tileaa.queue
// CHECK-NOT: nv_tileaa.execute
// CHECK-NOT: mark_for_reuse

#reg = #nv_tileas<layout reg>
module attributes {nv_tileaa.compute_capability = 90 : i32} {
  nv_tileaa.func @split(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 90>, nv_tileas.layouts} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<8xf32, #reg>
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64xf32, strides=[1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<64xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %2 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64xf32, strides=[1], 1>
    %3 = nv_tileas.view %2 : (!nv_tileaa.memref<64xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %4 = nv_tileaa.queue.create : <tensor<8xf32, #reg>, 2>
    %5 = nv_tileaa.queue.create : <tensor<8xf32, #reg>, 2>
    nv_tileaa.execute {
      %8 = scf.for %arg2 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg3 = %c0_i32) -> (i32)  : i32 {
        %tile, %result_token = nv_tileas.tiled_load %1, %arg2 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
        nv_tileaa.queue.put %4[%arg3], %tile : <tensor<8xf32, #reg>, 2>, i32
        %9 = arith.addi %arg2, %c4_i32 : i32
        %tile_0, %result_token_1 = nv_tileas.tiled_load %1, %9 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
        nv_tileaa.queue.put %5[%arg3], %tile_0 : <tensor<8xf32, #reg>, 2>, i32
        %10 = arith.addi %arg3, %c1_i32 : i32
        scf.yield %10 : i32
      }
      nv_tileaa.execute.yield
    }
    %6:2 = scf.for %arg2 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg3 = %cst, %arg4 = %c0_i32) -> (tensor<8xf32, #reg>, i32)  : i32 {
      %8 = nv_tileaa.queue.get %4[%arg4] : <tensor<8xf32, #reg>, 2>, i32
      %9 = nv_tileaa.queue.get %5[%arg4] : <tensor<8xf32, #reg>, 2>, i32
      %10 = arith.addf %8, %9 : tensor<8xf32, #reg>
      %11 = arith.addf %arg3, %10 : tensor<8xf32, #reg>
      %12 = arith.addi %arg4, %c1_i32 : i32
      scf.yield %11, %12 : tensor<8xf32, #reg>, i32
    }
    "nv_tileaa.mark_for_reuse"(%4, %5) : (!nv_tileaa.queue<tensor<8xf32, #reg>, 2>, !nv_tileaa.queue<tensor<8xf32, #reg>, 2>) -> ()
    %7 = nv_tileas.tiled_store %6#0, %3, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}

