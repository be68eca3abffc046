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
