// pF4Store (floats-exact and mma presets): an exact float output is
// converted to f4E2M1FN and stored through a view of a zeroed f4 buffer,
// half the time one whose rows end one element short. Seed 36080 of
// floats-exact stores a 1x32 tile per block into a 2x31 view with row
// stride 32: element 30 of a row fills the low nibble of its byte, whose
// high nibble (element 31) lies past the edge and stays zero. The LLVM
// backend stores the nibbles (the SIMT executor agrees bit for bit).
// RUN: rm -rf %t && tile-gen --seed 36080 --policy floats-exact -o %t
// RUN: FileCheck %s --input-file %t/36080/program.mlir
// CHECK: entry @kernel({{.*}}%arg4: tile<ptr<f4E2M1FN>>)
// CHECK: ftof {{.*}} : tile<1x32xf32> -> tile<1x32xf4E2M1FN>
// CHECK-NEXT: make_tensor_view %arg4, shape = [2, 31], strides = [32, 1] : tensor_view<2x31xf4E2M1FN, strides=[32,1]>
// CHECK: store_view_tko weak {{.*}} : tile<1x32xf4E2M1FN>, partition_view<tile=(1x32), tensor_view<2x31xf4E2M1FN, strides=[32,1]>>
// RUN: tile-run --manifest %t/36080 --out-dir %t.out
// RUN: python3 -c "import numpy as n; a = n.load('%t.out/arg4.npy').view(n.uint8); print(a.shape, a[:, 31].tolist(), bool((a[:, :31] != 0).any()))" | FileCheck %s --check-prefix=EDGE
// EDGE: (2, 32) [0, 0] True
// RUN: tile-diff --manifest %t/36080 --only-config compiler=simt,sm_80,O0 --bit-exact -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/36080 --only-config compiler=simt,sm_100,O3 --bit-exact -v | FileCheck %s --check-prefix=DIFF
// DIFF: ok {{.*}} the PTX ran on the SIMT executor
// DIFF: 1 programs checked, 0 findings in 0 buckets
