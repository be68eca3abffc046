// The scalar rest below convert-tileas-to-llvm: scf becomes branches,
// floordivsi is expanded, math functions without an exact NVPTX
// instruction call libdevice (f16 through f32), the others are LLVM
// intrinsics.
// RUN: tilec-opt %s --tilec-finalize-llvm | FileCheck %s
// With libdevice linked, no __nv_ call is left in the PTX.
// RUN: tilec --emit ptx --gpu-name sm_80 --pass-pipeline "builtin.module(tilec-finalize-llvm)" %s | FileCheck %s --check-prefix=PTX

// CHECK-DAG: llvm.func @__nv_expf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_tanhf(f32) -> f32
// CHECK-LABEL: llvm.func @g
// CHECK: llvm.call @__nv_expf(%arg0) : (f32) -> f32
// CHECK: %[[W:.*]] = llvm.fpext %arg1 : f16 to f32
// CHECK: %[[T:.*]] = llvm.call @__nv_tanhf(%[[W]]) : (f32) -> f32
// CHECK: llvm.fptrunc %[[T]] : f32 to f16
// CHECK: llvm.intr.sqrt(%arg0) : (f32) -> f32
// CHECK: llvm.sdiv %arg2, %arg3 : i32
// CHECK: llvm.select
// CHECK: llvm.cond_br
// CHECK-NOT: scf.
// CHECK-NOT: arith.
// CHECK-NOT: math.

// PTX: .entry g(
// PTX-NOT: __nv_
// PTX: sqrt.rn.f32
// PTX: ret;

module {
  llvm.func @g(%a: f32, %h: f16, %i: i32, %j: i32, %p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %e = math.exp %a : f32
    %t = math.tanh %h : f16
    %s = math.sqrt %a : f32
    %q = arith.floordivsi %i, %j : i32
    %c0 = arith.constant 0 : i32
    %cond = arith.cmpi slt, %q, %c0 : i32
    %r = scf.if %cond -> (f32) {
      scf.yield %e : f32
    } else {
      %w = arith.extf %t : f16 to f32
      %x = arith.addf %w, %s : f32
      scf.yield %x : f32
    }
    llvm.store %r, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
