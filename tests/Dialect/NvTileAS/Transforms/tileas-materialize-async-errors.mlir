// RUN: tilec-opt --tileas-materialize-async --split-input-file --verify-diagnostics %s

// One pipeline written by a tiled load's copy and by a computed value: the
// reconciler's verbatim diagnostic (seed 001), the first writer in a note.
#reg = #nv_tileas<layout reg>
!view = !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
nv_tileaa.func @two_kinds(%view: !view, %v: tensor<8xf32, #reg>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
  %it = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %it) -> (!nv_tileas.iterator) : i32 {
    // expected-note @+1 {{the other producer writes tiled data}}
    nv_tileas.async.pipeline.produce_one %p, %a : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> {
      %t, %tok = nv_tileas.tiled_load %view, %i {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
      nv_tileas.async.pipeline.yield %t : tensor<8xf32, #reg>
    }
    %b = nv_tileas.async.pipeline.increment_iterator %a
    // expected-error @+1 {{there are two `produce-one-like` operations using different instructions to generate data into the same pipeline. It's a bug of MaterializeAsync Pass.}}
    nv_tileas.async.pipeline.produce_one %p, %b : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> {
      nv_tileas.async.pipeline.yield %v : tensor<8xf32, #reg>
    }
    %c = nv_tileas.async.pipeline.increment_iterator %b
    scf.yield %c : !nv_tileas.iterator
  }
  nv_tileaa.return
}

// -----

// Two writers of one kind (a prologue's and a steady state's copy of the
// same load) are one producer: no diagnostic.
#reg = #nv_tileas<layout reg>
!view = !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
nv_tileaa.func @one_kind(%view: !view, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
  %it = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2>
  nv_tileas.async.pipeline.produce_one %p, %it : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> {
    %t, %tok = nv_tileas.tiled_load %view, %c0 {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
    nv_tileas.async.pipeline.yield %t : tensor<8xf32, #reg>
  }
  %next = nv_tileas.async.pipeline.increment_iterator %it
  %r = scf.for %i = %c1 to %n step %c1 iter_args(%a = %next) -> (!nv_tileas.iterator) : i32 {
    nv_tileas.async.pipeline.produce_one %p, %a : !nv_tileas.pipeline<tensor<8xf32, #reg>, 2> {
      %t, %tok = nv_tileas.tiled_load %view, %i {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!view, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
      nv_tileas.async.pipeline.yield %t : tensor<8xf32, #reg>
    }
    %c = nv_tileas.async.pipeline.increment_iterator %a
    scf.yield %c : !nv_tileas.iterator
  }
  nv_tileaa.return
}
