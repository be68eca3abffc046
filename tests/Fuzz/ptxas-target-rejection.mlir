// A program the target cannot take (block-scaled MMA below sm_100) is an
// expected rejection for the ptxas executor as for the others, not a pass
// failure of the backend (regression: the ptxas executor reported one per
// such program until session 21; the compile fails before ptxas runs).
// REQUIRES: ptxas
// RUN: tile-diff %S/simt-block-scaled-mma.mlir --entry e8m0 --grid 1 --arg zeros:f32:256 --only-config compiler=ptxas,sm_90,O2 | FileCheck %s
// CHECK: 1 expected rejections (unsupported-target)
// CHECK-NEXT: 1 programs checked, 0 findings in 0 buckets
