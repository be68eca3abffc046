// print_tko of at most 32 elements is one vprintf call: its whole format
// built at compile time (brackets and separators of the tile included) and
// every element stored in one argument buffer at C's varargs offsets (an
// int for %c, 8 bytes otherwise). Tile blocks printing at once on a GPU then
// cannot cut into each other's lines (seen on an H200 with one call per
// piece: "gen gen gen gen 0213" for four blocks' "gen %d\n"). What it prints is
// compared with the interpreter by tests/Fuzz/simt-print.mlir.
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s
// RUN: tilec --emit ptx --gpu-name sm_80 --pass-pipeline "builtin.module(convert-tileas-to-llvm,tilec-finalize-llvm)" %s | FileCheck %s --check-prefix=PTX

// CHECK-DAG: llvm.mlir.global internal constant @[[FMT:__tilec_fmt[_0-9]*]]("b=%lld m={{\[\[}}%3lld, %3lld], [%3lld, %3lld]] 100%% c=%c\0A\00")
// CHECK-LABEL: llvm.func @p(
// CHECK: llvm.mlir.addressof @[[FMT]]
// CHECK: %[[ARGS:.*]] = llvm.alloca %{{.*}} x i8 {alignment = 8 : i64} : (i32) -> !llvm.ptr
// CHECK: scf.if
// CHECK: llvm.store %{{.*}}, %[[ARGS]] {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: llvm.call @vprintf(%{{.*}}, %[[ARGS]])
// CHECK-NOT: llvm.call @vprintf
// CHECK: llvm.return

// PTX-COUNT-1: call.uni (retval0), vprintf, (param0, param1);
// PTX-NOT: vprintf,

module {
  nv_tileaa.func @p(%a: i32, %ch: i8) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %i = "nv_tileas.iota"() : () -> tensor<4xi32>
    %m = "nv_tileas.reshape"(%i) : (tensor<4xi32>) -> tensor<2x2xi32>
    %t = "nv_tileas.print_tko"(%a, %m, %ch) {str = "b=%d m=%3d 100%% c=%c\n", operandSegmentSizes = array<i32: 3, 0>} : (i32, tensor<2x2xi32>, i8) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
