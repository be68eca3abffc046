// tileiras as a second compiler under test, classified with a fake tileiras
// (Inputs/fake-tileiras.sh, chosen with TILECHECK_TILEIRAS) so that this runs
// on every machine: a crash, a hang and a rejection of a valid program are
// findings with signatures kind|tileiras-O<N>|detail, stored with the
// command line, version and bytecode, and replayed by --repro.

// RUN: rm -rf %t.f
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=crash FAKE_TILEIRAS_LEVEL=2 tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --matrix tileiras --findings %t.f; echo "exit=$?"' | FileCheck %s --check-prefix=CRASH
// CRASH: finding: crash [[SIG:[0-9a-f]{16}]] {{.*}} [compiler=tileiras,sm_100,O2] culprit=tileiras-O2 (tileiras): tileiras was killed by signal 6
// CRASH-NEXT: stored in {{.*}}crash-[[SIG]]-1
// CRASH-NEXT: 1 programs checked, 1 findings in 1 buckets
// CRASH-NEXT: exit=1
// RUN: FileCheck %s --check-prefix=CRASHSIG < %t.f/crash-*-1/signature.txt
// CRASHSIG: crash|tileiras-O2|signal 6; assertion `op != nullptr' failed.
// RUN: FileCheck %s --check-prefix=CONFIG < %t.f/crash-*-1/config.json
// CONFIG: "text": "compiler=tileiras,sm_100,O2"
// CONFIG: "tileiras": {
// CONFIG-NEXT: "command": "{{.*}}fake-tileiras.sh --gpu-name=sm_100 --opt-level=2 program.tileirbc --output-file=program.cubin",
// CONFIG-NEXT: "version": "Cuda compilation tools, release 0.0, V0.0.0"
// tileiras.sh runs the recorded command in the finding directory.
// RUN: FileCheck %s --check-prefix=SCRIPT < %t.f/crash-*-1/tileiras.sh
// SCRIPT: # Cuda compilation tools, release 0.0, V0.0.0
// SCRIPT-NEXT: exec env {{.*}}fake-tileiras.sh --gpu-name=sm_100 --opt-level=2 program.tileirbc --output-file=program.cubin
// RUN: sh -c 'sh %t.f/crash-*-1/tileiras.sh && cat %t.f/crash-*-1/program.cubin' | FileCheck %s --check-prefix=RUNSCRIPT
// RUNSCRIPT: fake cubin
// The stored bytecode is the program, as our reader reads it back.
// RUN: tilec-translate --tileirbc-to-mlir %t.f/crash-*-1/program.tileirbc | FileCheck %s --check-prefix=BYTECODE
// BYTECODE: entry @k

// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=crash FAKE_TILEIRAS_LEVEL=2 FAKE_TILEIRAS_RELEASE=1.0 tile-diff --repro %t.f/crash-*-1; echo "exit=$?"' | FileCheck %s --check-prefix=REPRO
// REPRO: replaying crash [[SIG:[0-9a-f]{16}]] at compiler=tileiras,sm_100,O2
// REPRO-NEXT: note: found with Cuda compilation tools, release 0.0, V0.0.0, replaying with
// REPRO-SAME: release 1.0
// REPRO-NEXT: reproduces: crash [[SIG]] (culprit tileiras-O2)
// REPRO-NEXT: exit=0
// Fixed (the tool now succeeds): does not reproduce. Without a tileiras the
// replay cannot run (exit 3).
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh tile-diff --repro %t.f/crash-*-1; echo "exit=$?"' | FileCheck %s --check-prefix=FIXED
// FIXED: does not reproduce: expected {{[0-9a-f]+}}, got none
// FIXED-NEXT: exit=1
// RUN: sh -c 'tile-diff --repro %t.f/crash-*-1; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=NOTOOL
// NOTOOL: cannot replay a tileiras finding: tileiras is turned off (TILECHECK_TILEIRAS=none)
// NOTOOL: exit=3

// A hang: killed at the deadline with the processes it started.
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=hang tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config compiler=tileiras,sm_100,O1 --timeout-ms 1000 --findings %t.f; echo "exit=$?"' | FileCheck %s --check-prefix=HANG
// HANG: finding: hang {{[0-9a-f]+}} {{.*}} [compiler=tileiras,sm_100,O1] culprit=tileiras-O1 (tileiras): tileiras did not finish within 1000 ms (killed)
// HANG: exit=1
// RUN: FileCheck %s --check-prefix=HANGSIG < %t.f/hang-*-1/signature.txt
// HANGSIG: hang|tileiras-O1|timeout
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=hang tile-diff --repro %t.f/hang-*-1; echo "exit=$?"' | FileCheck %s --check-prefix=HANGREPRO
// HANGREPRO: reproduces: hang
// HANGREPRO-NEXT: exit=0

// A rejection of the valid program at every -O level: one bucket per level,
// the diagnostic normalized (path, location, SSA name, address).
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=reject tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --matrix tileiras --findings %t.f; echo "exit=$?"' | FileCheck %s --check-prefix=REJECT
// REJECT: finding: rejection {{[0-9a-f]+}} {{.*}} [compiler=tileiras,sm_100,O0] culprit=tileiras-O0 (tileiras): tileiras rejected the program (exit 1): {{.*}}error: failed to legalize operation 'cuda_tile.addi'
// REJECT: [compiler=tileiras,sm_100,O3] culprit=tileiras-O3
// REJECT: 1 programs checked, 4 findings in 4 buckets
// REJECT-NEXT: exit=1
// RUN: cat %t.f/rejection-*/signature.txt | FileCheck %s --check-prefix=REJECTSIG
// REJECTSIG-DAG: rejection|tileiras-O0|failed to legalize operation 'cuda_tile.addi' with operand %N at 0xN
// REJECTSIG-DAG: rejection|tileiras-O3|failed to legalize operation 'cuda_tile.addi' with operand %N at 0xN
// RUN: sh -c 'env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=reject tile-diff --repro $(ls -d %t.f/rejection-*-1 | head -n 1) | tail -n 1' | FileCheck %s --check-prefix=REJECTREPRO
// REJECTREPRO: reproduces: rejection

// An internal error with a non-zero exit is a crash; a target-capability
// diagnostic is an expected rejection, not counted.
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=internal not tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config compiler=tileiras,sm_100,O3 --print-signature
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=internal not tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config compiler=tileiras,sm_100,O3 | FileCheck %s --check-prefix=INTERNAL
// INTERNAL: finding: crash {{.*}} culprit=tileiras-O3 (tileiras): tileiras exited with code 1: LLVM ERROR: ran out of registers
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_MODE=unsupported tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --only-config compiler=tileiras,sm_80,O3 | FileCheck %s --check-prefix=TARGETREJ
// TARGETREJ: 1 expected rejections (unsupported-target), not counted
// TARGETREJ-NEXT: 1 programs checked, 0 findings in 0 buckets

// The default matrix gets ptxas on our backend's PTX (skipped where ptxas is
// missing), that PTX on the CPU SIMT executor at both ends of the backend,
// warp-specialized in one and two agents and with layout conversions
// staged and copied element by element, and with queued loads, and tileiras -O3 (on the
// program as bytecode 13.3 and as 13.1) when a tileiras is found, --no-tileiras
// leaves it out, and without one the tileiras matrix is skipped (exit 0).
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 -v | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: ok {{.*}} [sm_100,O3,v2=0,strategy=none,scheduler=cost,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [sm_100,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=2,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [sm_100,O3,v2=1,strategy=unspecialize,scheduler=cost,stages=4,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [sm_100,O2,v2=1,strategy=warp-specialize,scheduler=cost,reg2reg=0,order=seed:1]
// DEFAULT-NEXT: ok {{.*}} [sm_100,O3,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [sm_100,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=3,reg2reg=0,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [sm_100,O3,v2=0,strategy=none,scheduler=cost,reg2reg=4,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [sm_100,O2,v2=0,strategy=none,scheduler=cost,queues=2,order=seed:2]
// DEFAULT-NEXT: {{ok|skipped}} {{.*}} [compiler=ptxas,sm_100,O3,v2=0,strategy=none,scheduler=cost,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [compiler=simt,sm_100,O3,v2=0,strategy=none,scheduler=cost,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [compiler=simt,sm_80,O0,v2=0,strategy=none,scheduler=cost,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [compiler=simt,sm_90,O2,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [compiler=simt,sm_90,O2,v2=1,strategy=warp-specialize,scheduler=cost,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [compiler=simt,sm_90,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=3,reg2reg=0,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [compiler=simt,sm_80,O3,v2=0,strategy=none,scheduler=cost,reg2reg=4,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [compiler=simt,sm_90,O2,v2=0,strategy=none,scheduler=cost,reg2reg=0,queues=2,order=row-major]
// DEFAULT-NEXT: ok {{.*}} [compiler=tileiras,sm_100,O3]
// DEFAULT-NEXT: ok {{.*}} [compiler=tileiras,sm_100,O3,bytecode=13.1]
// DEFAULT-NEXT: 1 programs checked, 0 findings in 0 buckets
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 -v --no-tileiras | FileCheck %s --check-prefix=NOTILEIRAS
// NOTILEIRAS-NOT: compiler=tileiras
// NOTILEIRAS: 1 programs checked
// RUN: tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --matrix tileiras | FileCheck %s --check-prefix=SKIP
// SKIP: note: tileiras is turned off (TILECHECK_TILEIRAS=none); 4 tileiras configurations are skipped
// SKIP-NEXT: 4 configuration runs skipped, not counted: tileiras is turned off (TILECHECK_TILEIRAS=none) (4)
// SKIP-NEXT: 1 programs checked, 0 findings in 0 buckets
// RUN: sh -c 'tile-diff %s --only-config compiler=tileiras,sm_100,O1,order=seed:1; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=BADCONFIG
// BADCONFIG: tileiras configurations take only a target, an opt level and a bytecode version
// BADCONFIG: exit=2

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
