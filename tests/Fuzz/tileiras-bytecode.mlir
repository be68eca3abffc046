// The bytecode version is an axis of tileiras configurations
// (bytecode=13.1|13.2, the newest, 13.3, by default): tileiras is given the
// program written at that version, so its readers of older versions are
// under test too. The fake tileiras (Inputs/fake-tileiras.sh) misbehaves
// only on the version FAKE_TILEIRAS_VERSION names.

// Crashing on 13.1 at -O2 only: one finding, at that configuration; the
// stored bytecode is the 13.1 file tileiras was given.
// RUN: rm -rf %t.f
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=crash FAKE_TILEIRAS_LEVEL=2 FAKE_TILEIRAS_VERSION=13.1 tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --matrix tileiras-bytecode --findings %t.f; echo "exit=$?"' | FileCheck %s --check-prefix=CRASH
// CRASH: finding: crash [[SIG:[0-9a-f]{16}]] {{.*}} [compiler=tileiras,sm_100,O2,bytecode=13.1] culprit=tileiras-O2 (tileiras): tileiras was killed by signal 6
// CRASH-NEXT: stored in {{.*}}crash-[[SIG]]-1
// CRASH-NEXT: 1 programs checked, 1 findings in 1 buckets
// CRASH-NEXT: exit=1
// RUN: FileCheck %s --check-prefix=CONFIG < %t.f/crash-*-1/config.json
// CONFIG-DAG: "text": "compiler=tileiras,sm_100,O2,bytecode=13.1"
// CONFIG-DAG: "bytecode": "13.1"
// RUN: sh -c 'od -An -tu1 -j8 -N2 %t.f/crash-*-1/program.tileirbc' | FileCheck %s --check-prefix=HEADER
// HEADER: 13 1
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=crash FAKE_TILEIRAS_LEVEL=2 FAKE_TILEIRAS_VERSION=13.1 tile-diff --repro %t.f/crash-*-1; echo "exit=$?"' | FileCheck %s --check-prefix=REPRO
// REPRO: replaying crash [[SIG:[0-9a-f]{16}]] at compiler=tileiras,sm_100,O2,bytecode=13.1
// REPRO: reproduces: crash [[SIG]] (culprit tileiras-O2)
// REPRO-NEXT: exit=0

// The same fake on 13.3 input: the default configuration is the newest
// version, and nothing misbehaves.
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=crash FAKE_TILEIRAS_VERSION=13.1 tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config compiler=tileiras,sm_100,O2 | FileCheck %s --check-prefix=NEWEST
// NEWEST: 1 programs checked, 0 findings

// A program only 13.3 encodes is skipped at 13.1 and 13.2 (with the
// writer's reason), not a finding, and checked at 13.3.
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh tile-diff %S/Inputs/strided-view-store.mlir --grid 1 --arg 5 --arg zeros:i32:8 --matrix tileiras-bytecode -v | FileCheck %s --check-prefix=SKIP
// SKIP-DAG: skipped {{.*}} [compiler=tileiras,sm_100,O0,bytecode=13.1]: the program needs a bytecode version newer than 13.1: operation 'cuda_tile.make_strided_view' is not available in bytecode version 13.1
// SKIP-DAG: skipped {{.*}} [compiler=tileiras,sm_100,O3,bytecode=13.2]: the program needs a bytecode version newer than 13.2
// SKIP-DAG: ok {{.*}} [compiler=tileiras,sm_100,O3] tileiras wrote a cubin
// SKIP: 1 programs checked, 0 findings

cuda_tile.module @m {
  entry @k(%n: tile<i32>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %a = iota : tile<8xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<8xi32>
    %v = addi %a, %nb : tile<8xi32>
    %t2 = store_view_tko weak %v, %p[%bx] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
