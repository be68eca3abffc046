// tileas-optimize-pipeline-region (seed 001): each produce_one and
// consume_one region keeps the backward slice of its yield; the rest is
// dead and goes, unless it touches memory (then the region stays).
// RUN: tilec-opt --tileas-optimize-pipeline-region %s | FileCheck %s
// RUN: tilec-opt --tileas-optimize-pipeline-region %s -o %t.mlir
// The shrunk kernel computes what the input did.
// RUN: python3 -c "import numpy as np; np.save('%t.a.npy', np.arange(64, dtype=np.float32))"
// RUN: tile-run %s --entry one_agent --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --arg 3 --out-dir %t.ref
// RUN: tile-run %t.mlir --entry one_agent --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --arg 3 --out-dir %t.out
// RUN: cmp %t.ref/arg1.npy %t.out/arg1.npy
// RUN: python3 -c "import numpy as np; print(np.load('%t.out/arg1.npy')[:8])" | FileCheck %s --check-prefix=VALUES
// acc = 2 * (acc + v) three times from acc = v = 8..15: 22 * v.
// VALUES: [176. 198. 220. 242. 264. 286. 308. 330.]
// The driver runs it after the specialization pass, before
// tileas-materialize-async, wherever pipeline regions can exist.
// RUN: tilec -O2 --v2-opt-level 1 --pipeline-strategy warp-specialize --print-pipeline --emit tileas %S/../../../../corpus/seeds/vector_add.mlir | FileCheck %s --check-prefix=PIPE
// RUN: tilec -O2 --queue-loads-depth 2 --print-pipeline --emit tileas %S/../../../../corpus/seeds/vector_add.mlir | FileCheck %s --check-prefix=QUEUE
// RUN: tilec -O2 --v2-opt-level 1 --pipeline-strategy unspecialize --print-pipeline --emit tileas %S/../../../../corpus/seeds/vector_add.mlir | FileCheck %s --check-prefix=UNSPEC
// RUN: tilec -O2 --print-pipeline --emit tileas %S/../../../../corpus/seeds/vector_add.mlir | FileCheck %s --check-prefix=NONE
// PIPE: tileas-materialize-schedule{{[^,]*}},tileas-optimize-pipeline-region,tileas-materialize-async
// QUEUE: tileas-generate-schedule{{[^,]*}},tileas-optimize-pipeline-region,tileas-materialize-async
// UNSPEC: tileas-unspecialized-pipeline{{[^,]*}},tileas-optimize-pipeline-region,tilec-pipeline-config
// NONE-NOT: tileas-optimize-pipeline-region

// The produce_one region's dead multiply goes, and so does the
// consume_one region's dead chain (a subtraction feeding a negation); what
// the yields need stays, operands from outside the region included.
// CHECK-LABEL: nv_tileaa.func @one_agent
// CHECK: nv_tileas.async.pipeline.produce_one
// CHECK-NEXT: %[[W:.*]] = arith.addf %{{.*}}, %{{.*}} : tensor<8xf32, #reg>
// CHECK-NEXT: nv_tileas.async.pipeline.yield %[[W]]
// CHECK: nv_tileas.async.pipeline.consume_one
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<8xf32, #reg>):
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[X]], %[[X]] : tensor<8xf32, #reg>
// CHECK-NEXT: nv_tileas.async.pipeline.yield %[[D]]

// A region whose leftover op writes memory is unshrinkable: it keeps its
// dead addf too. An op with a region that the yield needs keeps what its
// region reads (the scale).
// CHECK-LABEL: nv_tileaa.func @kept
// CHECK: nv_tileas.async.pipeline.produce_one
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: nv_tileas.tiled_store
// CHECK-NEXT: nv_tileas.async.pipeline.yield
// CHECK: nv_tileas.async.pipeline.consume_one
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: %[[S:.*]] = arith.mulf
// CHECK-NEXT: %[[R:.*]] = scf.if
// CHECK-NEXT: arith.addf %{{.*}}, %[[S]]
// CHECK: nv_tileas.async.pipeline.yield %[[R]]

#reg = #nv_tileas<layout reg>
module attributes {nv_tileaa.compute_capability = 90 : i32} {
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
        %dead = arith.mulf %acc, %acc : tensor<8xf32, #reg>
        %w = arith.addf %acc, %v : tensor<8xf32, #reg>
        nv_tileas.async.pipeline.yield %w : tensor<8xf32, #reg>
      }
      %s = nv_tileas.async.pipeline.consume_one %p, %b : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> -> tensor<8xf32, #reg> {
      ^bb0(%x: tensor<8xf32, #reg>):
        %e = arith.subf %x, %v : tensor<8xf32, #reg>
        %d = arith.addf %x, %x : tensor<8xf32, #reg>
        %f = arith.negf %e : tensor<8xf32, #reg>
        nv_tileas.async.pipeline.yield %d : tensor<8xf32, #reg>
      }
      %a2 = nv_tileas.async.pipeline.increment_iterator %a
      %b2 = nv_tileas.async.pipeline.increment_iterator %b
      scf.yield %s, %a2, %b2 : tensor<8xf32, #reg>, !nv_tileas.iterator, !nv_tileas.iterator
    }
    %st = nv_tileas.tiled_store %r#0, %vo, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }

  nv_tileaa.func @kept(%out: !nv_tileaa.ptr<f32, 1>, %v: tensor<8xf32, #reg>, %c: i1) -> tensor<8xf32, #reg> {
    %c0 = arith.constant 0 : i32
    %mo = nv_tileas.make_memref %out {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64xf32, strides=[1], 1>
    %vo = nv_tileas.view %mo : (!nv_tileaa.memref<64xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
    %pi = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
    nv_tileas.async.pipeline.produce_one %p, %pi : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> {
      %w = arith.addf %v, %v : tensor<8xf32, #reg>
      %dead = arith.mulf %v, %v : tensor<8xf32, #reg>
      %st = nv_tileas.tiled_store %v, %vo, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileas.async.pipeline.yield %w : tensor<8xf32, #reg>
    }
    %s = nv_tileas.async.pipeline.consume_one %p, %pi : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> -> tensor<8xf32, #reg> {
    ^bb0(%x: tensor<8xf32, #reg>):
      %scale = arith.mulf %x, %x : tensor<8xf32, #reg>
      %r = scf.if %c -> (tensor<8xf32, #reg>) {
        %y = arith.addf %x, %scale : tensor<8xf32, #reg>
        scf.yield %y : tensor<8xf32, #reg>
      } else {
        scf.yield %x : tensor<8xf32, #reg>
      }
      nv_tileas.async.pipeline.yield %r : tensor<8xf32, #reg>
    }
    nv_tileaa.return %s : tensor<8xf32, #reg>
  }
}
