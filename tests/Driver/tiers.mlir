// The pass list of every tier (seed 003), one pass a line: the printed
// pipeline split at commas. A line may carry nesting anchors in front and
// closing parentheses behind; option blocks are matched where they matter.
// The table is compiler/docs/Driver.md's; DriverTest checks the same lists.

// RUN: tilec --print-pipeline -O0 --emit tileaa | tr ',' '\n' | FileCheck %s --check-prefix=O0TILEAA
// O0TILEAA: {{^}}builtin.module({{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O0TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O0TILEAA-NOT: {{.}}

// RUN: tilec --print-pipeline -O1 --emit tileaa | tr ',' '\n' | FileCheck %s --check-prefix=O1TILEAA
// O1TILEAA: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O1TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O1TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O1TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O1TILEAA-NOT: {{.}}

// RUN: tilec --print-pipeline -O2 --emit tileaa | tr ',' '\n' | FileCheck %s --check-prefix=O2TILEAA
// O2TILEAA: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O2TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O2TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O2TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O2TILEAA-NOT: {{.}}

// RUN: tilec --print-pipeline -O3 --emit tileaa | tr ',' '\n' | FileCheck %s --check-prefix=O3TILEAA
// O3TILEAA: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O3TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O3TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O3TILEAA-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEAA-NOT: {{.}}

// RUN: tilec --print-pipeline -O0 --emit tileas | tr ',' '\n' | FileCheck %s --check-prefix=O0TILEAS
// O0TILEAS: {{^}}builtin.module({{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O0TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O0TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}convert-tileaa-to-tileas{{(\{.*\})?\)*$}}
// O0TILEAS-NOT: {{.}}

// RUN: tilec --print-pipeline -O1 --emit tileas | tr ',' '\n' | FileCheck %s --check-prefix=O1TILEAS
// O1TILEAS: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O1TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O1TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O1TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O1TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}convert-tileaa-to-tileas{{(\{.*\})?\)*$}}
// O1TILEAS-NOT: {{.}}

// RUN: tilec --print-pipeline -O2 --emit tileas | tr ',' '\n' | FileCheck %s --check-prefix=O2TILEAS
// O2TILEAS: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileaa-assign-atoms{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}convert-tileaa-to-tileas{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-materialize-convert-layout{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-prepare-for-scheduling{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-generate-schedule{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-pipeline-config{{(\{.*\})?\)*$}}
// O2TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-unroll-register-loops{{(\{.*\})?\)*$}}
// O2TILEAS-NOT: {{.}}

// RUN: tilec --print-pipeline -O3 --emit tileas | tr ',' '\n' | FileCheck %s --check-prefix=O3TILEAS
// O3TILEAS: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileaa-assign-atoms{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}convert-tileaa-to-tileas{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}loop-invariant-code-motion{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-materialize-convert-layout{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-prepare-for-scheduling{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-generate-schedule{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-pipeline-config{{(\{.*\})?\)*$}}
// O3TILEAS-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-unroll-register-loops{{(\{.*\})?\)*$}}
// O3TILEAS-NOT: {{.}}

// RUN: tilec --print-pipeline -O0 --emit tileas --emit-line-info | tr ',' '\n' | FileCheck %s --check-prefix=O0TILEASLI
// O0TILEASLI: {{^}}builtin.module({{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O0TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O0TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-tileaa-to-tileas{{(\{.*\})?\)*$}}
// O0TILEASLI-NOT: {{.}}

// RUN: tilec --print-pipeline -O1 --emit tileaa --emit-line-info | tr ',' '\n' | FileCheck %s --check-prefix=O1TILEAALI
// O1TILEAALI: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O1TILEAALI-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O1TILEAALI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O1TILEAALI-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O1TILEAALI-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-line-info-snapshot{{(\{.*\})?\)*$}}
// O1TILEAALI-NOT: {{.}}

// RUN: tilec --print-pipeline -O1 --emit tileas --emit-line-info | tr ',' '\n' | FileCheck %s --check-prefix=O1TILEASLI
// O1TILEASLI: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O1TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O1TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O1TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O1TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-line-info-snapshot{{(\{.*\})?\)*$}}
// O1TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-tileaa-to-tileas{{(\{.*\})?\)*$}}
// O1TILEASLI-NOT: {{.}}

// RUN: tilec --print-pipeline -O2 --emit tileas --emit-line-info | tr ',' '\n' | FileCheck %s --check-prefix=O2TILEASLI
// O2TILEASLI: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-line-info-snapshot{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileaa-assign-atoms{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-tileaa-to-tileas{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-materialize-convert-layout{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-prepare-for-scheduling{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-generate-schedule{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-pipeline-config{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-unroll-register-loops{{(\{.*\})?\)*$}}
// O2TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-line-info-snapshot{{(\{.*\})?\)*$}}
// O2TILEASLI-NOT: {{.}}

// RUN: tilec --print-pipeline -O3 --emit tileas --emit-line-info | tr ',' '\n' | FileCheck %s --check-prefix=O3TILEASLI
// O3TILEASLI: {{^}}builtin.module({{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}cuda-tile-lower-early-exits{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-cuda-tile-to-tileaa{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-line-info-snapshot{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileaa-assign-atoms{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}convert-tileaa-to-tileas{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}canonicalize{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}cse{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}loop-invariant-code-motion{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-materialize-convert-layout{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-prepare-for-scheduling{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-generate-schedule{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-pipeline-config{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tileas-unroll-register-loops{{(\{.*\})?\)*$}}
// O3TILEASLI-NEXT: {{^}}{{([a-z_.]+\()*}}tilec-line-info-snapshot{{(\{.*\})?\)*$}}
// O3TILEASLI-NOT: {{.}}

// Options reach their passes.
// RUN: tilec --print-pipeline -O2 --emit tileas --gpu-name sm_90 --v2-opt-level 2 --pipeline-strategy warp-specialize --scheduler serial --rrt-size-threshold 64 --emit-line-info | FileCheck %s --check-prefix=OPTS
// OPTS: convert-tileaa-to-tileas{{\{.*}}compute-capability=sm_90
// OPTS-SAME: tileas-generate-schedule{exact-search-budget=0 max-constraint-iterations=2 max-ii=0 rrt-size-threshold=64 scheduler=serial serial-threshold=8 trace=}
// OPTS-SAME: tilec-pipeline-config{pipeline-strategy=warp-specialize rrt-size-threshold=64 scheduler=serial v2-opt-level=2}
// OPTS-SAME: tilec-line-info-snapshot{stage=tileas})
// Unspecialized pipelining: v2-opt-level 1 or more, strategy unspecialize,
// the stage count from --unspecialized-pipeline-num-stages (default 2).
// RUN: tilec --print-pipeline -O2 --v2-opt-level 1 --pipeline-strategy unspecialize --unspecialized-pipeline-num-stages 3 | FileCheck %s --check-prefix=UNSPEC
// UNSPEC: tileas-generate-schedule{{[{][^}]*[}]}},tileas-unspecialized-pipeline{num-stages=3 remarks=false},tileas-optimize-pipeline-region,tilec-pipeline-config
// RUN: tilec --print-pipeline -O2 --v2-opt-level 0 --pipeline-strategy unspecialize | FileCheck %s --check-prefix=NOUNSPEC
// NOUNSPEC-NOT: tileas-unspecialized-pipeline
// RUN: not tilec --print-pipeline -O2 --unspecialized-pipeline-num-stages 9 2>&1 | FileCheck %s --check-prefix=BADSTAGES
// BADSTAGES: unspecialized pipeline num stages 9 is out of range (1..8)
// Warp specialization: v2-opt-level 1 or more, strategy warp-specialize;
// tileas-materialize-schedule in AWS mode, or AUS with
// --materialize-schedule-use-aus.
// RUN: tilec --print-pipeline -O2 --v2-opt-level 1 --pipeline-strategy warp-specialize | FileCheck %s --check-prefix=AWS
// AWS: tileas-generate-schedule{{[{][^}]*[}]}},tileas-materialize-schedule{remarks=false use-AUS=false use-dual-simt=true},tileas-optimize-pipeline-region,tileas-materialize-async,tilec-pipeline-config
// RUN: tilec --print-pipeline -O3 --v2-opt-level 1 --pipeline-strategy warp-specialize --materialize-schedule-use-aus | FileCheck %s --check-prefix=AUS
// AUS: tileas-materialize-schedule{remarks=false use-AUS=true use-dual-simt=true}
// RUN: tilec --print-pipeline -O2 --v2-opt-level 0 --pipeline-strategy warp-specialize | FileCheck %s --check-prefix=NOWS
// NOWS-NOT: tileas-materialize-schedule
// RUN: tilec --print-pipeline -O1 --emit tileas | FileCheck %s --check-prefix=DEFGPU
// DEFGPU: compute-capability=sm_100
