// pF4Load (tensorcore and mma presets): an f4 GEMM loads its f4E2M1FN
// operands from memory instead of converting f16 loads: from f4 views of
// f4 buffers, which the harness packs two per byte (seed 36000 of
// tensorcore), or, half the time, as their packed bytes through i8 views,
// unpacked in the kernel (seed 36050 of mma). The LLVM backend lowers
// both (the SIMT executor agrees with the interpreter at sm_100 and sm_120,
// the targets with the block-scaled MMA).
// RUN: rm -rf %t && tile-gen --seed 36000 --policy tensorcore -o %t && tile-gen --seed 36050 --policy mma -o %t
// RUN: FileCheck %s --check-prefix=VIEWS --input-file %t/36000/program.mlir
// RUN: FileCheck %s --check-prefix=BYTES --input-file %t/36050/program.mlir
// RUN: python3 -c "import numpy; a = numpy.load('%t/36050/arg2.npy'); print(a.dtype, a.shape)" | FileCheck %s --check-prefix=NPY
// RUN: tile-diff --manifest %t/36000 --only-config compiler=simt,sm_100,O0 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/36000 --only-config compiler=simt,sm_120,O3 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/36050 --only-config compiler=simt,sm_100,O0 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/36050 --only-config compiler=simt,sm_100,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=3 -v | FileCheck %s --check-prefix=DIFF
// VIEWS: entry @kernel({{.*}}%arg2: tile<ptr<f4E2M1FN>>, %arg3: tile<ptr<f4E2M1FN>>
// VIEWS: load_view_tko weak {{.*}} -> tile<128x32xf4E2M1FN>, token
// VIEWS-NEXT: load_view_tko weak {{.*}} -> tile<32x16xf4E2M1FN>, token
// VIEWS: mmaf_scaled {{.*}} : tile<128x32xf4E2M1FN>, tile<32x16xf4E2M1FN>, tile<128x16xf32>
// BYTES: entry @kernel({{.*}}%arg2: tile<ptr<i8>>, %arg3: tile<ptr<i8>>
// BYTES: load_view_tko weak {{.*}} -> tile<16x16xi8>, token
// BYTES-NEXT: load_view_tko weak {{.*}} -> tile<32x4xi8>, token
// BYTES-NEXT: reshape {{.*}} : tile<16x16xi8> -> tile<256xi8>
// BYTES-NEXT: unpack {{.*}} : tile<256xi8> -> tile<512xf4E2M1FN>
// BYTES-NEXT: reshape {{.*}} : tile<512xf4E2M1FN> -> tile<16x32xf4E2M1FN>
// BYTES: mmaf_scaled {{.*}} : tile<16x32xf4E2M1FN>, tile<32x8xf4E2M1FN>, tile<16x8xf32>
// The A operand's 16x32 f4 values as 16x16 bytes.
// NPY: int8 (16, 16)
// DIFF: ok {{.*}} the PTX ran on the SIMT executor
// DIFF: 1 programs checked, 0 findings in 0 buckets
