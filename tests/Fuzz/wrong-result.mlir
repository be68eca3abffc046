// A wrong result (the test-only hook turns the first addi into a subi right
// after the named pass): every configuration that runs the pass disagrees
// with the reference, the checkpoints name the pass, the first differing
// element and the policy are reported, and the finding replays.
// REQUIRES: test-hooks

// RUN: rm -rf %t.findings
// RUN: sh -c 'env TILECHECK_TEST_CHILD_FAULT=miscompile@convert-tileaa-to-tileas tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --findings %t.findings; echo "exit=$?"' | FileCheck %s
// CHECK: finding: wrong-result [[SIG:[0-9a-f]{16}]] {{.*}} [sm_100,O0,v2=0,strategy=none,scheduler=serial,order=row-major] culprit=convert-tileaa-to-tileas (checkpoint) op=nv_tileaa.addi: arg1: 8 of 8 elements differ (policy bit-exact); first at [0]: expected 5, got -5
// CHECK-NEXT: stored in {{.*}}wrong-result-[[SIG]]-1
// CHECK: finding: wrong-result [[SIG]] {{.*}} [sm_100,O3,v2=1,strategy=unspecialize,scheduler=cost,stages=4,order=row-major] culprit=convert-tileaa-to-tileas (checkpoint)
// CHECK-NEXT: known bucket (seen 10 times), not stored again
// CHECK: finding: wrong-result [[SIG]] {{.*}} [sm_100,O3,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus,order=row-major] culprit=convert-tileaa-to-tileas (checkpoint)
// CHECK-NEXT: known bucket (seen 12 times), not stored again
// CHECK: finding: wrong-result [[SIG]] {{.*}} [sm_100,O3,v2=0,strategy=none,scheduler=cost,reg2reg=4,order=row-major] culprit=convert-tileaa-to-tileas (checkpoint)
// CHECK-NEXT: known bucket (seen 14 times), not stored again
// CHECK: finding: wrong-result [[SIG]] {{.*}} [sm_100,O2,v2=0,strategy=none,scheduler=cost,queues=2,order=seed:2] culprit=convert-tileaa-to-tileas (checkpoint)
// CHECK-NEXT: known bucket (seen 15 times), not stored again
// CHECK-NEXT: 1 programs checked, 15 findings in 1 buckets
// CHECK-NEXT: exit=1

// The checkpoint culprit's first changed value is the addi the hook broke:
// its op, named as before the pass, is part of the signature.
// RUN: cat %t.findings/wrong-result-*-1/signature.txt | FileCheck %s --check-prefix=SIGTEXT
// SIGTEXT: {{^[0-9a-f]{16}$}}
// SIGTEXT-NEXT: {{^}}wrong-result|convert-tileaa-to-tileas|op=nv_tileaa.addi|buffer contents{{$}}

// RUN: test -f %t.findings/wrong-result-*-1/reference/arg1.npy
// RUN: test -f %t.findings/wrong-result-*-1/got/arg1.npy
// RUN: test -f %t.findings/wrong-result-*-1/compiled.mlir
// RUN: cat %t.findings/wrong-result-*-1/culprit.txt | FileCheck %s --check-prefix=CULPRIT
// CULPRIT: convert-tileaa-to-tileas
// CULPRIT-NEXT: found by checkpoint

// RUN: sh -c 'env TILECHECK_TEST_CHILD_FAULT=miscompile@convert-tileaa-to-tileas tile-diff --repro %t.findings/wrong-result-*-2; echo "exit=$?"' | FileCheck %s --check-prefix=REPRO
// REPRO: reproduces: wrong-result {{[0-9a-f]+}} (culprit convert-tileaa-to-tileas): arg1: 8 of 8 elements differ
// REPRO-NEXT: exit=0

// RUN: sh -c 'tile-diff --repro %t.findings/wrong-result-*-2; echo "exit=$?"' | FileCheck %s --check-prefix=FIXED
// FIXED: does not reproduce: expected {{[0-9a-f]+}}, got none
// FIXED-NEXT: exit=1

// The clean program has no finding (exit 0) and no signature.
// RUN: sh -c 'tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8; echo "exit=$?"' | FileCheck %s --check-prefix=CLEAN
// CLEAN: 1 programs checked, 0 findings in 0 buckets
// CLEAN-NEXT: exit=0
// RUN: sh -c 'tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config sm_100,O2 --print-signature; echo "exit=$?"' | FileCheck %s --check-prefix=NONE
// NONE: none
// NONE-NEXT: exit=0

// With the only checkpoint at the end, the checkpoint brackets the culprit
// and a bisection inside the bracket names it; with checkpoints before the
// miscompile only, the bisection over the whole pass list does.
// RUN: env TILECHECK_TEST_CHILD_FAULT=miscompile@tileaa-assign-atoms not tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config O3 --checkpoints tilec-pipeline-config | FileCheck %s --check-prefix=SPARSE
// SPARSE: culprit=tileaa-assign-atoms (checkpoint+bisection)
// RUN: env TILECHECK_TEST_CHILD_FAULT=miscompile@cse not tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config O2 --checkpoints convert-cuda-tile-to-tileaa | FileCheck %s --check-prefix=BISECT
// BISECT: culprit=cse (bisection)

cuda_tile.module @m {
  entry @k(%n: tile<i32>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %a = iota : tile<8xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<8xi32>
    %v = addi %a, %nb : tile<8xi32>
    %tok = make_token : token
    %t2 = store_view_tko weak %v, %p[%bx] token = %tok : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
