; RUN: tilec-llvm-opt -passes=tilec-nvvm-pretreat --report %s 2>&1 | FileCheck %s
;
; seed 000's PretreatPass: round trips of address-space casts fold away,
; lifetime markers of non-allocas go (the verifier takes allocas only), and
; kernels named by the "nvvm.kernel" attribute or !nvvm.annotations get the
; PTX kernel calling convention.

; (LLVM's IR reader already upgrades !nvvm.annotations kernels, so of the
; two marked kernels only the attribute's is the pass's work here.)
; CHECK: nvvm-pass: tilec-nvvm-pretreat: 1 address-space cast round trips folded
; CHECK: nvvm-pass: tilec-nvvm-pretreat: 1 lifetime markers of non-allocas dropped
; CHECK: nvvm-pass: tilec-nvvm-pretreat: 1 kernels given the PTX kernel calling convention

; CHECK-LABEL: define float @roundtrip(ptr addrspace(3) %p)
; CHECK-NEXT: load float, ptr addrspace(3) %p
define float @roundtrip(ptr addrspace(3) %p) {
  %g = addrspacecast ptr addrspace(3) %p to ptr
  %s = addrspacecast ptr %g to ptr addrspace(3)
  %v = load float, ptr addrspace(3) %s
  ret float %v
}

; A cast to another space stays.
; CHECK-LABEL: define float @other
; CHECK: addrspacecast ptr addrspace(3) %p to ptr
; CHECK: addrspacecast ptr %g to ptr addrspace(1)
define float @other(ptr addrspace(3) %p) {
  %g = addrspacecast ptr addrspace(3) %p to ptr
  %s = addrspacecast ptr %g to ptr addrspace(1)
  %v = load float, ptr addrspace(1) %s
  ret float %v
}

; The marker of an alloca stays; the one of an argument goes.
; CHECK-LABEL: define void @markers(ptr %arg)
; CHECK-NEXT: %slot = alloca i32
; CHECK-NEXT: call void @llvm.lifetime.start.p0(ptr %slot)
; CHECK-NEXT: ret void
define void @markers(ptr %arg) {
  %slot = alloca i32
  call void @llvm.lifetime.start.p0(ptr %slot)
  call void @llvm.lifetime.start.p0(ptr %arg)
  ret void
}
declare void @llvm.lifetime.start.p0(ptr)

; CHECK-LABEL: define ptx_kernel void @by_attribute
define void @by_attribute() "nvvm.kernel" {
  ret void
}

; CHECK-LABEL: define ptx_kernel void @by_annotation
define void @by_annotation() {
  ret void
}

; CHECK-LABEL: define void @helper
define void @helper() {
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @by_annotation, !"kernel", i32 1}
