// f8E4M3FN and f8E5M2 elements are held as their byte (i8), tf32 elements as
// the f32 pattern with the low 13 bits zero: no f8 or tf32 type reaches
// LLVM. ftof to f8 rounds the f32 bits to nearest even and saturates; from
// f64 it first narrows to f32 with round-to-odd (cvt.rz, then the sticky
// bit); ftof from f8 decodes the byte; NaNs keep their payload's top, quiet.
// broadcast moves the bytes through the scratch buffer; dot widens each f8
// input exactly before its FMA. What the code computes is checked against
// the interpreter by tests/Fuzz/simt-narrow-floats.mlir. block_scaled_mma
// (sm_100): the four byte inputs through the scratch buffer, each operand
// times its block's f8E8M0FNU scale (2^(code - 127)) in f64, the product
// added to the f32 accumulator by TwoSum with round-to-odd, then narrowed
// once (tests/Fuzz/simt-block-scaled-mma.mlir).
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s
// RUN: tilec-opt %s --convert-tileas-to-llvm | not grep -E "f8E|tf32"
// RUN: tilec --emit ptx --gpu-name sm_80 --pass-pipeline "builtin.module(convert-tileas-to-llvm,tilec-finalize-llvm)" %s | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @encode(%{{.*}}: f16, %{{.*}}: f64, %{{.*}}: !llvm.ptr<1>)
// The satfinite clamp to 448 (0x7e) and the canonical NaN 0x7f.
// CHECK-DAG: arith.minui %{{.*}}, %c126_i32 : i32
// CHECK-DAG: %c127_i32 = arith.constant 127 : i32
// CHECK: llvm.call_intrinsic "llvm.nvvm.d2f.rz"
// tf32: round at bit 13, keep the high 19 bits.
// CHECK: arith.shrui %{{.*}}, %c13_i32 : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<1>
// CHECK-LABEL: llvm.func @dot8
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: scf.for
// CHECK:   llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK:   arith.extui %{{.*}} : i8 to i32
// CHECK:   math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32

// CHECK-LABEL: llvm.func @scaled
// CHECK: scf.for
// CHECK:   arith.divui %{{.*}}, %c32_i32 : i32
// CHECK:   %[[SH:.*]] = arith.addi %{{.*}}, %c896_i64 : i64
// CHECK:   arith.shli %[[SH]], %c52_i64 : i64
// CHECK:   %[[X:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK:   %[[Y:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK:   %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f64
// CHECK:   %[[S:.*]] = arith.addf %[[P]], %{{.*}} : f64
// CHECK:   arith.subf %[[S]], %[[P]] : f64
// CHECK:   arith.truncf %{{.*}} : f64 to f32

// PTX: .entry encode(
// PTX: cvt.rz.f32.f64
// PTX: .entry dot8(
// PTX: fma.rn.f32

module {
  nv_tileaa.func @encode(%h: f16, %d: f64, %p: !nv_tileaa.ptr<i8, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %a = "nv_tileas.ftof"(%h) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (f16) -> f8E4M3FN
    %b = "nv_tileas.ftof"(%d) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (f64) -> f8E5M2
    %t = "nv_tileas.ftof"(%d) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (f64) -> tf32
    %bt = "nv_tileas.ftof"(%t) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (tf32) -> f8E4M3FN
    %ai = arith.bitcast %a : f8E4M3FN to i8
    %bi = arith.bitcast %b : f8E5M2 to i8
    %ti = arith.bitcast %bt : f8E4M3FN to i8
    %s0 = arith.addi %ai, %bi : i8
    %s = arith.addi %s0, %ti : i8
    %t0 = "nv_tileas.store_ptr_tko"(%p, %s) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!nv_tileaa.ptr<i8, 1>, i8) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }

  nv_tileaa.func @dot8(%a: f16, %c: f32, %p: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %f = "nv_tileas.ftof"(%a) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (f16) -> f8E5M2
    %ta = "nv_tileas.reshape"(%f) : (f8E5M2) -> tensor<1x1xf8E5M2>
    %lhs = "nv_tileas.broadcast"(%ta) : (tensor<1x1xf8E5M2>) -> tensor<8x16xf8E5M2>
    %i = "nv_tileas.iota"() : () -> tensor<128xi8>
    %ib = arith.bitcast %i : tensor<128xi8> to tensor<128xf8E5M2>
    %rhs = "nv_tileas.reshape"(%ib) : (tensor<128xf8E5M2>) -> tensor<16x8xf8E5M2>
    %tc = "nv_tileas.reshape"(%c) : (f32) -> tensor<1x1xf32>
    %acc = "nv_tileas.broadcast"(%tc) : (tensor<1x1xf32>) -> tensor<8x8xf32>
    %d = "nv_tileas.dot"(%lhs, %rhs, %acc) {atom = #nv_tileas<atom fma>} : (tensor<8x16xf8E5M2>, tensor<16x8xf8E5M2>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %e = "nv_tileas.reshape"(%d) : (tensor<8x8xf32>) -> tensor<64xf32>
    %ptrs0 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<f32, 1>) -> tensor<1x!nv_tileaa.ptr<f32, 1>>
    %ptrs = "nv_tileas.broadcast"(%ptrs0) : (tensor<1x!nv_tileaa.ptr<f32, 1>>) -> tensor<64x!nv_tileaa.ptr<f32, 1>>
    %off = "nv_tileas.iota"() : () -> tensor<64xi32>
    %at = "nv_tileas.offset"(%ptrs, %off) : (tensor<64x!nv_tileaa.ptr<f32, 1>>, tensor<64xi32>) -> tensor<64x!nv_tileaa.ptr<f32, 1>>
    %t = "nv_tileas.store_ptr_tko"(%at, %e) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<64x!nv_tileaa.ptr<f32, 1>>, tensor<64xf32>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }

  nv_tileaa.func @scaled(%ah: tensor<8x64xf16>, %bh: tensor<64x8xf16>, %p: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 100>} {
    %a = "nv_tileas.ftof"(%ah) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (tensor<8x64xf16>) -> tensor<8x64xf8E4M3FN>
    %b = "nv_tileas.ftof"(%bh) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (tensor<64x8xf16>) -> tensor<64x8xf8E4M3FN>
    %sa = arith.constant dense<2.0> : tensor<8x2xf8E8M0FNU>
    %sb = arith.constant dense<0.5> : tensor<2x8xf8E8M0FNU>
    %acc = arith.constant dense<1.0> : tensor<8x8xf32>
    %d = nv_tileas.block_scaled_mma %a, %b, %acc, %sa, %sb {atom = #nv_tileas<atom umma_bs_f8E4M3FN_f8E4M3FN_f32>, cta_group = 1 : i32} : (tensor<8x64xf8E4M3FN>, tensor<64x8xf8E4M3FN>, tensor<8x8xf32>, tensor<8x2xf8E8M0FNU>, tensor<2x8xf8E8M0FNU>) -> tensor<8x8xf32>
    %e = "nv_tileas.reshape"(%d) : (tensor<8x8xf32>) -> tensor<64xf32>
    %ptrs0 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<f32, 1>) -> tensor<1x!nv_tileaa.ptr<f32, 1>>
    %ptrs = "nv_tileas.broadcast"(%ptrs0) : (tensor<1x!nv_tileaa.ptr<f32, 1>>) -> tensor<64x!nv_tileaa.ptr<f32, 1>>
    %off = "nv_tileas.iota"() : () -> tensor<64xi32>
    %at = "nv_tileas.offset"(%ptrs, %off) : (tensor<64x!nv_tileaa.ptr<f32, 1>>, tensor<64xi32>) -> tensor<64x!nv_tileaa.ptr<f32, 1>>
    %t = "nv_tileas.store_ptr_tko"(%at, %e) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<64x!nv_tileaa.ptr<f32, 1>>, tensor<64xf32>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
