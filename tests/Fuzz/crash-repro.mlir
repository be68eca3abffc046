// A configuration child that crashes inside a pass (the test-only fault hook
// TILECHECK_TEST_CHILD_FAULT) is a finding, not the end of the run: it is
// classified, its pass named, stored once per bucket, and replayed by
// --repro (exit 0 while it reproduces, 1 once it does not). --print-signature
// prints the same bucket as the store.
// REQUIRES: test-hooks

// RUN: rm -rf %t.findings
// RUN: sh -c 'env TILECHECK_TEST_CHILD_FAULT=abort@tileaa-assign-atoms tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --findings %t.findings; echo "exit=$?"' | FileCheck %s
// O0 and O1 do not run tileaa-assign-atoms; O2 and O3 crash in it.
// CHECK: finding: crash [[SIG:[0-9a-f]{16}]] {{.*}} [sm_100,O2,v2=0,strategy=none,scheduler=serial,order=row-major] culprit=tileaa-assign-atoms (instrumentation): killed by signal 6
// CHECK-NEXT: stored in {{.*}}crash-[[SIG]]-1
// CHECK: finding: crash [[SIG]] {{.*}} [sm_100,O2,v2=0,strategy=none,scheduler=cost,order=row-major]
// CHECK-NEXT: stored in {{.*}}crash-[[SIG]]-2
// CHECK: finding: crash [[SIG]] {{.*}} [sm_100,O3,v2=0,strategy=none,scheduler=serial,order=row-major]
// CHECK-NEXT: stored in {{.*}}crash-[[SIG]]-3
// CHECK: finding: crash [[SIG]] {{.*}} [sm_100,O3,v2=0,strategy=none,scheduler=cost,order=row-major]
// CHECK-NEXT: known bucket (seen 4 times), not stored again
// CHECK: [sm_100,O3,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus,order=row-major]
// CHECK-NEXT: known bucket (seen 8 times), not stored again
// CHECK: [sm_100,O3,v2=0,strategy=none,scheduler=cost,reg2reg=4,order=row-major]
// CHECK-NEXT: known bucket (seen 10 times), not stored again
// CHECK: [sm_100,O2,v2=0,strategy=none,scheduler=cost,queues=2,order=seed:2]
// CHECK-NEXT: known bucket (seen 11 times), not stored again
// CHECK: 1 programs checked, 11 findings in 1 buckets
// CHECK-NEXT: exit=1

// RUN: cat %t.findings/crash-*-1/culprit.txt | FileCheck %s --check-prefix=CULPRIT
// CULPRIT: tileaa-assign-atoms
// CULPRIT-NEXT: found by instrumentation

// RUN: sh -c 'env TILECHECK_TEST_CHILD_FAULT=abort@tileaa-assign-atoms tile-diff --repro %t.findings/crash-*-1; echo "exit=$?"' | FileCheck %s --check-prefix=REPRO
// REPRO: replaying crash
// REPRO: reproduces: crash {{[0-9a-f]+}} (culprit tileaa-assign-atoms)
// REPRO-NEXT: exit=0

// Without the fault the crash is gone.
// RUN: sh -c 'tile-diff --repro %t.findings/crash-*-1; echo "exit=$?"' | FileCheck %s --check-prefix=GONE
// GONE: does not reproduce: expected
// GONE: exit=1

// RUN: env TILECHECK_TEST_CHILD_FAULT=abort@tileaa-assign-atoms not tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config sm_100,O2,scheduler=serial --print-signature > %t.sig
// RUN: head -n 1 %t.findings/crash-*-1/signature.txt > %t.stored
// RUN: diff %t.sig %t.stored

// repro.sh is the one command.
// RUN: sh -c 'TILE_DIFF=tile-diff env TILECHECK_TEST_CHILD_FAULT=abort@tileaa-assign-atoms sh %t.findings/crash-*-2/repro.sh; echo "exit=$?"' | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: reproduces: crash
// SCRIPT: exit=0

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
