// tile-diff --mutants: each program stands for N structure-aware mutants
// (fuzz/Mutate.h) that verify, named after it and recorded with their mutant
// seed. A compiler's crash on a mutant is a finding; a rejection is not (the
// fake tileiras below rejects everything), nor is a mutant's own undefined
// behaviour; tileiras still runs where the reference cannot (mutant 7 has
// undefined behaviour: its crash is found all the same, and replays).

// A crash at -O2 of every mutant: findings, stored with the mutant's
// program and seed.
// RUN: rm -rf %t.f
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=crash FAKE_TILEIRAS_LEVEL=2 tile-diff %s --grid 1 --arg 5 --arg 0 --arg zeros:i32:8 --matrix tileiras --mutants 3 --mutant-seed 7 --findings %t.f; echo "exit=$?"' | FileCheck %s --check-prefix=CRASH
// CRASH-DAG: finding: crash [[SIG:[0-9a-f]{16}]] {{.*}}mutants.mlir mutant 7 [compiler=tileiras,sm_100,O2] culprit=tileiras-O2
// CRASH-DAG: mutants.mlir mutant 8 [compiler=tileiras,sm_100,O2]
// CRASH-DAG: mutants.mlir mutant 9 [compiler=tileiras,sm_100,O2]
// CRASH: 1 configuration runs skipped, not counted: a mutant with undefined behaviour (not counted) (1)
// CRASH-NEXT: 3 programs checked, 3 findings in 1 buckets
// CRASH-NEXT: exit=1
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.f/crash-*-1/manifest.json
// MANIFEST: "mutant_seed": 7,
// MANIFEST: "mutations": 3
// The stored program is mutant 7; the finding replays as a mutant (its
// reference has undefined behaviour).
// RUN: FileCheck %s --check-prefix=ENGINE < %t.f/crash-*-1/config.json
// ENGINE: "mutants": true
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=crash FAKE_TILEIRAS_LEVEL=2 tile-diff --repro $(ls -d %t.f/crash-*-1); echo "exit=$?"' | FileCheck %s --check-prefix=REPRO
// REPRO: reproduces: crash
// REPRO-NEXT: exit=0

// Rejections of mutants are not counted.
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=reject tile-diff %s --grid 1 --arg 5 --arg 0 --arg zeros:i32:8 --matrix tileiras --mutants 3; echo "exit=$?"' | FileCheck %s --check-prefix=REJECT
// REJECT: configuration runs skipped, not counted: a mutant the compiler rejects (not counted)
// REJECT: 3 programs checked, 0 findings in 0 buckets
// REJECT-NEXT: exit=0

// A mutant needs a mutation.
// RUN: not tile-diff %s --grid 1 --arg 5 --arg 0 --arg zeros:i32:8 --mutants 2 --mutations 0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: --mutations must be at least 1

// Our compiler on mutants whose reference runs: a differential check as
// for any program.
// RUN: tile-diff %s --grid 1 --arg 5 --arg 0 --arg zeros:i32:8 --only-config sm_100,O0 --mutants 2 -v --no-tileiras | FileCheck %s --check-prefix=OURS
// OURS: mutants.mlir mutant 1 [sm_100,O0
// OURS: mutants.mlir mutant 2 [sm_100,O0
// OURS: 2 programs checked

cuda_tile.module @m {
  entry @k(%a: tile<i32>, %z: tile<i32>, %out: tile<ptr<i32>>) {
    %c1 = constant <i32: 1> : tile<i32>
    %s = addi %a, %c1 : tile<i32>
    %m = muli %s, %a : tile<i32>
    %d = divi %m, %s signed : tile<i32>
    %r = reshape %d : tile<i32> -> tile<1xi32>
    %b = broadcast %r : tile<1xi32> -> tile<8xi32>
    %i = iota : tile<8xi32>
    %v = addi %b, %i : tile<8xi32>
    %t = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = make_token : token
    %t2 = store_view_tko weak %v, %p[%c0] token = %tok : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
