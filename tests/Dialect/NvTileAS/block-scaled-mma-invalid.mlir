// RUN: tilec-opt --split-input-file --verify-diagnostics %s
//
// Seed 001's block-scaled MMA verifier on nv_tileas.block_scaled_mma (and
// nv_tileaa.mma_block_scale): an f32 accumulator, scale types and shapes
// that agree with the MMA kind, the scale vector dividing K in a supported
// block size, and compatible CTA-pair shapes. The operand rules are
// cuda_tile.mmaf_scaled's (BlockScale.h), so the messages are too.

// The valid forms: f8 in blocks of 32 with f8E8M0FNU scales, f4E2M1FN in
// blocks of 16 with f8E4M3FN scales, a CTA pair with an even M.
nv_tileaa.func @ok(%a: tensor<64x64xf8E4M3FN>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>,
                   %sa: tensor<64x2xf8E8M0FNU>, %sb: tensor<2x64xf8E8M0FNU>,
                   %fa: tensor<64x32xf4E2M1FN>, %fb: tensor<32x64xf4E2M1FN>,
                   %ta: tensor<64x2xf8E4M3FN>, %tb: tensor<2x64xf8E4M3FN>) {
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom umma_bs_f8E4M3FN_f8E4M3FN_f32>, cta_group = 2 : i32}> : (tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>, tensor<64x64xf32>, tensor<64x2xf8E8M0FNU>, tensor<2x64xf8E8M0FNU>) -> tensor<64x64xf32>
  %f = "nv_tileas.block_scaled_mma"(%fa, %fb, %c, %ta, %tb) <{atom = #nv_tileas<atom umma_bs_f4E2M1FN_f4E2M1FN_f32>}> : (tensor<64x32xf4E2M1FN>, tensor<32x64xf4E2M1FN>, tensor<64x64xf32>, tensor<64x2xf8E4M3FN>, tensor<2x64xf8E4M3FN>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// The accumulator must be f32.
nv_tileaa.func @acc(%a: tensor<64x32xf8E4M3FN>, %b: tensor<32x64xf8E4M3FN>, %c: tensor<64x64xf16>,
                    %sa: tensor<64x1xf8E8M0FNU>, %sb: tensor<1x64xf8E8M0FNU>) {
  // expected-error @+1 {{the accumulator must be f32, but got 'f16'}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>}> : (tensor<64x32xf8E4M3FN>, tensor<32x64xf8E4M3FN>, tensor<64x64xf16>, tensor<64x1xf8E8M0FNU>, tensor<1x64xf8E8M0FNU>) -> tensor<64x64xf16>
  nv_tileaa.return
}

// -----

// The two scale tensors have one element type.
nv_tileaa.func @scales(%a: tensor<64x32xf4E2M1FN>, %b: tensor<32x64xf4E2M1FN>, %c: tensor<64x64xf32>,
                       %sa: tensor<64x2xf8E4M3FN>, %sb: tensor<2x64xf8E8M0FNU>) {
  // expected-error @+1 {{lhs_scale and rhs_scale must have one element type, but got 'f8E4M3FN' and 'f8E8M0FNU'}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>}> : (tensor<64x32xf4E2M1FN>, tensor<32x64xf4E2M1FN>, tensor<64x64xf32>, tensor<64x2xf8E4M3FN>, tensor<2x64xf8E8M0FNU>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// The scale type decides the operand type: f8E4M3FN scales go with FP4.
nv_tileaa.func @kind(%a: tensor<64x32xf8E4M3FN>, %b: tensor<32x64xf8E4M3FN>, %c: tensor<64x64xf32>,
                     %sa: tensor<64x2xf8E4M3FN>, %sb: tensor<2x64xf8E4M3FN>) {
  // expected-error @+1 {{unsupported combination of element types. Scale type 'f8E4M3FN' expects lhs and rhs element types to be 'f4E2M1FN', but got 'f8E4M3FN'}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>}> : (tensor<64x32xf8E4M3FN>, tensor<32x64xf8E4M3FN>, tensor<64x64xf32>, tensor<64x2xf8E4M3FN>, tensor<2x64xf8E4M3FN>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// The scale vector must divide K.
nv_tileaa.func @divides(%a: tensor<64x64xf8E4M3FN>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>,
                        %sa: tensor<64x3xf8E8M0FNU>, %sb: tensor<3x64xf8E8M0FNU>) {
  // expected-error @+1 {{shape error: dim 1 of lhs_scale (3) must be a divisor of dim 1 of lhs (64)}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>}> : (tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>, tensor<64x64xf32>, tensor<64x3xf8E8M0FNU>, tensor<3x64xf8E8M0FNU>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// Only supported (element, block) combinations: f8 takes blocks of 32.
nv_tileaa.func @block(%a: tensor<64x64xf8E5M2>, %b: tensor<64x64xf8E5M2>, %c: tensor<64x64xf32>,
                      %sa: tensor<64x4xf8E8M0FNU>, %sb: tensor<4x64xf8E8M0FNU>) {
  // expected-error @+1 {{shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>}> : (tensor<64x64xf8E5M2>, tensor<64x64xf8E5M2>, tensor<64x64xf32>, tensor<64x4xf8E8M0FNU>, tensor<4x64xf8E8M0FNU>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// The scale shapes follow the operands'.
nv_tileaa.func @shape(%a: tensor<64x64xf8E4M3FN>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>,
                      %sa: tensor<32x2xf8E8M0FNU>, %sb: tensor<2x64xf8E8M0FNU>) {
  // expected-error @+1 {{shape error: dim 0 of lhs (64) and dim 0 of lhs_scale (32) must match}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>}> : (tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>, tensor<64x64xf32>, tensor<32x2xf8E8M0FNU>, tensor<2x64xf8E8M0FNU>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// A CTA pair splits the M rows: M must be even.
nv_tileaa.func @pair(%a: tensor<5x64xf8E4M3FN>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<5x64xf32>,
                     %sa: tensor<5x2xf8E8M0FNU>, %sb: tensor<2x64xf8E8M0FNU>) {
  // expected-error @+1 {{cta_group 2 splits the M rows between two CTAs, so M must be even, but got 5}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>, cta_group = 2 : i32}> : (tensor<5x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>, tensor<5x64xf32>, tensor<5x2xf8E8M0FNU>, tensor<2x64xf8E8M0FNU>) -> tensor<5x64xf32>
  nv_tileaa.return
}

// -----

// nv_tileaa.mma_block_scale has the same rules.
nv_tileaa.func @tileaa(%a: tensor<64x64xf8E4M3FN>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>,
                       %sa: tensor<64x4xf8E8M0FNU>, %sb: tensor<4x64xf8E8M0FNU>) {
  // expected-error @+1 {{shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16}}
  %e = "nv_tileaa.mma_block_scale"(%a, %b, %c, %sa, %sb) : (tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>, tensor<64x64xf32>, tensor<64x4xf8E8M0FNU>, tensor<4x64xf8E8M0FNU>) -> tensor<64x64xf32>
  nv_tileaa.return
}
