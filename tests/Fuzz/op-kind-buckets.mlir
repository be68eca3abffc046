// A wrong result's signature names the op its checkpoint culprit broke (the
// first value that changed across the pass, named as before the pass):
// two injected miscompiles in one pass (convert-tileaa-to-tileas) land in
// different buckets, and one bug in two different programs in one bucket.
// This program has both a floor division and an unsigned comparison, so
// each bug breaks it, at a different op: (i - 32) where it is below 3 as an
// unsigned number, else (i - 32) divided by 3 rounding toward -inf.
// REQUIRES: test-hooks

// RUN: rm -rf %t && mkdir -p %t

// divi-floor: the bucket names nv_tileaa.divi.
// RUN: env TILECHECK_INJECT_BUG=divi-floor not tile-diff %s --only-config sm_100 --findings %t/f > %t/divi.txt
// RUN: FileCheck %s --check-prefix=DIVI < %t/divi.txt
// DIVI: finding: wrong-result [[DIVI:[0-9a-f]{16}]] {{.*}} culprit=convert-tileaa-to-tileas (checkpoint) op=nv_tileaa.divi: arg0:
// DIVI-NEXT: stored in {{.*}}wrong-result-[[DIVI]]-1
// RUN: cat %t/f/wrong-result-*/signature.txt | FileCheck %s --check-prefix=DIVISIG
// DIVISIG: wrong-result|convert-tileaa-to-tileas|op=nv_tileaa.divi|buffer contents

// cmpi-signedness, same program, same pass: a new bucket naming
// nv_tileaa.cmpi (not "known bucket").
// RUN: env TILECHECK_INJECT_BUG=cmpi-signedness not tile-diff %s --only-config sm_100 --findings %t/f > %t/cmpi.txt
// RUN: FileCheck %s --check-prefix=CMPI < %t/cmpi.txt
// CMPI: finding: wrong-result [[CMPI:[0-9a-f]{16}]] {{.*}} culprit=convert-tileaa-to-tileas (checkpoint) op=nv_tileaa.cmpi: arg0:
// CMPI-NEXT: stored in {{.*}}wrong-result-[[CMPI]]-1
// CMPI-NEXT: 1 programs checked, 1 findings in 1 buckets
// Two buckets, hence two stored findings with different hashes.
// RUN: cat %t/f/wrong-result-*/signature.txt | FileCheck %s --check-prefix=BOTH
// BOTH-DAG: wrong-result|convert-tileaa-to-tileas|op=nv_tileaa.divi|buffer contents
// BOTH-DAG: wrong-result|convert-tileaa-to-tileas|op=nv_tileaa.cmpi|buffer contents
// RUN: ls %t/f | FileCheck %s --check-prefix=STORE
// STORE-COUNT-2: wrong-result-
// STORE-NOT: wrong-result-

// divi-floor in another program (the self-test's floor division): the
// bucket of the first run (its second example), not a new one.
// RUN: env TILECHECK_INJECT_BUG=divi-floor not tile-diff %S/../SelfTest/divi_floor.mlir --only-config sm_100 --findings %t/f > %t/divi2.txt
// RUN: cat %t/divi.txt %t/divi2.txt | FileCheck %s --check-prefix=SAME
// SAME: finding: wrong-result [[S:[0-9a-f]{16}]] {{.*}}op-kind-buckets.mlir
// SAME: finding: wrong-result [[S]] {{.*}}divi_floor.mlir {{.*}} op=nv_tileaa.divi:
// SAME-NEXT: stored in {{.*}}wrong-result-[[S]]-2

// A finding stored with the signature before op kinds (kind|culprit|detail,
// the hash both bugs' findings had: 473a9aacf3aa9b65) still replays, and
// says its new bucket; without the bug it does not reproduce.
// RUN: env TILECHECK_INJECT_BUG=divi-floor not tile-diff %s --only-config sm_100 --findings %t/legacy > /dev/null
// RUN: sed -i '1s/.*/473a9aacf3aa9b65/' %t/legacy/wrong-result-*-1/signature.txt
// RUN: sh -c 'env TILECHECK_INJECT_BUG=divi-floor tile-diff --repro %t/legacy/wrong-result-*-1; echo "exit=$?"; tile-diff --repro %t/legacy/wrong-result-*-1; echo "exit=$?"' | FileCheck %s --check-prefix=LEGACY
// LEGACY: replaying wrong-result 473a9aacf3aa9b65
// LEGACY-NEXT: reproduces: wrong-result [[NEW:[0-9a-f]{16}]] (culprit convert-tileaa-to-tileas)
// LEGACY-NEXT: note: stored with the signature format without the op kind (473a9aacf3aa9b65); its bucket is now [[NEW]] (op nv_tileaa.divi)
// LEGACY-NEXT: exit=0
// LEGACY: does not reproduce: expected 473a9aacf3aa9b65, got none
// LEGACY-NEXT: exit=1

// tilecheck: entry=@mixed grid=1,1,1
// tilecheck: arg0 = buffer i32[64] out
cuda_tile.module @mixed {
  entry @mixed(%out: tile<ptr<i32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<64xi32>
    %c32 = constant <i32: 32> : tile<64xi32>
    %c3 = constant <i32: 3> : tile<64xi32>
    %a = subi %i, %c32 : tile<64xi32>
    %q = divi %a, %c3 signed rounding<negative_inf> : tile<64xi32>
    %lt = cmpi less_than %a, %c3, unsigned : tile<64xi32> -> tile<64xi1>
    %m = select %lt, %a, %q : tile<64xi1>, tile<64xi32>
    %to = make_tensor_view %out, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %t = store_view_tko weak %m, %po[%bid] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
