; RUN: tilec-llvm-opt '-passes=tilec-select-kernels<b>' --report %s 2>&1 | FileCheck %s
; RUN: tilec-llvm-opt '-passes=tilec-select-kernels<a;c>' %s | FileCheck %s --check-prefix=NAMES
; RUN: tilec-llvm-opt '-passes=tilec-select-kernels<1-2>' %s | FileCheck %s --check-prefix=RANGE
; RUN: not tilec-llvm-opt '-passes=tilec-select-kernels<nope>' %s 2>&1 | FileCheck %s --check-prefix=NONE
; RUN: not tilec-llvm-opt '-passes=tilec-select-kernels<a;typo>' %s 2>&1 | FileCheck %s --check-prefix=TYPO
; RUN: not tilec-llvm-opt '-passes=tilec-select-kernels<2-1>' %s 2>&1 | FileCheck %s --check-prefix=BACKWARDS
; RUN: not tilec-llvm-opt '-passes=tilec-select-kernels<7-9>' %s 2>&1 | FileCheck %s --check-prefix=PAST
;
; seed 000's SelectKernelsPass: the kernels the selection names (names, or
; an ordinal range over the kernels in module order) stay; the others go,
; with the internal functions only they used.

; CHECK: nvvm-pass: tilec-select-kernels: 2 kernels removed
; CHECK: nvvm-pass: tilec-select-kernels: 2 internal functions and globals only they used removed
; CHECK-NOT: define {{.*}}@a(
; CHECK-NOT: @only_a
; CHECK-NOT: @only_a_data
; CHECK: define internal void @shared
; CHECK: define ptx_kernel void @b
; CHECK-NOT: define {{.*}}@c(

; NAMES: define ptx_kernel void @a
; NAMES: define ptx_kernel void @c
; NAMES-NOT: define ptx_kernel void @b

; RANGE-NOT: define ptx_kernel void @a
; RANGE: define ptx_kernel void @b
; RANGE: define ptx_kernel void @c

; NONE: tilec-llvm-opt: error: the kernel selection 'nope' names no kernel 'nope' (kernels: a, b, c)
; TYPO: error: the kernel selection 'a;typo' names no kernel 'typo' (kernels: a, b, c)
; BACKWARDS: error: the kernel selection '2-1' is not an ordinal range N or N-M with N <= M
; PAST: error: the kernel selection '7-9' selects no kernel of the module

@only_a_data = internal global i32 0

define internal void @only_a() {
  store i32 1, ptr @only_a_data
  ret void
}

define internal void @shared() {
  ret void
}

define ptx_kernel void @a() {
  call void @only_a()
  call void @shared()
  ret void
}

define ptx_kernel void @b() {
  call void @shared()
  ret void
}

define ptx_kernel void @c() {
  ret void
}
