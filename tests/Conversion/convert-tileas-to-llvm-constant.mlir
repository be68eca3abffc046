// A splat constant is one scalar for every slot; any other dense constant
// becomes an internal global each thread reads at its element index (i1 as
// bytes). One warp; 64 elements: two slots holding a run of two (2 tid,
// 2 tid + 1).
// RUN: tilec-opt %s --split-input-file --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s

// CHECK-DAG: llvm.mlir.global internal constant @__tilec_const_0(dense<[0.000000e+00, 1.000000e+00, {{.*}}]> : tensor<64xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<64 x f32>
// CHECK-DAG: llvm.mlir.global internal constant @__tilec_const_1(dense<[1, 0, {{.*}}]> : tensor<64xi8>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<64 x i8>
// CHECK-LABEL: llvm.func @c
// CHECK-DAG: %[[M:.*]] = llvm.mlir.addressof @__tilec_const_1 : !llvm.ptr<1>
// CHECK-DAG: %[[G:.*]] = llvm.mlir.addressof @__tilec_const_0 : !llvm.ptr<1>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[E0:.*]] = arith.muli %[[TID]], %c2_i32 : i32
// CHECK: %[[A0:.*]] = llvm.getelementptr %[[G]][%[[E0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: llvm.load %[[A0]] : !llvm.ptr<1> -> f32
// CHECK: %[[T1:.*]] = arith.addi %[[E0]], %c1_i32 : i32
// CHECK: llvm.getelementptr %[[G]][%[[T1]]]
// CHECK: %[[MA:.*]] = llvm.getelementptr %[[M]][%[[E0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
// CHECK: %[[B:.*]] = llvm.load %[[MA]] : !llvm.ptr<1> -> i8
// CHECK: %[[MASK:.*]] = arith.trunci %[[B]] : i8 to i1
// The mask guards the store (every thread owns both slots).
// CHECK: scf.if %[[MASK]] {
// CHECK:   llvm.store

module {
  nv_tileaa.func @c(%p: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    %v = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]> : tensor<64xf32>
    %m = arith.constant dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : tensor<64xi1>
    %ptrs0 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<f32, 1>) -> tensor<1x!nv_tileaa.ptr<f32, 1>>
    %ptrs = "nv_tileas.broadcast"(%ptrs0) : (tensor<1x!nv_tileaa.ptr<f32, 1>>) -> tensor<64x!nv_tileaa.ptr<f32, 1>>
    %off = "nv_tileas.iota"() : () -> tensor<64xi32>
    %at = "nv_tileas.offset"(%ptrs, %off) : (tensor<64x!nv_tileaa.ptr<f32, 1>>, tensor<64xi32>) -> tensor<64x!nv_tileaa.ptr<f32, 1>>
    %t = "nv_tileas.store_ptr_tko"(%at, %v, %m) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<64x!nv_tileaa.ptr<f32, 1>>, tensor<64xf32>, tensor<64xi1>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}

// -----

// nv_tileas.constant (a folder of the nv_tileas mirror ops materializes
// one) lowers as arith.constant does: a splat tensor to one scalar, a
// scalar to the arith.constant of its value, an f8 constant as its bytes.
// CHECK-DAG: llvm.mlir.global internal constant @__tilec_const_0(dense<[56, -72, {{.*}}]> : tensor<64xi8>)
// CHECK-LABEL: llvm.func @nv(
// CHECK-DAG: %[[S:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[F:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: llvm.store %[[S]], %{{.*}} : i32, !llvm.ptr<1>
// CHECK: llvm.store %[[F]], %{{.*}} : f32, !llvm.ptr<1>
// CHECK: %[[E:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> i8
// CHECK: llvm.store %[[E]], %{{.*}} : i8, !llvm.ptr<1>
module {
  nv_tileaa.func @nv(%p: !nv_tileaa.ptr<i32, 1>, %q: !nv_tileaa.ptr<f32, 1>, %r: !nv_tileaa.ptr<i8, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    %v = "nv_tileas.constant"() <{value = dense<4> : tensor<32xi32>}> : () -> tensor<32xi32>
    %ptrs0 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<i32, 1>) -> tensor<1x!nv_tileaa.ptr<i32, 1>>
    %ptrs = "nv_tileas.broadcast"(%ptrs0) : (tensor<1x!nv_tileaa.ptr<i32, 1>>) -> tensor<32x!nv_tileaa.ptr<i32, 1>>
    %off = "nv_tileas.iota"() : () -> tensor<32xi32>
    %at = "nv_tileas.offset"(%ptrs, %off) : (tensor<32x!nv_tileaa.ptr<i32, 1>>, tensor<32xi32>) -> tensor<32x!nv_tileaa.ptr<i32, 1>>
    %t = "nv_tileas.store_ptr_tko"(%at, %v) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<32x!nv_tileaa.ptr<i32, 1>>, tensor<32xi32>) -> !nv_tileaa.mem_token
    %f = "nv_tileas.constant"() <{value = dense<1.5> : tensor<f32>}> : () -> f32
    %t2 = "nv_tileas.store_ptr_tko"(%q, %f) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>, f32) -> !nv_tileaa.mem_token
    %e = "nv_tileas.constant"() <{value = dense<[1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0, 1.0, -1.0, 2.0, -2.0]> : tensor<64xf8E4M3FN>}> : () -> tensor<64xf8E4M3FN>
    %eb = arith.bitcast %e : tensor<64xf8E4M3FN> to tensor<64xi8>
    %rp0 = "nv_tileas.reshape"(%r) : (!nv_tileaa.ptr<i8, 1>) -> tensor<1x!nv_tileaa.ptr<i8, 1>>
    %rp = "nv_tileas.broadcast"(%rp0) : (tensor<1x!nv_tileaa.ptr<i8, 1>>) -> tensor<64x!nv_tileaa.ptr<i8, 1>>
    %roff = "nv_tileas.iota"() : () -> tensor<64xi32>
    %rat = "nv_tileas.offset"(%rp, %roff) : (tensor<64x!nv_tileaa.ptr<i8, 1>>, tensor<64xi32>) -> tensor<64x!nv_tileaa.ptr<i8, 1>>
    %t3 = "nv_tileas.store_ptr_tko"(%rat, %eb) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<64x!nv_tileaa.ptr<i8, 1>>, tensor<64xi8>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
