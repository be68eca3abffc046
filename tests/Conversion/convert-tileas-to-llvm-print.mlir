// print_tko: the tile through the scratch buffer, then thread 0 prints with
// vprintf. 64 elements are more than one call takes (32: the one-call form
// is convert-tileas-to-llvm-print-one-call.mlir), so one call per literal
// piece, bracket, separator and element (the
// argument in an 8-byte stack slot; integers as 64 bits with "ll", floats
// as doubles; "%%" stays escaped in the literal's own format). What it
// prints is compared with the interpreter by tests/Fuzz/simt-print.mlir.
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s
// RUN: tilec --emit ptx --gpu-name sm_80 --pass-pipeline "builtin.module(convert-tileas-to-llvm,tilec-finalize-llvm)" %s | FileCheck %s --check-prefix=PTX

// CHECK-DAG: llvm.mlir.global internal constant @[[LIT:__tilec_fmt[_0-9]*]]("v=\00") {addr_space = 1 : i32, alignment = 1 : i64}
// CHECK-DAG: llvm.mlir.global internal constant @[[ELEM:__tilec_fmt[_0-9]*]]("%4lld\00") {addr_space = 1 : i32, alignment = 1 : i64}
// CHECK-DAG: llvm.mlir.global internal constant @{{__tilec_fmt[_0-9]*}}(", \00") {addr_space = 1 : i32, alignment = 1 : i64}
// CHECK-DAG: llvm.mlir.global internal constant @{{__tilec_fmt[_0-9]*}}(" 100%%\0A\00") {addr_space = 1 : i32, alignment = 1 : i64}
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @p(
// CHECK-DAG: %[[LITADDR:.*]] = llvm.mlir.addressof @[[LIT]] : !llvm.ptr<1>
// CHECK-DAG: %[[ELEMADDR:.*]] = llvm.mlir.addressof @[[ELEM]] : !llvm.ptr<1>
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[E0:.*]] = arith.muli %[[TID]], %c2_i32
// CHECK: %[[E1:.*]] = arith.addi %[[E0]], %c1_i32
// CHECK: %[[V0:.*]] = llvm.insertelement %[[E0]]
// CHECK: %[[V1:.*]] = llvm.insertelement %[[E1]], %[[V0]]
// CHECK: llvm.store %[[V1]], %{{.*}} : vector<2xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]], %c0_i32
// CHECK: scf.if %[[FIRST]] {
// CHECK:   llvm.addrspacecast %[[LITADDR]] : !llvm.ptr<1> to !llvm.ptr
// CHECK:   llvm.call @vprintf
// CHECK:   scf.for
// CHECK:     %[[V:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:     llvm.store %[[V]], %[[SLOT]] {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK:     llvm.addrspacecast %[[ELEMADDR]] : !llvm.ptr<1> to !llvm.ptr
// CHECK:   }
// CHECK: }
// CHECK: nvvm.barrier0

// PTX: .extern .func (.param .b32 func_retval0) vprintf
// PTX: call.uni (retval0), vprintf, (param0, param1);

module {
  nv_tileaa.func @p(%a: i32) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %i = "nv_tileas.iota"() : () -> tensor<64xi32>
    %t = "nv_tileas.print_tko"(%i) {str = "v=%4d 100%%\n", operandSegmentSizes = array<i32: 1, 0>} : (tensor<64xi32>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}

