// Element-wise nv_tileas ops with attributes upstream arith/math cannot
// express become the NVVM intrinsic of exactly that rounding; the PTX shows
// the instruction each one selects.
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize | FileCheck %s
// RUN: tilec --emit ptx --gpu-name sm_90 --pass-pipeline "builtin.module(convert-tileas-to-llvm,tilec-finalize-llvm)" %s | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @f
// The canonical NaNs of maxf/minf (below).
// CHECK-DAG: %[[NAN32:.*]] = arith.constant 0x7FFFFFFF : f32
// CHECK-DAG: %[[NAN16:.*]] = arith.constant 0x7FFF : f16
// CHECK: %[[Q:.*]] = llvm.call_intrinsic "llvm.nvvm.div.rz.f"(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: %[[S:.*]] = llvm.call_intrinsic "llvm.nvvm.add.rp.ftz.f"(%[[Q]], %arg1) : (f32, f32) -> f32
// maxf/minf: a NaN result becomes the canonical NaN (LLVM would fold
// fmin(x, x) to x and keep x's payload).
// CHECK: %[[MX:.*]] = llvm.call_intrinsic "llvm.nvvm.fmax.nan.f"(%[[S]], %arg0) : (f32, f32) -> f32
// CHECK: %[[MU:.*]] = arith.cmpf uno, %[[MX]], %[[MX]] : f32
// CHECK: %[[M:.*]] = arith.select %[[MU]], %[[NAN32]], %[[MX]] : f32
// CHECK: %[[HX:.*]] = llvm.call_intrinsic "llvm.nvvm.fmin.f16"(%arg2, %arg2) : (f16, f16) -> f16
// CHECK: %[[HU:.*]] = arith.cmpf uno, %[[HX]], %[[HX]] : f16
// CHECK: %[[H:.*]] = arith.select %[[HU]], %[[NAN16]], %[[HX]] : f16
// CHECK: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"(%[[M]]) : (f32) -> f32
// CHECK: %[[X:.*]] = arith.mulf %[[R]], %{{.*}} : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[X]]) : (f32) -> f32
// CHECK: arith.extf %[[H]] : f16 to f32
// A one-element tensor is replicated: thread 0 alone stores it.
// CHECK: %[[OWNER:.*]] = arith.cmpi ult, %{{.*}}, %c1_i32 : i32
// CHECK: scf.if %[[OWNER]] {
// CHECK:   llvm.store

// f16 under a directed rounding: f64 with that rounding, to f32 with it,
// then to f16 rounding to nearest and stepping one ulp back toward the
// direction when that went the wrong way.
// CHECK-LABEL: llvm.func @half
// CHECK: %[[A:.*]] = arith.extf %arg0 : f16 to f64
// CHECK: %[[B:.*]] = arith.extf %arg1 : f16 to f64
// CHECK: %[[D:.*]] = llvm.call_intrinsic "llvm.nvvm.mul.rm.d"(%[[A]], %[[B]]) : (f64, f64) -> f64
// CHECK: %[[F:.*]] = llvm.call_intrinsic "llvm.nvvm.d2f.rm"(%[[D]]) : (f64) -> f32
// CHECK: %[[H:.*]] = arith.truncf %[[F]] : f32 to f16
// CHECK: %[[BACK:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[H]] : f16 to i16
// CHECK: %[[WRONG:.*]] = arith.cmpf ogt, %[[BACK]], %[[F]] : f32
// CHECK: %[[STEP:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i16
// CHECK: %[[STEPPED:.*]] = arith.bitcast %[[STEP]] : i16 to f16
// CHECK: arith.select %[[WRONG]], %[[STEPPED]], %[[H]] : f16

// PTX: .entry f(
// PTX: div.rz.f32
// PTX: add.rp.ftz.f32
// PTX: max.NaN.f32
// PTX: sqrt.approx.f32
// PTX: ex2.approx.f32
// PTX: cvt.f32.f16
// PTX: st.global.b32
// PTX: .entry half(
// PTX: mul.rm.f64
// PTX: cvt.rm.f32.f64
// PTX: cvt.rn.f16.f32

module {
  nv_tileaa.func @f(%a: f32, %b: f32, %h: f16, %p: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    %0 = "nv_tileas.divf"(%a, %b) {rounding_mode = #cuda_tile.rounding<zero>} : (f32, f32) -> f32
    %1 = "nv_tileas.addf"(%0, %b) {rounding_mode = #cuda_tile.rounding<positive_inf>, flush_to_zero} : (f32, f32) -> f32
    %2 = "nv_tileas.maxf"(%1, %a) {propagate_nan} : (f32, f32) -> f32
    %3 = "nv_tileas.minf"(%h, %h) : (f16, f16) -> f16
    %4 = "nv_tileas.sqrt"(%2) {rounding_mode = #cuda_tile.rounding<approx>} : (f32) -> f32
    %5 = "nv_tileas.exp"(%4) {rounding_mode = #cuda_tile.rounding<approx>} : (f32) -> f32
    %6 = "nv_tileas.ftof"(%3) : (f16) -> f32
    %7 = arith.addf %5, %6 : f32
    %8 = "nv_tileas.reshape"(%7) : (f32) -> tensor<1xf32>
    %9 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<f32, 1>) -> tensor<1x!nv_tileaa.ptr<f32, 1>>
    %10 = "nv_tileas.store_ptr_tko"(%9, %8) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<1x!nv_tileaa.ptr<f32, 1>>, tensor<1xf32>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
  nv_tileaa.func @half(%a: f16, %b: f16, %p: !nv_tileaa.ptr<f16, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    %0 = "nv_tileas.mulf"(%a, %b) {rounding_mode = #cuda_tile.rounding<negative_inf>} : (f16, f16) -> f16
    %1 = "nv_tileas.reshape"(%0) : (f16) -> tensor<1xf16>
    %2 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<f16, 1>) -> tensor<1x!nv_tileaa.ptr<f16, 1>>
    %3 = "nv_tileas.store_ptr_tko"(%2, %1) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<1x!nv_tileaa.ptr<f16, 1>>, tensor<1xf16>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
