// A 13.1 file holds no optional-field flags and no print_tko result token;
// the reader fills in the defaults and a fresh token, and the result
// verifies. 13.2 files keep the token.
// RUN: tilec-translate --mlir-to-tileirbc --bytecode-version 13.1 %s -o %t.131
// RUN: tilec-translate --tileirbc-to-mlir %t.131 | FileCheck %s --check-prefix=V131
// RUN: tilec-translate --mlir-to-tileirbc --bytecode-version 13.2 %s -o %t.132
// RUN: tilec-translate --tileirbc-to-mlir %t.132 | FileCheck %s --check-prefix=V132
// The version is the header's bytes 8-11.
// RUN: od -An -tx1 -j8 -N4 %t.131 | FileCheck %s --check-prefix=HDR131
// HDR131: 0d 01 00 00

cuda_tile.module @kernels {
  entry @k(%x: tile<i32>, %f: tile<f32>) {
    // V131: negi %{{.*}} : tile<i32>
    // V132: negi %{{.*}} : tile<i32>
    %0 = negi %x : tile<i32>
    // V131: tanh %{{.*}} : tile<f32>
    %1 = tanh %f : tile<f32>
    // V131: print_tko "hello" -> token
    // V132: print_tko "hello" -> token
    %t = print_tko "hello" -> token
    return
  }
}
