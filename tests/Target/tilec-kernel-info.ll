; RUN: tilec-llvm-opt -passes=tilec-kernel-info %s 2>&1 >/dev/null | FileCheck %s
;
; seed 000's KernelInfoPrinter: per kernel, its stack allocations, direct
; calls (not intrinsics), indirect calls, inline-assembly calls, invokes and
; accesses through the flat (generic) address space (a stack slot is flat
; until NVPTX lowers allocas to local memory). Helpers get no line.

; CHECK: kernel-info: @kernel allocas=1 direct-calls=1 indirect-calls=1 inline-asm=1 invokes=0 flat-accesses=3
; CHECK-NEXT: kernel-info: @quiet allocas=0 direct-calls=0 indirect-calls=0 inline-asm=0 invokes=0 flat-accesses=0
; CHECK-NOT: kernel-info

define internal void @helper() {
  ret void
}

define ptx_kernel void @kernel(ptr addrspace(1) %g, ptr %flat, ptr %fn) {
  %slot = alloca i32, align 4
  call void @helper()
  call void %fn()
  call void asm sideeffect "bar.sync 0;", ""()
  %v = load i32, ptr %flat
  store i32 %v, ptr addrspace(1) %g
  %w = atomicrmw add ptr %flat, i32 1 monotonic
  %x = call i32 @llvm.smax.i32(i32 %v, i32 %w)
  store i32 %x, ptr %slot
  ret void
}

define ptx_kernel void @quiet() {
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)
