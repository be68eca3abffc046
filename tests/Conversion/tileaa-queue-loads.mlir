// RUN: tilec-opt --tileaa-queue-loads %s | FileCheck %s
// RUN: tilec-opt --tileaa-queue-loads=depth=3 %s | FileCheck %s --check-prefix=DEPTH
// RUN: not tilec-opt --tileaa-queue-loads=depth=9 %s 2>&1 | FileCheck %s --check-prefix=RANGE
// The split program computes what the input does, in every interleaving
// of its two agents.
// RUN: tilec-opt --tileaa-queue-loads %s -o %t.mlir
// RUN: python3 -c "import numpy as np; np.save('%t.a.npy', np.arange(64, dtype=np.float32))"
// RUN: tile-run %s --entry split --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --out-dir %t.ref
// RUN: tile-run %t.mlir --entry split --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --interleavings 50 --out-dir %t.split
// RUN: cmp %t.ref/arg1.npy %t.split/arg1.npy

// DEPTH-COUNT-2: nv_tileaa.queue.create : <tensor<8xf32>, 3>
// RANGE: tileaa-queue-loads: depth 9 is out of range (1..8)

!mem = !nv_tileaa.memref<64xf32, strides=[1], 1>
!view = !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>

// CHECK-LABEL: nv_tileaa.func @split
// The iteration counter is i64 whatever the loop's type (it never wraps).
// CHECK: %[[QX:.*]] = nv_tileaa.queue.create : <tensor<8xf32>, 2>
// CHECK: %[[QY:.*]] = nv_tileaa.queue.create : <tensor<8xf32>, 2>
// CHECK: nv_tileaa.execute {
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: scf.for %[[PI:.*]] = %{{.*}} iter_args(%[[PK:.*]] = %[[Z]]) -> (i64)
// CHECK-NEXT: %[[X:.*]], %{{.*}} = nv_tileaa.tiled_load %{{.*}}, %[[PI]]
// CHECK-NEXT: nv_tileaa.queue.put %[[QX]][%[[PK]]], %[[X]]
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[PI]], %{{.*}} : i32
// CHECK-NEXT: %[[Y:.*]], %{{.*}} = nv_tileaa.tiled_load %{{.*}}, %[[J]]
// CHECK-NEXT: nv_tileaa.queue.put %[[QY]][%[[PK]]], %[[Y]]
// CHECK: %[[PN:.*]] = arith.addi %[[PK]], %{{.*}} : i64
// CHECK-NEXT: scf.yield %[[PN]] : i64
// CHECK: nv_tileaa.execute.yield
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) -> (tensor<8xf32>, i64)
// CHECK-NEXT: %[[GX:.*]] = nv_tileaa.queue.get %[[QX]][%[[K]]]
// CHECK-NEXT: %[[GY:.*]] = nv_tileaa.queue.get %[[QY]][%[[K]]]
// CHECK-NEXT: nv_tileaa.addf %[[GX]], %[[GY]]
// CHECK-NOT: tiled_load
// CHECK: nv_tileaa.tiled_store
// Two loads: one at the induction variable, one at a pure function of it
// (cloned into the agent); the loop's own arithmetic stays.
nv_tileaa.func @split(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = nv_tileaa.constant {value = dense<0.0> : tensor<8xf32>} : tensor<8xf32>
  %ma = nv_tileaa.make_memref %a {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !mem
  %va = nv_tileaa.make_tiled_view %ma : (!mem) -> !view
  %mb = nv_tileaa.make_memref %b {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !mem
  %vb = nv_tileaa.make_tiled_view %mb : (!mem) -> !view
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (tensor<8xf32>) : i32 {
    %x, %tx = nv_tileaa.tiled_load %va, %i {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32>, !nv_tileaa.mem_token)
    %j = arith.addi %i, %c4 : i32
    %y, %ty = nv_tileaa.tiled_load %va, %j {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32>, !nv_tileaa.mem_token)
    %s = nv_tileaa.addf %x, %y {rounding_mode = #cuda_tile.rounding<nearest_even>} : tensor<8xf32>
    %r = nv_tileaa.addf %acc, %s {rounding_mode = #cuda_tile.rounding<nearest_even>} : tensor<8xf32>
    scf.yield %r : tensor<8xf32>
  }
  %t = nv_tileaa.tiled_store %sum, %vb, %c0 {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32>, !view, i32) -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// A loop that writes memory is left alone: the agent would read ahead of
// the writes.
// CHECK-LABEL: nv_tileaa.func @writes
// CHECK-NOT: nv_tileaa.queue.create
// CHECK-NOT: nv_tileaa.execute
// CHECK: nv_tileaa.return
nv_tileaa.func @writes(%a: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %ma = nv_tileaa.make_memref %a {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !mem
  %va = nv_tileaa.make_tiled_view %ma : (!mem) -> !view
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %x, %tx = nv_tileaa.tiled_load %va, %i {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32>, !nv_tileaa.mem_token)
    %j = arith.addi %i, %c4 : i32
    %t = nv_tileaa.tiled_store %x, %va, %j {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32>, !view, i32) -> !nv_tileaa.mem_token
  }
  nv_tileaa.return
}

// A load at a loop-carried index stays in the loop, and a loop with no
// load left to move is not split; the next loop is.
// CHECK-LABEL: nv_tileaa.func @carried
// CHECK: scf.for %{{.*}} iter_args(%[[IDX:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, tensor<8xf32>)
// CHECK-NEXT: nv_tileaa.tiled_load %{{.*}}, %[[IDX]]
// CHECK: %[[Q:.*]] = nv_tileaa.queue.create : <tensor<8xf32>, 2>
// CHECK-NOT: nv_tileaa.queue.create
// CHECK: nv_tileaa.execute
// CHECK: nv_tileaa.queue.get %[[Q]]
nv_tileaa.func @carried(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %ma = nv_tileaa.make_memref %a {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !mem
  %va = nv_tileaa.make_tiled_view %ma : (!mem) -> !view
  %mb = nv_tileaa.make_memref %b {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !mem
  %vb = nv_tileaa.make_tiled_view %mb : (!mem) -> !view
  %zero = nv_tileaa.constant {value = dense<0.0> : tensor<8xf32>} : tensor<8xf32>
  %last:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%idx = %c0, %acc = %zero) -> (i32, tensor<8xf32>) : i32 {
    %x, %tx = nv_tileaa.tiled_load %va, %idx {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32>, !nv_tileaa.mem_token)
    %r = nv_tileaa.addf %acc, %x {rounding_mode = #cuda_tile.rounding<nearest_even>} : tensor<8xf32>
    %n = arith.addi %idx, %c1 : i32
    scf.yield %n, %r : i32, tensor<8xf32>
  }
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %last#1) -> (tensor<8xf32>) : i32 {
    %x, %tx = nv_tileaa.tiled_load %va, %i {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32>, !nv_tileaa.mem_token)
    %r = nv_tileaa.addf %acc, %x {rounding_mode = #cuda_tile.rounding<nearest_even>} : tensor<8xf32>
    scf.yield %r : tensor<8xf32>
  }
  %t = nv_tileaa.tiled_store %sum, %vb, %last#0 {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32>, !view, i32) -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// An unsigned loop's producer compares unsigned too: both agents run the
// same iterations.
// CHECK-LABEL: nv_tileaa.func @unsigned
// CHECK: nv_tileaa.execute {
// CHECK: scf.for unsigned
// CHECK: nv_tileaa.queue.put
// CHECK: nv_tileaa.execute.yield
// CHECK: scf.for unsigned
// CHECK: nv_tileaa.queue.get
nv_tileaa.func @unsigned(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {nv_tileaa.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = nv_tileaa.constant {value = dense<0.0> : tensor<8xf32>} : tensor<8xf32>
  %ma = nv_tileaa.make_memref %a {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !mem
  %va = nv_tileaa.make_tiled_view %ma : (!mem) -> !view
  %mb = nv_tileaa.make_memref %b {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !mem
  %vb = nv_tileaa.make_tiled_view %mb : (!mem) -> !view
  %sum = scf.for unsigned %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<8xf32>) : i32 {
    %x, %tx = nv_tileaa.tiled_load %va, %i {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32>, !nv_tileaa.mem_token)
    %r = nv_tileaa.addf %acc, %x {rounding_mode = #cuda_tile.rounding<nearest_even>} : tensor<8xf32>
    scf.yield %r : tensor<8xf32>
  }
  %t = nv_tileaa.tiled_store %sum, %vb, %c0 {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32>, !view, i32) -> !nv_tileaa.mem_token
  nv_tileaa.return
}
