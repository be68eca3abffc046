// REQUIRES: ptxas, tileiras
// gpu-tileiras: tileiras's cubin under the tileiras kernel ABI. Recorded
// without a GPU, the bundle names no block (the kernel's EIATTR_REQNTID
// gives it) and dynamic shared memory -1 (the device's maximum minus the
// kernel's static shared memory, as cuTile Python's launcher gives it), and
// its parameters agree with the cubin's EIATTR_KPARAM_INFO.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILECHECK_TILEIRAS=%tileiras TILECHECK_GPU_LAUNCH=record:%t/rec tile-diff %S/../../corpus/seeds/vector_add.mlir --only-config compiler=gpu-tileiras,sm_90,O3 -v | FileCheck %s
// CHECK: skipped {{.*}}vector_add.mlir [compiler=gpu-tileiras,sm_90,O3]: launch recorded for tile-gpu-launch
// RUN: tile-gpu-launch --check %t/rec | FileCheck %s --check-prefix=BUNDLE
// BUNDLE: ok: kernel vector_add, grid 8x1x1, block 128x1x1, 4 parameters (8 8 8 4 bytes), 3 buffers
// RUN: bash -c "cat %t/rec/*/launch.txt" | FileCheck %s --check-prefix=MANIFEST
// MANIFEST: block 0 0 0
// MANIFEST: dynamic-shared -1
