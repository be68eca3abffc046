; RUN: not tilec-llvm-opt -passes=tilec-check-gep-index %s 2>&1 | FileCheck %s --implicit-check-not=error:
;
; seed 000's CheckGepIndexPass: an inbounds GEP whose constant index into an
; array lies outside [0, N] (N, one past the end, is a valid address) is an
; error, as an instruction and as a constant expression; a GEP that is not
; inbounds, or whose index is not constant, is not checked.

; CHECK-DAG: error: constant GEP index 5 is out of the bounds of [4 x float] in @past_end
; CHECK-DAG: error: constant GEP index -1 is out of the bounds of [4 x float] in @negative
; CHECK-DAG: error: constant GEP index 9 is out of the bounds of [8 x i32] in @constant_expr
; CHECK-DAG: error: constant GEP index 10 is out of the bounds of [8 x i32] in @nested
; [0 x T], storage of unknown size, is not checked (@unsized).

@table = internal addrspace(1) global [2 x [8 x i32]] zeroinitializer

define ptr @past_end(ptr %p) {
  %q = getelementptr inbounds [4 x float], ptr %p, i64 0, i64 5
  ret ptr %q
}

define ptr @negative(ptr %p) {
  %q = getelementptr inbounds [4 x float], ptr %p, i64 0, i64 -1
  ret ptr %q
}

define ptr @one_past_end(ptr %p) {
  %q = getelementptr inbounds [4 x float], ptr %p, i64 0, i64 4
  ret ptr %q
}

define ptr @not_inbounds(ptr %p) {
  %q = getelementptr [4 x float], ptr %p, i64 0, i64 9
  ret ptr %q
}

define ptr @dynamic(ptr %p, i64 %i) {
  %q = getelementptr inbounds [4 x float], ptr %p, i64 0, i64 %i
  ret ptr %q
}

define i32 @constant_expr() {
  %v = load i32, ptr addrspace(1) getelementptr inbounds ([2 x [8 x i32]], ptr addrspace(1) @table, i64 0, i64 1, i64 9)
  ret i32 %v
}

define i32 @nested() {
  %v = load i32, ptr addrspacecast (ptr addrspace(1) getelementptr inbounds ([2 x [8 x i32]], ptr addrspace(1) @table, i64 0, i64 0, i64 10) to ptr)
  ret i32 %v
}

define ptr @unsized(ptr %p) {
  %q = getelementptr inbounds [0 x float], ptr %p, i64 0, i64 12
  ret ptr %q
}
