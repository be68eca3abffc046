; RUN: tilec-llvm-opt '-passes=tilec-select-kernels<b>' --report %s 2>&1 | FileCheck %s
; RUN: tilec-llvm-opt '-passes=tilec-select-kernels<a;c>' %s | FileCheck %s --check-prefix=NAMES
; RUN: tilec-llvm-opt '-passes=tilec-select-kernels<1-2>' %s | FileCheck %s --check-prefix=RANGE
; RUN: not tilec-llvm-opt '-passes=tilec-select-kernels<nope>' %s 2>&1 | FileCheck %s --check-prefix=NONE
;
; seed 000's SelectKernelsPass: the kernels the selection names (names, or
; an ordinal range over the kernels in module order) stay; the others go,
; with the internal functions only they used.

; CHECK: nvvm-pass: tilec-select-kernels: 2 kernels removed, with 1 functions only they used
; CHECK-NOT: define {{.*}}@a(
; CHECK-NOT: @only_a
; CHECK: define internal void @shared
; CHECK: define ptx_kernel void @b
; CHECK-NOT: define {{.*}}@c(

; NAMES: define ptx_kernel void @a
; NAMES: define ptx_kernel void @c
; NAMES-NOT: define ptx_kernel void @b

; RANGE-NOT: define ptx_kernel void @a
; RANGE: define ptx_kernel void @b
; RANGE: define ptx_kernel void @c

; NONE: tilec-llvm-opt: error: the kernel selection 'nope' names no kernel of the module (kernels: a, b, c)

define internal void @only_a() {
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
