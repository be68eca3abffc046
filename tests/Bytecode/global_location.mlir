// The global section has no locations: a global read back gets
// loc(unknown), as NVIDIA's tileirdisasm prints it, not the file's.
// Found by scripts/check_bytecode_peers.py --generate (82 of 1,050 generated
// programs disagreed with tileirdisasm only there).
// RUN: tilec-translate --mlir-to-tileirbc %s -o %t.tileirbc
// RUN: tilec-opt --mlir-print-debuginfo %t.tileirbc | FileCheck %s

// CHECK: global private constant @g <f32: 1.500000e+00> : tile<1xf32> loc(#[[UNKNOWN:loc[0-9]*]])
// CHECK: #[[UNKNOWN]] = loc(unknown)
cuda_tile.module @kernels {
  global private constant @g <f32: 1.5> : tile<1xf32>
  entry @k() {
    return
  }
}
