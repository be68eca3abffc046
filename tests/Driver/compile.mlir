// Every tier reaches every stage this build emits, on a seed kernel: tileaa
// output holds no cuda_tile op and tileas output no nv_tileaa op in
// generic form (types and attribute kinds are shared,
// compiler/docs/Lowering.md); the TileAS tiers
// record their scheduling options; --emit-line-info adds the snapshots
// (none at O0, the first from O1, the second from O2). Stopping at tileaa
// skips the TileAS conversion.

// RUN: tilec -O0 --emit tileaa %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=AA
// RUN: tilec -O1 --emit tileaa %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=AA
// RUN: tilec -O2 --emit tileaa %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=AA
// RUN: tilec -O3 --emit tileaa %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=AA
// AA-NOT: {{cuda_tile\.module|"cuda_tile\.|nv_tileas\.}}
// AA: nv_tileaa.
// AA-NOT: {{cuda_tile\.module|"cuda_tile\.|nv_tileas\.}}

// RUN: tilec -O0 --emit tileas %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=AS
// RUN: tilec -O1 --emit tileas %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=AS
// RUN: tilec -O2 --emit tileas %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=AS
// RUN: tilec -O3 --emit tileas %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=AS
// RUN: tilec -O2 --emit tileas %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=CONFIG
// RUN: tilec -O3 --emit tileas %S/../../corpus/seeds/saxpy.mlir | FileCheck %s --check-prefix=CONFIG
// AS-NOT: {{cuda_tile\.module|"cuda_tile\.|"nv_tileaa\.}}
// AS: nv_tileas.
// AS-NOT: {{cuda_tile\.module|"cuda_tile\.|"nv_tileaa\.}}
// CONFIG: tilec.pipeline_config = {pipeline_strategy = "none", rrt_size_threshold = 0 : i64, scheduler = "cost", v2_opt_level = 0 : i64}

// RUN: tilec -O0 --emit tileas --emit-line-info %S/../../corpus/seeds/saxpy.mlir --line-info-file %t.li0 -o %t.out0
// RUN: not grep -q snapshot %t.li0
// RUN: tilec -O1 --emit tileas --emit-line-info %S/../../corpus/seeds/saxpy.mlir --line-info-file %t.li1 -o %t.out1
// RUN: FileCheck %s --check-prefix=LI1 --input-file %t.li1
// LI1: line-info snapshot: stage=tileaa
// LI1: nv_tileaa.{{.*}}loc("{{.*}}saxpy.mlir":{{[0-9]+}}:{{[0-9]+}})
// LI1-NOT: snapshot
// RUN: tilec -O2 --emit tileas --emit-line-info %S/../../corpus/seeds/saxpy.mlir --line-info-file %t.li2 -o %t.out2
// RUN: FileCheck %s --check-prefix=LI2 --input-file %t.li2
// LI2: line-info snapshot: stage=tileaa
// LI2: line-info snapshot: stage=tileas
// LI2: nv_tileas.{{.*}}loc("{{.*}}saxpy.mlir":{{[0-9]+}}:{{[0-9]+}})
// The snapshots change nothing.
// RUN: tilec -O2 --emit tileas %S/../../corpus/seeds/saxpy.mlir | diff - %t.out2

// Bytecode input compiles to the same module as its text.
// RUN: tilec-translate --mlir-to-tileirbc %S/../../corpus/seeds/saxpy.mlir -o %t.tileirbc
// RUN: tilec -O2 --emit tileas %t.tileirbc | sed 's/@kernels/@saxpy/g' > %t.bc.out
// RUN: diff %t.bc.out %t.out2
