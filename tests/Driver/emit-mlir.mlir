// tilec at --emit mlir: every tier runs no pass, so the verified input is
// printed back unchanged (and reparses); the printed pipeline is empty and
// survives --pass-pipeline.

// RUN: tilec -O0 --emit mlir %s | FileCheck %s
// RUN: tilec -O3 --emit mlir %s -o %t.o3 && FileCheck %s --input-file %t.o3
// RUN: tilec -O0 --emit mlir %s | tilec-opt | FileCheck %s
// RUN: tilec -O2 --emit mlir --emit-line-info %s 2>&1 | FileCheck %s --check-prefix=NOSNAP

// CHECK: cuda_tile.module @m
// CHECK: entry @k(%{{.*}}: tile<f32>)
// CHECK: addf %{{.*}}, %{{.*}} rounding<zero> : tile<f32>
// NOSNAP-NOT: line-info snapshot

// RUN: tilec --print-pipeline -O0 --emit mlir | FileCheck %s --check-prefix=EMPTY
// RUN: tilec --print-pipeline -O1 --emit mlir | FileCheck %s --check-prefix=EMPTY
// RUN: tilec --print-pipeline -O2 --emit mlir | FileCheck %s --check-prefix=EMPTY
// RUN: tilec --print-pipeline -O3 --emit mlir --emit-line-info | FileCheck %s --check-prefix=EMPTY
// RUN: tilec --print-pipeline --pass-pipeline 'builtin.module()' | FileCheck %s --check-prefix=EMPTY
// EMPTY: {{^}}builtin.module(){{$}}

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %0 = addf %x, %x rounding<zero> : tile<f32>
    return
  }
}
