; RUN: tilec-llvm-opt -passes=tilec-set-function-linkages --report %s 2>&1 | FileCheck %s
;
; seed 000's NVPTXSetFunctionLinkagesPass: definitions that are not kernels
; become internal; kernels stay (or become) external; declarations are left
; alone.

; CHECK: nvvm-pass: tilec-set-function-linkages: 1 non-kernel functions made internal
; CHECK: nvvm-pass: tilec-set-function-linkages: 1 kernels made external

; CHECK: declare float @__nv_sinf(float)
declare float @__nv_sinf(float)

; CHECK: define internal float @helper
define float @helper(float %x) {
  %y = call float @__nv_sinf(float %x)
  ret float %y
}

; CHECK: define {{(dso_local )?}}ptx_kernel void @kernel
define internal ptx_kernel void @kernel() {
  ret void
}

; CHECK: define ptx_kernel void @other
define ptx_kernel void @other() {
  ret void
}
