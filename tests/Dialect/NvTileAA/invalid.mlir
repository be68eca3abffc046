// RUN: tilec-opt --split-input-file --verify-diagnostics %s

nv_tileaa.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{expect operands with queue types}}
  "nv_tileaa.mark_for_reuse"(%a) : (tensor<4xf32>) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{invalid rounding mode}}
  %0 = "nv_tileaa.addf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<approx>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4xf16>) {
  // expected-error @+1 {{flush_to_zero is supported only for f32}}
  %0 = "nv_tileaa.mulf"(%a, %a) <{flush_to_zero}> : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4xi32>, %b: tensor<8xi32>) {
  // expected-error @+1 {{all of {lhs, rhs, result} have same type}}
  %0 = "nv_tileaa.addi"(%a, %b) : (tensor<4xi32>, tensor<8xi32>) -> tensor<4xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{all of {lhs, result} have same shape}}
  %0 = "nv_tileaa.cmpf"(%a, %a) <{comparison_ordering = #cuda_tile.comparison_ordering<ordered>, comparison_predicate = #cuda_tile.comparison_predicate<equal>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xi1>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{body arguments must be the operands' element types}}
  %r = "nv_tileaa.reduce"(%a) <{dim = 1 : i32, identities = [0.0 : f32]}> ({
  ^bb0(%e: f16, %acc: f16):
    "nv_tileaa.yield"(%e) : (f16) -> ()
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{result 0 has the wrong type}}
  %r = "nv_tileaa.reduce"(%a) <{dim = 1 : i32, identities = [0.0 : f32]}> ({
  ^bb0(%e: f32, %acc: f32):
    "nv_tileaa.yield"(%e) : (f32) -> ()
  }) : (tensor<4x8xf32>) -> tensor<8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<16x8xf16>, %b: tensor<4x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{M/N/K dimensions of lhs, rhs and acc disagree}}
  %d = "nv_tileaa.dot"(%a, %b, %c) : (tensor<16x8xf16>, tensor<4x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileaa.ptr<f16, 1>) {
  // expected-error @+1 {{base pointee type must be the memref element type}}
  %m = "nv_tileaa.make_memref"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!nv_tileaa.ptr<f16, 1>) -> !nv_tileaa.memref<4xf32, strides=[1], 1>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%p: !nv_tileaa.ptr<f32, 1>) {
  // expected-error @+1 {{needs one operand per dynamic dimension}}
  %m = "nv_tileaa.make_memref"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<?xf32, strides=[1], 1>
  nv_tileaa.return
}

// -----

// expected-error @+1 {{dim_map must be a permutation}}
nv_tileaa.func @f(%v: !nv_tileaa.tiled_view<partition, tile=[4, 4], !nv_tileaa.memref<8x8xf32, strides=[8, 1], 1>, dim_map=[0, 0], traversal_strides=[], sparse_dim=-1>) {
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%v: !nv_tileaa.tiled_view<partition, tile=[4, 4], !nv_tileaa.memref<8x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, %i: i32) {
  // expected-error @+1 {{tile shape must be the view's tile shape}}
  %t, %tok = "nv_tileaa.tiled_load"(%v, %i, %i) <{memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>}> : (!nv_tileaa.tiled_view<partition, tile=[4, 4], !nv_tileaa.memref<8x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<4x8xf32>, !nv_tileaa.mem_token)
  nv_tileaa.return
}

// -----

// expected-error @+1 {{kernels return no values}}
nv_tileaa.func @g() -> i32 attributes {nv_tileaa.kernel} {
  %c = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
  nv_tileaa.return %c : i32
}

// -----

nv_tileaa.func @f() -> i32 {
  %c = "nv_tileaa.constant"() <{value = dense<1> : tensor<i64>}> : () -> i64
  // expected-error @+1 {{operand types must match the function's result types}}
  nv_tileaa.return %c : i64
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{queue depth must be at least 1}}
  %q = nv_tileaa.queue.create : !nv_tileaa.queue<tensor<4xf32>, 0>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%q: !nv_tileaa.queue<tensor<4xf32>, 2>, %i: i32, %v: tensor<4xi32>) {
  // expected-error @+1 {{failed to verify that value type matches the queue's element type}}
  "nv_tileaa.queue.put"(%q, %i, %v) : (!nv_tileaa.queue<tensor<4xf32>, 2>, i32, tensor<4xi32>) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%q: !nv_tileaa.queue<tensor<4xf32>, 2>, %i: i32) {
  // expected-error @+1 {{failed to verify that result type matches the queue's element type}}
  %v = "nv_tileaa.queue.get"(%q, %i) : (!nv_tileaa.queue<tensor<4xf32>, 2>, i32) -> tensor<8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%q: !nv_tileaa.queue<tensor<4xf32>, 2>, %i: f32) {
  // expected-error @+1 {{operand #1 must be signless integer or index}}
  %v = "nv_tileaa.queue.get"(%q, %i) : (!nv_tileaa.queue<tensor<4xf32>, 2>, f32) -> tensor<4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4xf32>, %i: i32) {
  // expected-error @+1 {{operand #0 must be nv_tileaa.queue}}
  %v = "nv_tileaa.queue.get"(%a, %i) : (tensor<4xf32>, i32) -> tensor<4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{region must end with 'nv_tileaa.execute.yield'}}
  "nv_tileaa.execute"() ({
    nv_tileaa.return
  }) : () -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{'nv_tileaa.execute.yield' op expects parent op 'nv_tileaa.execute'}}
  nv_tileaa.execute.yield
}
