// tileas-print-schedule, after each schedule, prints what the schedule
// support bodies make of it: per stage its ops (node indices) by role
// (load, async, store, data), every result read in a later stage than its
// own ("crossing N#R stage D -> FIRST..LAST"), and the producer -> consumer
// stage pairs with their edges, stably sorted by producer stage.
// RUN: tilec-opt %s --tileas-print-schedule -o /dev/null | FileCheck %s

#reg = #nv_tileas<layout reg>
!view = !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
module attributes {nv_tileaa.compute_capability = 100 : i32} {
  nv_tileaa.func @stages(%arg0: !nv_tileaa.ptr<f32, 1>, %p: !nv_tileas.pipeline<tensor<1x8xf32, #reg>, 2>, %it: !nv_tileas.iterator) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<1x8xf32, #reg>
    %m = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>
    %v = nv_tileas.view %m : (!nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>) -> !view

    // A valid modulo schedule at II 600 over three stages: a load in stage
    // 0 read in stages 1 and 2, an index computed in stage 0 for the store
    // in stage 1, a pipeline wait in stage 1, a sum carried to the next
    // iteration (its yield counts as a use in the last stage). The memory
    // edges (load, wait and store all touch memory) pin the wait and the
    // store to the start of stage 1.
    // CHECK-LABEL: loop 0 at
    // CHECK: valid
    // CHECK-NEXT: stage 0: load 0; data 1;
    // CHECK-NEXT: stage 1: async 2; store 5; data 3 4;
    // CHECK-NEXT: stage 2: data 6;
    // CHECK-NEXT: crossing 0#0 stage 0 -> 1..2
    // CHECK-NEXT: crossing 1#0 stage 0 -> 1..1
    // CHECK-NEXT: crossing 3#0 stage 1 -> 1..2
    // Stage pairs: an edge u -> v of distance d joins stage(u) to stage(v)
    // + d, so the sum carried within stage 1 and the store's memory edge to
    // the next iteration's wait land in 1 -> 2.
    // CHECK-NEXT: pair 0 -> 1: 0->3 0->4 1->5 0->2 0->5
    // CHECK-NEXT: pair 0 -> 2: 0->6
    // CHECK-NEXT: pair 1 -> 2: 3->6 3->3 d1 5->2 d1
    // CHECK-NOT: pair
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %cst) -> (tensor<1x8xf32, #reg>) : i32 {
      %t, %tok = nv_tileas.tiled_load %v, %i, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.stage = 0 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.cycle = 20 : i32} : (!view, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      %n = arith.addi %i, %c1 {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.cycle = 0 : i32} : i32
      nv_tileas.async.pipeline.consumer_wait %p, %it {tileas.schedule.stage = 1 : i32, tileas.schedule.order = 2 : i32, tileas.schedule.cycle = 600 : i32} : !nv_tileas.pipeline<tensor<1x8xf32, #reg>, 2>
      %s = arith.addf %acc, %t {tileas.schedule.stage = 1 : i32, tileas.schedule.order = 3 : i32, tileas.schedule.cycle = 601 : i32} : tensor<1x8xf32, #reg>
      %d = arith.mulf %s, %t {tileas.schedule.stage = 1 : i32, tileas.schedule.order = 4 : i32, tileas.schedule.cycle = 605 : i32} : tensor<1x8xf32, #reg>
      %st = nv_tileas.tiled_store %d, %v, %n, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.schedule.stage = 1 : i32, tileas.schedule.order = 5 : i32, tileas.schedule.cycle = 616 : i32} : (tensor<1x8xf32, #reg>, !view, i32, i32) -> !nv_tileaa.mem_token
      %e = arith.subf %s, %t {tileas.schedule.stage = 2 : i32, tileas.schedule.order = 6 : i32, tileas.schedule.cycle = 1210 : i32} : tensor<1x8xf32, #reg>
      scf.yield %s : tensor<1x8xf32, #reg>
    } {tileas.schedule.generator = "cost", tileas.schedule.ii = 600 : i32, tileas.schedule.mii = 508 : i32}

    // A serial schedule: one stage, so nothing crosses; only the edges to
    // the next iteration (the carried sum, the memory edges back to the
    // load and the wait) join stage 0 to 1.
    // CHECK-LABEL: loop 1 at
    // CHECK: valid
    // CHECK-NEXT: stage 0: load 0; async 2; store 5; data 1 3 4;
    // CHECK-NEXT: pair 0 -> 1: 3->3 d1 2->0 d1 5->0 d1 5->2 d1
    // CHECK-NOT: {{crossing|pair}}
    %r2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %cst) -> (tensor<1x8xf32, #reg>) : i32 {
      %t, %tok = nv_tileas.tiled_load %v, %i, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.stage = 0 : i32, tileas.schedule.order = 0 : i32} : (!view, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      %n = arith.addi %i, %c1 {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 1 : i32} : i32
      nv_tileas.async.pipeline.consumer_wait %p, %it {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 2 : i32} : !nv_tileas.pipeline<tensor<1x8xf32, #reg>, 2>
      %s = arith.addf %acc, %t {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 3 : i32} : tensor<1x8xf32, #reg>
      %d = arith.mulf %s, %t {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 4 : i32} : tensor<1x8xf32, #reg>
      %st = nv_tileas.tiled_store %d, %v, %n, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.schedule.stage = 0 : i32, tileas.schedule.order = 5 : i32} : (tensor<1x8xf32, #reg>, !view, i32, i32) -> !nv_tileaa.mem_token
      scf.yield %s : tensor<1x8xf32, #reg>
    } {tileas.schedule.generator = "serial"}
    nv_tileaa.return
  }
}
