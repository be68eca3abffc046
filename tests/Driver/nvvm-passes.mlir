// Seed 000's NVVM passes through the driver (compiler/docs/Backend.md, "The
// NVVM passes"): --select-kernels keeps the kernels it names (or an ordinal
// range of them); --kernel-info prints each kernel's metrics and what the
// passes changed. Both need --emit llvm, ptx or cubin.

// RUN: tilec -O2 --gpu-name sm_90 --emit llvm --select-kernels=second %s | FileCheck %s --check-prefix=SELECT
// SELECT-NOT: define {{.*}}@first
// SELECT: define ptx_kernel void @second
// SELECT-NOT: define {{.*}}@third

// RUN: tilec -O2 --gpu-name sm_90 --emit ptx --select-kernels=0-1 %s | FileCheck %s --check-prefix=RANGE
// RANGE: .entry first(
// RANGE: .entry second(
// RANGE-NOT: .entry third(

// RUN: not tilec -O2 --emit ptx --select-kernels=fourth %s 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: the kernel selection 'fourth' names no kernel 'fourth' (kernels: first, second, third)

// RUN: tilec -O0 --gpu-name sm_90 --emit llvm --kernel-info --select-kernels=2 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=INFO
// INFO: kernel-info: @third allocas=0 direct-calls=0 indirect-calls=0 inline-asm=0 invokes=0 flat-accesses=0
// INFO-NOT: kernel-info:
// INFO: nvvm-pass: tilec-select-kernels: 2 kernels removed

// RUN: not tilec --emit tileas --kernel-info %s 2>&1 | FileCheck %s --check-prefix=STAGE
// STAGE: tilec: kernel info and kernel selection need emit llvm, ptx or cubin

cuda_tile.module @m {
  entry @first(%p: tile<ptr<f32>>) {
    %c = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %c : tile<ptr<f32>>, tile<f32> -> token
    return
  }
  entry @second(%p: tile<ptr<f32>>) {
    %c = constant <f32: 2.0> : tile<f32>
    %t = store_ptr_tko weak %p, %c : tile<ptr<f32>>, tile<f32> -> token
    return
  }
  entry @third() {
    return
  }
}
