// Without the conversions in the build, a pipeline that needs one fails
// with exit code 1 and names the missing pass (the driver looks passes up
// by name). Once the conversions exist, tiers.mlir and compile.mlir run
// instead.
// UNSUPPORTED: tileaa-conversion

// RUN: sh -c 'tilec --emit tileaa %s; echo rc=$?' 2>&1 | FileCheck %s
// RUN: sh -c 'tilec -O0 --emit tileas --print-pipeline; echo rc=$?' 2>&1 | FileCheck %s
// CHECK: error: pass 'convert-cuda-tile-to-tileaa' is not registered in this build
// CHECK: rc=1

cuda_tile.module @m {
  entry @k() {
    return
  }
}
