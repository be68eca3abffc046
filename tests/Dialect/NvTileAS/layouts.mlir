// Layouts in the nv_tileas tensor type (compiler/docs/Lowering.md,
// "Layouts"): the rules of a function marked nv_tileas.layouts, the
// encoding's own check, and convert_layout's folds and canonicalization.
// RUN: tilec-opt --split-input-file --verify-diagnostics %s
// RUN: tilec-opt --canonicalize %S/Inputs/layout-folds.mlir | FileCheck %S/Inputs/layout-folds.mlir

// Element-wise ops compute in one layout.
nv_tileaa.func @f(%a: tensor<4xf32, #nv_tileas<layout reg>>,
                  %s: tensor<4xf32, #nv_tileas<layout smem>>) attributes {nv_tileas.layouts} {
  // expected-error @+1 {{'arith.extf' op operands and results must share one layout: operand #0 is in #nv_tileas<layout smem> but result #0 is in #nv_tileas<layout reg> (nv_tileas.convert_layout changes a layout)}}
  %r = arith.extf %s : tensor<4xf32, #nv_tileas<layout smem>> to tensor<4xf64, #nv_tileas<layout reg>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4xf32, #nv_tileas<layout reg>>,
                  %s: tensor<4xf32, #nv_tileas<layout smem>>) attributes {nv_tileas.layouts} {
  // expected-error @+1 {{'nv_tileas.cat' op operands and results must share one layout: operand #0 is in #nv_tileas<layout reg> but operand #1 is in #nv_tileas<layout smem>}}
  %c = nv_tileas.cat %a, %s {dim = 0 : i64} : (tensor<4xf32, #nv_tileas<layout reg>>, tensor<4xf32, #nv_tileas<layout smem>>) -> tensor<8xf32, #nv_tileas<layout reg>>
  nv_tileaa.return
}

// -----

// Every tensor has a layout: results...
nv_tileaa.func @f() attributes {nv_tileas.layouts} {
  // expected-error @+1 {{'arith.constant' op result #0 of type 'tensor<4xf32>' has no layout}}
  %c = arith.constant dense<1.0> : tensor<4xf32>
  nv_tileaa.return
}

// -----

// ...and block arguments.
// expected-error @+1 {{'nv_tileaa.func' op block argument #1 of type 'tensor<4xf32>' has no layout}}
nv_tileaa.func @f(%a: tensor<4xf32, #nv_tileas<layout reg>>, %u: tensor<4xf32>) attributes {nv_tileas.layouts} {
  nv_tileaa.return
}

// -----

// MMA operands are fragments.
nv_tileaa.func @f(%a: tensor<16x8xf16, #nv_tileas<layout mma_a>>,
                  %b: tensor<8x16xf16, #nv_tileas<layout mma_b>>,
                  %c: tensor<16x16xf32, #nv_tileas<layout reg>>) attributes {nv_tileas.layouts} {
  // expected-error @+1 {{'nv_tileas.dot' op operand #2 must be in #nv_tileas<layout mma_c>, not #nv_tileas<layout reg>}}
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas<atom wgmma_f16_f16_f32>} : (tensor<16x8xf16, #nv_tileas<layout mma_a>>, tensor<8x16xf16, #nv_tileas<layout mma_b>>, tensor<16x16xf32, #nv_tileas<layout reg>>) -> tensor<16x16xf32, #nv_tileas<layout mma_c>>
  nv_tileaa.return
}

// -----

// An MMA fragment is a matrix (the encoding's own check, in any function).
// expected-error @+1 {{an MMA fragment layout holds a rank-2 tensor}}
nv_tileaa.func @f(%a: tensor<4xf32, #nv_tileas<layout mma_c>>) {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileas.layouts' is a unit attribute of nv_tileaa.func}}
nv_tileaa.func @f() attributes {nv_tileas.layouts = 1 : i32} {
  nv_tileaa.return
}
