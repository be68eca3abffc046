// An op the backend does not lower yet is named in one clear error.
// RUN: tilec-opt %s --convert-tileas-to-llvm --split-input-file --verify-diagnostics

module {
  nv_tileaa.func @print(%a: f32) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    // expected-error @below {{the LLVM backend does not lower 'nv_tileas.print_tko' yet}}
    %0 = "nv_tileas.print_tko"(%a) {str = "%f", operandSegmentSizes = array<i32: 1, 0>} : (f32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}

// -----

// Directed rounding has no f16 instruction: not lowered rather than rounded
// twice through f32.
module {
  nv_tileaa.func @half_rz(%a: f16) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    // expected-error @below {{the LLVM backend does not lower 'nv_tileas.addf' yet}}
    %0 = "nv_tileas.addf"(%a, %a) {rounding_mode = #cuda_tile.rounding<zero>} : (f16, f16) -> f16
    nv_tileaa.return
  }
}

// -----

// Element types without a register form yet (tf32, f8, i4).
module {
  nv_tileaa.func @f8(%a: tensor<64xf8E4M3FN>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    // expected-error @below {{the LLVM backend does not lower 'nv_tileas.ftof' yet}}
    %0 = "nv_tileas.ftof"(%a) : (tensor<64xf8E4M3FN>) -> tensor<64xf32>
    nv_tileaa.return
  }
}
