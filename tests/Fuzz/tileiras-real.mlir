// With NVIDIA's tileiras installed (feature `tileiras`, found by lit.cfg.py),
// a seed kernel passes through every tileiras configuration: our bytecode is
// accepted at -O0..-O3 and tileiras writes a cubin each time, so there is no
// finding. (Its cubins run against the interpreter only on a GPU.)

// REQUIRES: tileiras
// RUN: env TILECHECK_TILEIRAS=%tileiras tile-diff %S/../../corpus/seeds/gemm.mlir --matrix tileiras -v | FileCheck %s
// CHECK: note: tileiras {{.*}}tileiras (Cuda compilation tools, release
// CHECK: ok {{.*}}gemm.mlir [compiler=tileiras,sm_100,O0]
// CHECK: ok {{.*}}gemm.mlir [compiler=tileiras,sm_100,O3]
// CHECK: 1 programs checked, 0 findings in 0 buckets
// RUN: env TILECHECK_TILEIRAS=%tileiras tile-diff %S/../../corpus/seeds/attention.mlir --only-config compiler=tileiras,sm_90,O2 --print-signature | FileCheck %s --check-prefix=SIG
// SIG: none
