// i4 and f4E2M1FN elements are held as their four bits zero-extended into a
// byte (i8): no i4 or f4 type reaches LLVM. trunci to i4 clears the high
// half; extsi from i4 sign-extends from bit 3 (shl 4, ashr 4); a signed
// comparison of i4 values compares the sign-extended bytes, an unsigned
// one the bytes as they are; ftof to f4 is the f8 encoder with f4's fields
// (clamped to code 7, +-6). What the code computes is checked against the
// interpreter by tests/Fuzz/simt-sub-byte.mlir.
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s
// RUN: tilec-opt %s --convert-tileas-to-llvm | not grep -E "xi4|f4E2M1FN| i4"

// CHECK: llvm.func @nibbles(%[[X:.*]]: i32, %[[Y:.*]]: i32, %[[F:.*]]: f32, %{{.*}}: !llvm.ptr<1>)
// CHECK-DAG: %[[XB:.*]] = arith.trunci %[[X]] : i32 to i8
// CHECK-DAG: %[[XN:.*]] = arith.andi %[[XB]], %c15_i8 : i8
// CHECK-DAG: %[[YB:.*]] = arith.trunci %[[Y]] : i32 to i8
// CHECK-DAG: %[[YN:.*]] = arith.andi %[[YB]], %c15_i8 : i8
// CHECK-DAG: %[[XS:.*]] = arith.shli %[[XN]], %c4_i8 : i8
// CHECK-DAG: %[[XE:.*]] = arith.shrsi %[[XS]], %c4_i8 : i8
// CHECK-DAG: %[[YS:.*]] = arith.shli %[[YN]], %c4_i8 : i8
// CHECK-DAG: %[[YE:.*]] = arith.shrsi %[[YS]], %c4_i8 : i8
// CHECK-DAG: arith.cmpi slt, %[[XE]], %[[YE]] : i8
// CHECK-DAG: arith.cmpi ult, %[[XN]], %[[YN]] : i8
// CHECK-DAG: arith.extsi %[[XE]] : i8 to i32
// CHECK-DAG: arith.minui %{{.*}}, %c7_i32 : i32
module {
  nv_tileaa.func @nibbles(%x: i32, %y: i32, %f: f32, %p: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %a = arith.trunci %x : i32 to i4
    %b = arith.trunci %y : i32 to i4
    %lt = arith.cmpi slt, %a, %b : i4
    %ltu = arith.cmpi ult, %a, %b : i4
    %s = arith.extsi %a : i4 to i32
    %f4 = "nv_tileas.ftof"(%f) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (f32) -> f4E2M1FN
    %g = "nv_tileas.ftof"(%f4) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (f4E2M1FN) -> f32
    %gi = arith.fptosi %g : f32 to i32
    %l = arith.extui %lt : i1 to i32
    %u = arith.extui %ltu : i1 to i32
    %r0 = arith.addi %s, %l : i32
    %r1 = arith.addi %r0, %u : i32
    %r = arith.addi %r1, %gi : i32
    %t = "nv_tileas.store_ptr_tko"(%p, %r) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!nv_tileaa.ptr<i32, 1>, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
