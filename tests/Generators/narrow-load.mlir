// pNarrowLoad (tensorcore and mma presets): a GEMM loads its f8 or tf32
// operands straight from f8/tf32 memory instead of converting a wider
// load. Seed 20 of tensorcore has f8E4M3FN and tf32 GEMMs; its tf32 buffer
// %arg14 has random low 13 container bits, which the hardware and the
// interpreter ignore. The LLVM backend lowers the loads (the SIMT
// executor agrees with the interpreter) and tileiras takes the program.
// RUN: rm -rf %t && tile-gen --seed 20 --policy tensorcore -o %t
// RUN: FileCheck %s --input-file %t/20/program.mlir
// RUN: python3 -c "import numpy; a = numpy.load('%t/20/arg14.npy'); assert a.dtype == numpy.uint32 and (a & 0x1fff).any()"
// RUN: tile-diff --manifest %t/20 --only-config compiler=simt,sm_80,O0 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/20 --only-config compiler=simt,sm_90,O2 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/20 --only-config compiler=simt,sm_100,O3,v2=1,strategy=unspecialize,scheduler=cost,stages=3 -v | FileCheck %s --check-prefix=DIFF
// CHECK: entry @kernel(%arg0: tile<ptr<f8E4M3FN>>, %arg1: tile<ptr<f8E4M3FN>>,
// CHECK-SAME: %arg14: tile<ptr<tf32>>
// CHECK: load_view_tko weak {{.*}} -> tile<16x64xf8E4M3FN>, token
// CHECK-NEXT: load_view_tko weak {{.*}} -> tile<64x64xf8E4M3FN>, token
// CHECK-NEXT: mmaf {{.*}} : tile<16x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<16x64xf32>
// CHECK: load_view_tko weak {{.*}} -> tile<16x128xtf32>, token
// CHECK-NEXT: load_view_tko weak {{.*}} -> tile<128x16xtf32>, token
// CHECK-NEXT: mmaf {{.*}} : tile<16x128xtf32>, tile<128x16xtf32>, tile<16x16xf32>
// DIFF: ok {{.*}} the PTX ran on the SIMT executor
// DIFF: 1 programs checked, 0 findings in 0 buckets
