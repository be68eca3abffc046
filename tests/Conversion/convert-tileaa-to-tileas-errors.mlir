// Seed 002's violation table, verbatim.
// RUN: tilec-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-tileaa-to-tileas)' %s
// RUN: tilec-opt --verify-diagnostics --pass-pipeline='builtin.module(convert-tileaa-to-tileas{compute-capability=gfx90a})' %S/Inputs/target-spec.mlir

// Block-scaled MMA before sm_100 (the default target is sm_80).
// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<16x32xf8E4M3FN>, %b: tensor<32x16xf8E4M3FN>, %c: tensor<16x16xf32>,
                    %sa: tensor<16x1xf8E8M0FNU>, %sb: tensor<1x16xf8E8M0FNU>) attributes {nv_tileaa.kernel} {
    // expected-error @+2 {{mma block scale is not supported by compute capability < sm100}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileaa.mma_block_scale' that was explicitly marked illegal}}
    %d = "nv_tileaa.mma_block_scale"(%a, %b, %c, %sa, %sb) : (tensor<16x32xf8E4M3FN>, tensor<32x16xf8E4M3FN>, tensor<16x16xf32>, tensor<16x1xf8E8M0FNU>, tensor<1x16xf8E8M0FNU>) -> tensor<16x16xf32>
    nv_tileaa.return
  }
}

// -----

// Layouts (Lowering.md, "Layouts"): cat sources carry a layout or neither does.
// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<4xf32>) attributes {nv_tileaa.kernel} {
    %l = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout reg>} : (tensor<4xf32>) -> tensor<4xf32>
    // expected-error @+3 {{missing source layout}}
    // expected-note @+2 {{the rhs operand has no layout while the lhs operand is in #nv_tileas<layout reg>}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileaa.cat' that was explicitly marked illegal}}
    %c = "nv_tileaa.cat"(%l, %a) <{dim = 0 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    nv_tileaa.return
  }
}

// -----

// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<4xf32>) attributes {nv_tileaa.kernel} {
    %l = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout reg>} : (tensor<4xf32>) -> tensor<4xf32>
    %r = "nv_tileaa.absf"(%a) {layout = #nv_tileas<layout smem>} : (tensor<4xf32>) -> tensor<4xf32>
    // expected-error @+3 {{failed to infer source layout}}
    // expected-note @+2 {{the operands are in #nv_tileas<layout reg> and #nv_tileas<layout smem>}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileaa.cat' that was explicitly marked illegal}}
    %c = "nv_tileaa.cat"(%l, %r) <{dim = 0 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    nv_tileaa.return
  }
}

// -----

// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<4xf32>) attributes {nv_tileaa.kernel} {
    %l = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout smem>} : (tensor<4xf32>) -> tensor<4xf32>
    %r = "nv_tileaa.absf"(%a) {layout = #nv_tileas<layout smem>} : (tensor<4xf32>) -> tensor<4xf32>
    // expected-error @+3 {{fails to assign layout}}
    // expected-note @+2 {{the result is requested in #nv_tileas<layout reg> but its sources are in #nv_tileas<layout smem>}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileaa.cat' that was explicitly marked illegal}}
    %c = "nv_tileaa.cat"(%l, %r) <{dim = 0 : i64}> {layout = #nv_tileas<layout reg>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    nv_tileaa.return
  }
}

// -----

// extract reads register and shared-memory tiles only.
// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<16x16xf32>, %i: i32) attributes {nv_tileaa.kernel} {
    %m = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout mma_c>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
    // expected-error @+2 {{TODO: only reg and smem layouts are supported at the moment}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileaa.extract' that was explicitly marked illegal}}
    %e = "nv_tileaa.extract"(%m, %i, %i) : (tensor<16x16xf32>, i32, i32) -> tensor<8x8xf32>
    nv_tileaa.return
  }
}

// -----

// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<16x16xf32>, %i: i32) attributes {nv_tileaa.kernel} {
    %m = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout smem>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
    // expected-error @+3 {{fails to assign layout}}
    // expected-note @+2 {{the result is requested in #nv_tileas<layout reg> but its source is in #nv_tileas<layout smem>}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileaa.extract' that was explicitly marked illegal}}
    %e = "nv_tileaa.extract"(%m, %i, %i) {layout = #nv_tileas<layout reg>} : (tensor<16x16xf32>, i32, i32) -> tensor<8x8xf32>
    nv_tileaa.return
  }
}

// -----

// Layout assignment: what a requested layout can hold.
// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<4xf32>) attributes {nv_tileaa.kernel} {
    // expected-error @+2 {{fails to assign layout}}
    // expected-note @+1 {{an MMA fragment layout holds a rank-2 tensor}}
    %m = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout mma_a>} : (tensor<4xf32>) -> tensor<4xf32>
    nv_tileaa.return
  }
}

// -----

// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<4x4xf32>) attributes {nv_tileaa.kernel} {
    // expected-error @+2 {{fails to assign layout}}
    // expected-note @+1 {{tensor memory needs compute capability sm_100 or later}}
    %m = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout tmem>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    nv_tileaa.return
  }
}

// -----

// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: f32) attributes {nv_tileaa.kernel} {
    // expected-error @+2 {{fails to assign layout}}
    // expected-note @+1 {{a layout is assigned to a tensor, not a scalar}}
    %m = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout reg>} : (f32) -> f32
    nv_tileaa.return
  }
}

// -----

// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<4xf32>) attributes {nv_tileaa.kernel} {
    // expected-error @+2 {{fails to assign layout}}
    // expected-note @+1 {{'layout' must be a #nv_tileas<layout ...> attribute}}
    %m = "nv_tileaa.negf"(%a) {layout = "reg"} : (tensor<4xf32>) -> tensor<4xf32>
    nv_tileaa.return
  }
}

// -----

// A rank-2 MMA op computes its result in mma_c; no other layout is assignable.
// expected-error @+1 {{failed to convert nv_tileaa to nv_tileas}}
module {
  nv_tileaa.func @k(%a: tensor<16x8xf16>, %b: tensor<8x16xf16>, %c: tensor<16x16xf32>) attributes {nv_tileaa.kernel} {
    // expected-error @+2 {{fails to assign layout}}
    // expected-note @+1 {{an MMA op's result is in #nv_tileas<layout mma_c>}}
    %d = "nv_tileaa.dot"(%a, %b, %c) {layout = #nv_tileas<layout reg>} : (tensor<16x8xf16>, tensor<8x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
    nv_tileaa.return
  }
}
