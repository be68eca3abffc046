// pF4Mma (mma and tensorcore presets) and pSubByteCast (ints, floats,
// floats-exact): seed 5 of mma draws an nvfp4 GEMM (f4E2M1FN operands
// converted from f16 loads, f8E4M3FN scales per 16 of K); seed 11 of
// floats-exact sends a bf16 tile through f4E2M1FN and an i32 tile through
// i4 (trunci with no_signed_wrap, exti signed); seed 35355 of ints moves
// an i4 tile (select with another value's i4, permute) before extending
// it. The LLVM backend lowers
// them (the SIMT executor agrees with the interpreter bit for bit where
// the program is exact).
// RUN: rm -rf %t && tile-gen --seed 5 --policy mma -o %t && tile-gen --seed 11 --policy floats-exact -o %t
// RUN: FileCheck %s --check-prefix=MMA --input-file %t/5/program.mlir
// RUN: FileCheck %s --check-prefix=CAST --input-file %t/11/program.mlir
// RUN: tile-gen --seed 35355 --policy ints -o %t
// RUN: FileCheck %s --check-prefix=MOVE --input-file %t/35355/program.mlir
// RUN: tile-diff --manifest %t/35355 --only-config compiler=simt,sm_90,O3 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/35355 --only-config sm_100,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=3,reg2reg=0 -v | FileCheck %s --check-prefix=DIFF
// MOVE: [[A:%v[0-9]+]] = trunci {{.*}} : tile<16x16xi32> -> tile<16x16xi4>
// MOVE: [[B:%v[0-9]+]] = trunci {{.*}} : tile<16x16xi32> -> tile<16x16xi4>
// MOVE-NEXT: [[S:%v[0-9]+]] = select %p{{[0-9]+}}, [[A]], [[B]] : tile<16x16xi1>, tile<16x16xi4>
// MOVE-NEXT: [[P:%v[0-9]+]] = permute [[S]] [1, 0] : tile<16x16xi4> -> tile<16x16xi4>
// MOVE-NEXT: exti [[P]] unsigned : tile<16x16xi4> -> tile<16x16xi32>
// RUN: tile-diff --manifest %t/5 --only-config compiler=simt,sm_100,O0 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/5 --only-config compiler=simt,sm_120,O3 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/11 --only-config compiler=simt,sm_80,O2 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/11 --only-config compiler=simt,sm_90,O0 -v | FileCheck %s --check-prefix=DIFF
// MMA: ftof {{.*}} : tile<64x32xf16> -> tile<64x32xf4E2M1FN>
// MMA-NEXT: ftof {{.*}} : tile<32x32xf16> -> tile<32x32xf4E2M1FN>
// MMA: mmaf_scaled {{.*}} : tile<64x32xf4E2M1FN>, tile<32x32xf4E2M1FN>, tile<64x32xf32>, tile<64x2xf8E4M3FN>, tile<2x32xf8E4M3FN>
// CAST: ftof {{.*}} : tile<1x2xbf16> -> tile<1x2xf4E2M1FN>
// CAST-NEXT: ftof {{.*}} : tile<1x2xf4E2M1FN> -> tile<1x2xbf16>
// CAST: trunci {{.*}} overflow<no_signed_wrap> : tile<2xi32> -> tile<2xi4>
// CAST-NEXT: exti {{.*}} signed : tile<2xi4> -> tile<2xi32>
// DIFF: ok {{.*}}
// DIFF: 1 programs checked, 0 findings in 0 buckets
