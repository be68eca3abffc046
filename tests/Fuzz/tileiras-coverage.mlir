// tile-diff --tileiras-coverage: every tileiras run also writes its remarks
// (--remarks=all, YAML) and the engine reads the cubin's resource usage
// with cuobjdump; both become coverage points, printed with -v and kept in
// --results. With the fake tileiras (its remarks depend on -O) and a fake
// cuobjdump, so that this runs on every machine.

// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh TILECHECK_CUOBJDUMP=%S/Inputs/fake-cuobjdump.sh tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --matrix tileiras --tileiras-coverage -v --results %t/results.jsonl | FileCheck %s
// CHECK: ok {{.*}} [compiler=tileiras,sm_100,O0] tileiras wrote a cubin
// CHECK-NEXT: coverage sm_100|Memory|RemarkMemoryLoadInstructionSelected|passed|TMA Load instruction
// CHECK-NEXT: coverage sm_100|Memory|RemarkMemoryTmaStoreFailed|failed|base pointer not 16-byte aligned
// CHECK-NEXT: coverage sm_100|resources|REG|<=64
// CHECK-NEXT: coverage sm_100|resources|STACK|0
// CHECK-NEXT: coverage sm_100|resources|SHARED|<=101376
// CHECK-NEXT: coverage sm_100|resources|LOCAL|0
// CHECK: ok {{.*}} [compiler=tileiras,sm_100,O3] tileiras wrote a cubin
// CHECK-NEXT: coverage sm_100|Memory|RemarkMemoryLoadInstructionSelected|passed|TMA Load instruction
// CHECK-NEXT: coverage sm_100|Memory|RemarkMemoryStoreInstructionSelected|passed|TMA Store instruction
// CHECK: 1 programs checked, 0 findings in 0 buckets

// The results line carries the points and the usage per configuration.
// RUN: FileCheck %s --check-prefix=RESULTS < %t/results.jsonl
// RESULTS: "config":"compiler=tileiras,sm_100,O0","coverage":["sm_100|Memory|RemarkMemoryLoadInstructionSelected|passed|TMA Load instruction",
// RESULTS-SAME: "resources":{"LOCAL":0,"REG":40,"SHARED":50000,"STACK":0}

// A crash still reports the remarks written before it; there is no cubin,
// so no resource usage.
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh TILECHECK_CUOBJDUMP=%S/Inputs/fake-cuobjdump.sh FAKE_TILEIRAS_MODE=crash not tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config compiler=tileiras,sm_100,O2 --tileiras-coverage -v | FileCheck %s --check-prefix=CRASH
// CRASH: finding: crash
// CRASH-NOT: resources

// Without the flag, tileiras gets no remark options and nothing is recorded.
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh TILECHECK_CUOBJDUMP=%S/Inputs/fake-cuobjdump.sh tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --matrix tileiras -v | FileCheck %s --check-prefix=OFF
// OFF-NOT: {{^ +coverage }}

// scripts/tileiras_hunt.py: a feedback run of a few seconds over the fake
// tool logs its batches and the points they found, and its report counts
// them (every generated program reaches the fake's three remark points and
// four resource points at sm_100).
// RUN: rm -rf %t/hunt
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh TILECHECK_CUOBJDUMP=%S/Inputs/fake-cuobjdump.sh python3 %S/../../scripts/tileiras_hunt.py run --mode feedback --out %t/hunt --budget-s 3 --batch 1 --jobs 1 --matrix tileiras --bin %bindir | FileCheck %s --check-prefix=HUNT
// HUNT: batch 1 batch-0-ints.json: 7 points (+7)
// RUN: FileCheck %s --check-prefix=LOG < %t/hunt/hunt.jsonl
// LOG: "mode": "feedback", "seed": 31000000, "policy": "{{.*}}batch-0-ints.json", "programs": 1, "new_points": ["sm_100|Memory|RemarkMemoryLoadInstructionSelected|passed|TMA Load instruction",
// RUN: python3 %S/../../scripts/tileiras_hunt.py report %t/hunt --out %t/report
// RUN: FileCheck %s --check-prefix=REPORT < %t/report/coverage.md
// REPORT: | hunt | feedback | {{[0-9]+}} | {{[0-9]+}} | {{[0-9]+}} | 7 | 7 | 0 |
// REPORT: | hunt | sm_100 | {{[0-9]+}} | [[N:[0-9]+]] (100%) | [[N]] (100%) | 0 (0%) |

// --mode mutate: a first round of one generated batch; its first program
// reached new points and joins the program corpus; the next batch checks
// two mutants of it.
// RUN: rm -rf %t/mutate
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh TILECHECK_CUOBJDUMP=%S/Inputs/fake-cuobjdump.sh python3 %S/../../scripts/tileiras_hunt.py run --mode mutate --out %t/mutate --first-round 1 --batches 2 --batch 2 --jobs 1 --matrix tileiras --bin %bindir | FileCheck %s --check-prefix=MUTATE
// MUTATE: batch 1 ints: 7 points (+7), corpus 1
// MUTATE-NEXT: batch 2 mutants of seed 31000000 (ints): 7 points (+0), corpus 1
// RUN: FileCheck %s --check-prefix=MUTANTS < %t/mutate/results.jsonl
// MUTANTS: "mutant_seed":31000000,"ops":{{.*}}"program":"seed 31000000 (ints) mutant 31000000"
// MUTANTS: "program":"seed 31000000 (ints) mutant 31000001"

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
