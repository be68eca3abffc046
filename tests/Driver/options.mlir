// Option validation (exit 2 with a message) and the stages that are not
// built yet (exit 1, naming the stage), for compiling and for
// --print-pipeline alike.

// RUN: sh -c 'tilec -O7 %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: tilec: opt level 7 is out of range (0..3)
// OPT: rc=2
// RUN: sh -c 'tilec --v2-opt-level 4 %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=V2
// V2: tilec: v2 opt level 4 is out of range (0..3)
// V2: rc=2
// RUN: sh -c 'tilec --gpu-name sm_99 --print-pipeline; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: tilec: unknown GPU name 'sm_99' (expected one of sm_80 {{.*}} sm_100 {{.*}})
// GPU: rc=2
// RUN: sh -c 'tilec --pipeline-strategy fast %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=STRATEGY
// STRATEGY: tilec: unknown --pipeline-strategy 'fast'
// STRATEGY: rc=2
// RUN: sh -c 'tilec --scheduler greedy %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=SCHED
// SCHED: tilec: unknown --scheduler 'greedy'
// SCHED: rc=2
// RUN: sh -c 'tilec --emit sass %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: tilec: unknown --emit 'sass'
// EMIT: rc=2
// RUN: sh -c 'tilec --no-such-flag %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: rc=2
// RUN: sh -c 'tilec; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=NOINPUT
// NOINPUT: tilec: no input file
// NOINPUT: rc=2

// RUN: sh -c 'tilec --print-pipeline --pass-pipeline "builtin.module(no-such-pass)"; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=BADPIPE
// BADPIPE: error: invalid --pass-pipeline: {{.*}}'no-such-pass' does not refer to a registered pass
// BADPIPE: rc=2
// RUN: sh -c 'tilec --emit mlir --pass-pipeline "func.func(cse)" %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: error: invalid --pass-pipeline: the pipeline must be anchored on builtin.module, not 'func.func'
// ANCHOR: rc=2

// RUN: sh -c 'tilec --emit llvm %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=LLVM
// RUN: sh -c 'tilec -O0 --emit llvm --print-pipeline; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=LLVM
// LLVM: error: emitting llvm is not supported yet
// LLVM: rc=1
// RUN: sh -c 'tilec --emit ptx %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=PTX
// PTX: {{.*}}options.mlir: error: emitting ptx is not supported yet
// PTX: rc=1
// RUN: sh -c 'tilec -O3 --emit cubin %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=CUBIN
// CUBIN: error: emitting cubin is not supported yet
// CUBIN: rc=1

cuda_tile.module @m {
  entry @k() {
    return
  }
}

// RUN: tilec --help | FileCheck %s --check-prefix=HELP
// HELP: --emit=<string> {{.*}}(default tileas;
// HELP: --gpu-name=<string> {{.*}}- Target architecture (default sm_100)
// HELP: --pass-pipeline=
// HELP: --print-pipeline
