// The driver's own passes. tilec-line-info-snapshot prints the IR with its
// locations and changes nothing; tilec-pipeline-config records the TileAS
// scheduling options on the module. Both run in tilec-opt and in tilec
// through --pass-pipeline.

// RUN: tilec-opt %s --tilec-line-info-snapshot=stage=here 2>%t.snap | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --check-prefix=SNAP --input-file %t.snap
// RUN: tilec-opt %s | FileCheck %s --check-prefix=SAME
// SAME: module {
// SAME-NOT: pipeline_config
// SAME: addf
// SNAP: // -----// tilec line-info snapshot: stage=here //----- //
// SNAP: addf {{.*}} loc("{{.*}}passes.mlir":{{[0-9]+}}:{{[0-9]+}})

// RUN: tilec --emit mlir %s --pass-pipeline 'builtin.module(tilec-line-info-snapshot{stage=a},tilec-line-info-snapshot{stage=b})' --line-info-file %t.li > %t.out
// RUN: FileCheck %s --check-prefix=TWO --input-file %t.li
// RUN: tilec --emit mlir %s > %t.plain
// RUN: diff %t.out %t.plain
// TWO: stage=a
// TWO: loc(
// TWO: stage=b

// RUN: tilec-opt %s --tilec-pipeline-config='v2-opt-level=2 pipeline-strategy=warp-specialize scheduler=serial rrt-size-threshold=64' | FileCheck %s --check-prefix=CONFIG
// CONFIG: module attributes {tilec.pipeline_config = {pipeline_strategy = "warp-specialize", rrt_size_threshold = 64 : i64, scheduler = "serial", v2_opt_level = 2 : i64}}
// RUN: tilec-opt %s --tilec-pipeline-config | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: tilec.pipeline_config = {pipeline_strategy = "none", rrt_size_threshold = 0 : i64, scheduler = "cost", v2_opt_level = 0 : i64}
// RUN: not tilec-opt %s --tilec-pipeline-config='pipeline-strategy=fast' 2>&1 | FileCheck %s --check-prefix=BADVALUE
// BADVALUE: fast

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %0 = addf %x, %x rounding<zero> : tile<f32>
    return
  }
}
