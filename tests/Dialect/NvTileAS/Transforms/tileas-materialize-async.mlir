// RUN: tilec-opt --tileas-materialize-async %s | FileCheck %s
// RUN: tilec-opt --tileas-materialize-async %s -o %t.mlir
// The handshakes compute what the regions do, in every interleaving of
// the two agents.
// RUN: python3 -c "import numpy as np; np.save('%t.a.npy', np.arange(64, dtype=np.float32))"
// RUN: tile-run %s --entry split --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --interleavings 50 --out-dir %t.ref
// RUN: tile-run %t.mlir --entry split --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --interleavings 50 --out-dir %t.async
// RUN: cmp %t.ref/arg1.npy %t.async/arg1.npy
// RUN: tile-run %s --entry one_agent --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --arg 3 --out-dir %t.ref1
// RUN: tile-run %t.mlir --entry one_agent --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --arg 3 --out-dir %t.async1
// RUN: cmp %t.ref1/arg1.npy %t.async1/arg1.npy
// RUN: python3 -c "import numpy as np; print(np.load('%t.async1/arg1.npy')[:8])" | FileCheck %s --check-prefix=VALUES
// acc = 2 * (acc + v) three times from acc = v = 8..15: 22 * v.
// VALUES: [176. 198. 220. 242. 264. 286. 308. 330.]

// Two agents (tileas-queue-to-pipeline's output): each loop gets a token
// iter-arg; the producer's regions become acquire, the region's ops,
// write, commit; the consumer's wait, read, the region's ops, release; one
// async.wait of the token per block survives AsyncWaitOpRemoval.

// CHECK-LABEL: nv_tileaa.func @split
// CHECK: agent_switch
// CHECK: %[[NONE:.*]] = nv_tileas.create_none : !nv_tileas.token
// CHECK: %[[PL:.*]]:4 = scf.for {{.*}} iter_args({{.*}}, %[[AX:[^ ]*]] = %{{.*}}, %[[AY:[^ ]*]] = %{{.*}}, %[[T:[^ ]*]] = %[[NONE]]) -> (i32, !nv_tileas.iterator, !nv_tileas.iterator, !nv_tileas.token)
// CHECK-NEXT: %[[X:.*]], %{{.*}} = nv_tileas.tiled_load
// CHECK-NEXT: nv_tileas.async.pipeline.producer_acquire %[[PX:.*]], %[[AX]] {pipeline_stage = 0 : i32}
// CHECK-NEXT: nv_tileas.async.pipeline.producer_write %[[PX]], %[[AX]], %[[X]] {pipeline_stage = 0 : i32, producer_kind = "tiled"}
// CHECK-NEXT: nv_tileas.async.pipeline.producer_commit %[[PX]], %[[AX]] {pipeline_stage = 0 : i32}
// CHECK-NEXT: nv_tileas.async.wait %[[T]]
// CHECK: nv_tileas.async.pipeline.producer_acquire %[[PY:.*]], %[[AY]] {pipeline_stage = 0 : i32}
// CHECK-NEXT: nv_tileas.async.pipeline.producer_write %[[PY]], %[[AY]], %{{.*}} {pipeline_stage = 0 : i32, producer_kind = "sync"}
// CHECK-NEXT: nv_tileas.async.pipeline.producer_commit %[[PY]], %[[AY]]
// CHECK-NOT: nv_tileas.async.wait
// CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %[[T]] : i32, !nv_tileas.iterator, !nv_tileas.iterator, !nv_tileas.token
// CHECK-NEXT: } {token_iter_idx = 3 : i32}
// CHECK-NEXT: nv_tileas.async.wait %[[PL]]#3
// CHECK: %[[CL:.*]]:5 = scf.for {{.*}} -> (tensor<8xf32, #reg>, i32, !nv_tileas.iterator, !nv_tileas.iterator, !nv_tileas.token)
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_wait %[[PX]], %{{.*}} {pipeline_stage = 1 : i32}
// CHECK-NEXT: %[[RX:.*]] = nv_tileas.async.pipeline.consumer_read %[[PX]], %{{.*}} {pipeline_stage = 1 : i32}
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_release %[[PX]], %{{.*}} {pipeline_stage = 1 : i32}
// CHECK-NEXT: nv_tileas.async.wait
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_wait %[[PY]]
// CHECK-NEXT: %[[RY:.*]] = nv_tileas.async.pipeline.consumer_read %[[PY]]
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_release %[[PY]]
// CHECK-NEXT: arith.addf %[[RX]], %[[RY]]
// CHECK: } {token_iter_idx = 4 : i32}
// CHECK-NEXT: %[[F:.*]] = nv_tileas.async.to_async %[[CL]]#0 : tensor<8xf32, #reg>
// CHECK-NEXT: %[[S:.*]] = nv_tileas.async.future_wait %[[F]] : <tensor<8xf32, #reg>>
// CHECK-NEXT: nv_tileas.async.wait %[[CL]]#4
// CHECK-NEXT: nv_tileas.tiled_store %[[S]]
// CHECK-NOT: produce_one
// CHECK-NOT: consume_one

// CHECK-LABEL: nv_tileaa.func @one_agent
// CHECK: %[[N:.*]] = nv_tileas.create_none
// CHECK: %[[L:.*]]:4 = scf.for {{.*}} iter_args({{.*}}, %[[T1:[^ ]*]] = %[[N]])
// CHECK-NEXT: nv_tileas.async.pipeline.producer_acquire
// CHECK-NEXT: %[[W:.*]] = arith.addf
// CHECK-NEXT: nv_tileas.async.pipeline.producer_write %{{.*}}, %{{.*}}, %[[W]] {pipeline_stage = 0 : i32, producer_kind = "sync"}
// CHECK-NEXT: nv_tileas.async.pipeline.producer_commit
// CHECK-NEXT: nv_tileas.async.wait %[[T1]]
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_wait
// CHECK-NEXT: %[[R:.*]] = nv_tileas.async.pipeline.consumer_read
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[R]], %[[R]]
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_release
// CHECK-NEXT: increment_iterator
// CHECK-NEXT: increment_iterator
// CHECK-NEXT: scf.yield %[[D]], %{{.*}}, %{{.*}}, %[[T1]]
// CHECK: %[[FUT:.*]] = nv_tileas.async.to_async %[[L]]#0
// CHECK-NEXT: %[[V:.*]] = nv_tileas.async.future_wait %[[FUT]]
// CHECK-NEXT: nv_tileas.async.wait %[[L]]#3
// CHECK-NEXT: nv_tileas.tiled_store %[[V]]

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
    %4 = nv_tileas.async.pipeline.create_pipeline : <tensor<8xf32, #reg>, 2>
    %5 = nv_tileas.async.pipeline.create_pipeline : <tensor<8xf32, #reg>, 2>
    nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 1, 4>, tileas.dual_simt = false} {
      %6 = nv_tileas.async.pipeline.create_iterator %4 : <tensor<8xf32, #reg>, 2>
      %7 = nv_tileas.async.pipeline.create_iterator %5 : <tensor<8xf32, #reg>, 2>
      %8:3 = scf.for %arg2 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg3 = %c0_i32, %arg4 = %6, %arg5 = %7) -> (i32, !nv_tileas.iterator, !nv_tileas.iterator)  : i32 {
        %tile, %result_token = nv_tileas.tiled_load %1, %arg2 {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
        nv_tileas.async.pipeline.produce_one %4, %arg4 : <tensor<8xf32, #reg>, 2> {
          nv_tileas.async.pipeline.yield %tile : tensor<8xf32, #reg>
        }
        %9 = arith.addi %arg2, %c4_i32 : i32
        %tile_0, %result_token_1 = nv_tileas.tiled_load %1, %9 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
        nv_tileas.async.pipeline.produce_one %5, %arg5 : <tensor<8xf32, #reg>, 2> {
          nv_tileas.async.pipeline.yield %tile_0 : tensor<8xf32, #reg>
        }
        %10 = arith.addi %arg3, %c1_i32 : i32
        %11 = nv_tileas.async.pipeline.increment_iterator %arg4
        %12 = nv_tileas.async.pipeline.increment_iterator %arg5
        scf.yield %10, %11, %12 : i32, !nv_tileas.iterator, !nv_tileas.iterator
      }
      nv_tileas.async.pipeline.yield
    }, {
      %6 = nv_tileas.async.pipeline.create_iterator %4 : <tensor<8xf32, #reg>, 2>
      %7 = nv_tileas.async.pipeline.create_iterator %5 : <tensor<8xf32, #reg>, 2>
      %8:4 = scf.for %arg2 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg3 = %cst, %arg4 = %c0_i32, %arg5 = %6, %arg6 = %7) -> (tensor<8xf32, #reg>, i32, !nv_tileas.iterator, !nv_tileas.iterator)  : i32 {
        %10 = nv_tileas.async.pipeline.consume_one %4, %arg5 : <tensor<8xf32, #reg>, 2> -> tensor<8xf32, #reg> {
        ^bb0(%arg7: tensor<8xf32, #reg>):
          nv_tileas.async.pipeline.yield %arg7 : tensor<8xf32, #reg>
        }
        %11 = nv_tileas.async.pipeline.consume_one %5, %arg6 : <tensor<8xf32, #reg>, 2> -> tensor<8xf32, #reg> {
        ^bb0(%arg7: tensor<8xf32, #reg>):
          nv_tileas.async.pipeline.yield %arg7 : tensor<8xf32, #reg>
        }
        %12 = arith.addf %10, %11 : tensor<8xf32, #reg>
        %13 = arith.addf %arg3, %12 : tensor<8xf32, #reg>
        %14 = arith.addi %arg4, %c1_i32 : i32
        %15 = nv_tileas.async.pipeline.increment_iterator %arg5
        %16 = nv_tileas.async.pipeline.increment_iterator %arg6
        scf.yield %13, %14, %15, %16 : tensor<8xf32, #reg>, i32, !nv_tileas.iterator, !nv_tileas.iterator
      }
      %9 = nv_tileas.tiled_store %8#0, %3, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileas.async.pipeline.yield
    }
    nv_tileaa.return
  }
  // One agent: the producer runs one position ahead of the consumer.
  nv_tileaa.func @one_agent(%in: !nv_tileaa.ptr<f32, 1>, %out: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {nv_tileaa.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %mi = nv_tileas.make_memref %in {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64xf32, strides=[1], 1>
    %vi = nv_tileas.view %mi : (!nv_tileaa.memref<64xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %mo = nv_tileas.make_memref %out {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64xf32, strides=[1], 1>
    %vo = nv_tileas.view %mo : (!nv_tileaa.memref<64xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %v, %tv = nv_tileas.tiled_load %vi, %c1 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
    %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
    %pi = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
    %ci = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v, %a = %pi, %b = %ci) -> (tensor<8xf32, #reg>, !nv_tileas.iterator, !nv_tileas.iterator) : i32 {
      nv_tileas.async.pipeline.produce_one %p, %a : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> {
        %w = arith.addf %acc, %v : tensor<8xf32, #reg>
        nv_tileas.async.pipeline.yield %w : tensor<8xf32, #reg>
      }
      %s = nv_tileas.async.pipeline.consume_one %p, %b : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> -> tensor<8xf32, #reg> {
      ^bb0(%x: tensor<8xf32, #reg>):
        %d = arith.addf %x, %x : tensor<8xf32, #reg>
        nv_tileas.async.pipeline.yield %d : tensor<8xf32, #reg>
      }
      %a2 = nv_tileas.async.pipeline.increment_iterator %a
      %b2 = nv_tileas.async.pipeline.increment_iterator %b
      scf.yield %s, %a2, %b2 : tensor<8xf32, #reg>, !nv_tileas.iterator, !nv_tileas.iterator
    }
    %st = nv_tileas.tiled_store %r#0, %vo, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
