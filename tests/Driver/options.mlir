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

// Below nv_tileas (compiler/docs/Backend.md): LLVM IR, PTX and, with ptxas
// (tests/Driver/emit-ptx.mlir), a cubin, at every tier.
// RUN: tilec -O0 --emit llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: tilec -O3 --emit llvm %s | FileCheck %s --check-prefix=LLVM
// LLVM: target triple = "nvptx64-nvidia-cuda"
// LLVM: define ptx_kernel void @k()
// RUN: tilec -O0 --emit llvm --print-pipeline | FileCheck %s --check-prefix=LLVMPIPE
// LLVMPIPE: convert-tileaa-to-tileas{{.*}}convert-tileas-to-llvm{{.*}}tilec-finalize-llvm
// RUN: tilec --emit ptx --gpu-name sm_80 %s | FileCheck %s --check-prefix=PTX
// PTX: .target sm_80
// PTX: .entry k()
// PTX: .maxntid 128, 1, 1

cuda_tile.module @m {
  entry @k() {
    return
  }
}

// RUN: tilec --help | FileCheck %s --check-prefix=HELP
// HELP: --emit=<string> {{.*}}cubin (ptxas from the CUDA toolkit; default tileas)
// HELP: --gpu-name=<string> {{.*}}- Target architecture (default sm_100)
// HELP: --pass-pipeline=
// HELP: --print-pipeline

// RUN: sh -c 'tilec --emit tileas --launch-info %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=LAUNCHTILEAS
// LAUNCHTILEAS: tilec: --launch-info needs --emit llvm, ptx or cubin
// LAUNCHTILEAS: rc=2
