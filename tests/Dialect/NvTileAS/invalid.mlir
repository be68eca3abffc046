// RUN: tilec-opt --split-input-file --verify-diagnostics %s

nv_tileaa.func @f(%a: tensor<64x32xf8E4M3FN>, %b: tensor<32x64xf8E4M3FN>, %c: tensor<64x64xf32>,
                  %sa: tensor<64x1xf8E8M0FNU>, %sb: tensor<1x64xf8E8M0FNU>) {
  // expected-error @+1 {{cta_group must be 1 or 2}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>, cta_group = 3 : i32}> : (tensor<64x32xf8E4M3FN>, tensor<32x64xf8E4M3FN>, tensor<64x64xf32>, tensor<64x1xf8E8M0FNU>, tensor<1x64xf8E8M0FNU>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<64x16xf16>, %b: tensor<16x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{requires attribute 'atom'}}
  %d = "nv_tileas.dot"(%a, %b, %c) : (tensor<64x16xf16>, tensor<16x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<64x16xf16, #nv_tileas<layout reg>>) {
  // expected-error @+1 {{source and result must have the same shape and element type}}
  %f = "nv_tileas.convert_layout"(%a) : (tensor<64x16xf16, #nv_tileas<layout reg>>) -> tensor<64x16xf32, #nv_tileas<layout smem>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<64x16xf16>) {
  // expected-error @+1 {{source and result must be tensors with layouts}}
  %f = "nv_tileas.convert_layout"(%a) : (tensor<64x16xf16>) -> tensor<64x16xf16, #nv_tileas<layout smem>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{floor division needs signed operands}}
  %0 = "nv_tileas.divi"(%a, %a) <{rounding = #cuda_tile.rounding<negative_inf>, signedness = #cuda_tile.signedness<unsigned>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{buffer ends at byte 233472, past the 232448 bytes of shared memory}}
  %b = "nv_tileas.alloc_tensor"() <{offset = 200704 : i64}> : () -> !nv_tileas.smem<128x128xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%t: tensor<16x8xf32>) {
  %b = "nv_tileas.alloc_tensor"() <{offset = 0 : i64}> : () -> !nv_tileas.smem<16x8xf16>
  // expected-error @+1 {{source must have the buffer's shape and element type}}
  "nv_tileas.copy"(%t, %b) : (tensor<16x8xf32>, !nv_tileas.smem<16x8xf16>) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%t: tensor<4xf32>) {
  // expected-error @+1 {{source index 4 out of range}}
  %s = "nv_tileas.shuffle"(%t) <{source_index = array<i64: 0, 1, 2, 4>}> : (tensor<4xf32>) -> tensor<4xf32>
  nv_tileaa.return
}

// -----

// expected-error @+1 {{a pipeline needs at least one stage}}
nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 0>) {
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{producer_group_size must be at least 1}}
  %p = nv_tileas.async.pipeline.create_pipeline {producer_group_size = 0 : i32} : !nv_tileas.pipeline<tensor<4xf32>, 2>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{consumer_group_size must be at least 1}}
  %p = nv_tileas.async.pipeline.create_pipeline {consumer_group_size = -1 : i32} : !nv_tileas.pipeline<tensor<4xf32>, 2>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 2>, %it: !nv_tileas.iterator, %v: tensor<4xf16>) {
  // expected-error @+1 {{failed to verify that value type matches the pipeline's element type}}
  "nv_tileas.async.pipeline.producer_write"(%p, %it, %v) : (!nv_tileas.pipeline<tensor<4xf32>, 2>, !nv_tileas.iterator, tensor<4xf16>) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 2>, %it: !nv_tileas.iterator) {
  // expected-error @+1 {{failed to verify that result type matches the pipeline's element type}}
  %v = "nv_tileas.async.pipeline.consumer_read"(%p, %it) : (!nv_tileas.pipeline<tensor<4xf32>, 2>, !nv_tileas.iterator) -> tensor<8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 2>, %t: !nv_tileas.token) {
  // expected-error @+1 {{operand #1 must be}}
  "nv_tileas.async.pipeline.producer_acquire"(%p, %t) : (!nv_tileas.pipeline<tensor<4xf32>, 2>, !nv_tileas.token) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 2>, %it: !nv_tileas.iterator, %v: tensor<4xf16>) {
  // expected-error @+1 {{region must yield one value of the pipeline's element type 'tensor<4xf32>'}}
  nv_tileas.async.pipeline.produce_one %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2> {
    nv_tileas.async.pipeline.yield %v : tensor<4xf16>
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 2>, %it: !nv_tileas.iterator) {
  // expected-error @+1 {{region must yield one value of the pipeline's element type 'tensor<4xf32>'}}
  nv_tileas.async.pipeline.produce_one %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2> {
    nv_tileas.async.pipeline.yield
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 2>, %it: !nv_tileas.iterator) {
  // expected-error @+1 {{region must take one argument of the pipeline's element type 'tensor<4xf32>'}}
  %r = nv_tileas.async.pipeline.consume_one %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2> -> tensor<4xf16> {
  ^bb0(%x: tensor<4xf16>):
    nv_tileas.async.pipeline.yield %x : tensor<4xf16>
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 2>, %it: !nv_tileas.iterator) {
  // expected-error @+1 {{region must take one argument of the pipeline's element type 'tensor<4xf32>'}}
  nv_tileas.async.pipeline.consume_one %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2> {
    nv_tileas.async.pipeline.yield
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileas.pipeline<tensor<4xf32>, 2>, %it: !nv_tileas.iterator) {
  // expected-error @+1 {{yielded types must match the result types}}
  %r = nv_tileas.async.pipeline.consume_one %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2> -> tensor<4xf16> {
  ^bb0(%x: tensor<4xf32>):
    nv_tileas.async.pipeline.yield %x : tensor<4xf32>
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{needs at least one agent region}}
  "nv_tileas.async.pipeline.agent_switch"() : () -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{num_warps has 1 entries for 2 agents}}
  nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 4>} {
    nv_tileas.async.pipeline.yield
  }, {
    nv_tileas.async.pipeline.yield
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{num_warps entries must be at least 1}}
  nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 0>} {
    nv_tileas.async.pipeline.yield
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%v: tensor<4xf32>) {
  // expected-error @+1 {{an agent region yields no values}}
  nv_tileas.async.pipeline.agent_switch {
    nv_tileas.async.pipeline.yield %v : tensor<4xf32>
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{'nv_tileas.async.pipeline.yield' op expects parent op to be one of 'nv_tileas.async.pipeline.produce_one, nv_tileas.async.pipeline.consume_one, nv_tileas.async.pipeline.agent_switch'}}
  nv_tileas.async.pipeline.yield
}

// -----

nv_tileaa.func @f(%v: tensor<4xf32>) {
  // expected-error @+1 {{failed to verify that future value type matches the operand type}}
  %f = "nv_tileas.async.to_async"(%v) : (tensor<4xf32>) -> !nv_tileas.future<tensor<4xf16>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%f: !nv_tileas.future<tensor<4xf32>>) {
  // expected-error @+1 {{failed to verify that result type matches the future's value type}}
  %v = "nv_tileas.async.future_wait"(%f) : (!nv_tileas.future<tensor<4xf32>>) -> tensor<4xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%v: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be}}
  "nv_tileas.async.wait"(%v) : (tensor<4xf32>) -> ()
  nv_tileaa.return
}

