// tilec-pipeline-config records the TileAS scheduling options on the
// module (compiler/docs/Driver.md); bad option values are rejected.

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
