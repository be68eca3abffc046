// print_tko (convert-tileas-to-llvm-print.mlir) of scalars only.
// Scalars only: nothing is staged and the module has no scratch buffer
// (the first lowering referred to it anyway: a generated program failed to
// compile, found by the simt sweep over floats-exact seed 5045).
// RUN: tilec-opt %s --convert-tileas-to-llvm | FileCheck %s --check-prefix=SCALAR
// SCALAR-NOT: __tilec_smem
// SCALAR: llvm.func @scalar(
// SCALAR-NOT: __tilec_smem
// SCALAR: llvm.call @vprintf
module {
  nv_tileaa.func @scalar(%a: i32, %f: f32) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %t = "nv_tileas.print_tko"(%a, %f) {str = "%d %f\n", operandSegmentSizes = array<i32: 2, 0>} : (i32, f32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
