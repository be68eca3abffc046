// tilec-line-info-snapshot (seed 003's line-info printers) prints the IR
// with its locations and changes nothing, in tilec-opt and in tilec through
// --pass-pipeline.

// RUN: tilec-opt %s --tilec-line-info-snapshot=stage=here 2>%t.snap | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --check-prefix=SNAP --input-file %t.snap
// RUN: tilec-opt %s | FileCheck %s --check-prefix=SAME
// SAME: module {
// SAME-NOT: pipeline_config
// SAME: addf
// SNAP: // -----// tilec line-info snapshot: stage=here //----- //
// SNAP: addf {{.*}} loc("{{.*}}tilec-line-info-snapshot.mlir":{{[0-9]+}}:{{[0-9]+}})

// RUN: tilec --emit mlir %s --pass-pipeline 'builtin.module(tilec-line-info-snapshot{stage=a},tilec-line-info-snapshot{stage=b})' --line-info-file %t.li > %t.out
// RUN: FileCheck %s --check-prefix=TWO --input-file %t.li
// RUN: tilec --emit mlir %s > %t.plain
// RUN: diff %t.out %t.plain
// TWO: stage=a
// TWO: loc(
// TWO: stage=b

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %0 = addf %x, %x rounding<zero> : tile<f32>
    return
  }
}
