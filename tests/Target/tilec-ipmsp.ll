; RUN: tilec-llvm-opt -passes=tilec-ipmsp --report %s 2>&1 | FileCheck %s
;
; seed 000's IPMSPPass: a generic pointer parameter of an internal function
; whose every call passes a cast from one concrete address space is cast to
; that space at the function's entry (and back to generic for its uses), so
; that InferAddressSpaces can give the accesses that space.

; CHECK: nvvm-pass: tilec-ipmsp: 1 pointer parameters given their callers' address space

; CHECK-LABEL: define internal float @load_global(ptr %p)
; CHECK-NEXT: %p.as = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT: [[G:%.*]] = addrspacecast ptr addrspace(1) %p.as to ptr
; CHECK-NEXT: load float, ptr [[G]]
define internal float @load_global(ptr %p) {
  %v = load float, ptr %p
  ret float %v
}

; The callers disagree (global and shared): left alone.
; CHECK-LABEL: define internal float @load_mixed(ptr %p)
; CHECK-NEXT: load float, ptr %p
define internal float @load_mixed(ptr %p) {
  %v = load float, ptr %p
  ret float %v
}

; Not internal: other modules may call it with anything.
; CHECK-LABEL: define float @load_external(ptr %p)
; CHECK-NEXT: load float, ptr %p
define float @load_external(ptr %p) {
  %v = load float, ptr %p
  ret float %v
}

define ptx_kernel void @kernel(ptr addrspace(1) %g, ptr addrspace(3) %s) {
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %gs = addrspacecast ptr addrspace(3) %s to ptr
  %a = call float @load_global(ptr %gg)
  %b = call float @load_global(ptr %gg)
  %c = call float @load_mixed(ptr %gg)
  %d = call float @load_mixed(ptr %gs)
  %e = call float @load_external(ptr %gg)
  ret void
}
