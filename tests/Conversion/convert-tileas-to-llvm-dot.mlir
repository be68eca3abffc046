// dot through the scratch buffer: lhs at byte 0, rhs 16-byte aligned after
// it (512 bytes each here), then one FMA per step of the contraction in
// order, in the accumulator type (as in the interpreter). One warp; the 8x8
// accumulator is two slots per thread. (f32 inputs: dots with an mma.sync
// shape, f16 into f16 included, take tensor cores instead,
// tests/Fuzz/simt-mma-sync.mlir.)
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s
// RUN: tilec --emit ptx --gpu-name sm_80 --pass-pipeline "builtin.module(convert-tileas-to-llvm,tilec-finalize-llvm)" %s | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: module attributes {tilec.dynamic_shared_memory = 1024 : i64}
// CHECK: llvm.func @dot32(%[[A:.*]]: f32, %[[C:.*]]: f32, %{{.*}}: !llvm.ptr<1>)
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %c0_i32 to %c16_i32 step %c1_i32 iter_args(%[[X:.*]] = %[[C]], %[[Y:.*]] = %[[C]]) -> (f32, f32)
// CHECK:   llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:   %[[F0:.*]] = math.fma %{{.*}}, %{{.*}}, %[[X]] : f32
// CHECK:   %[[F1:.*]] = math.fma %{{.*}}, %{{.*}}, %[[Y]] : f32
// CHECK:   scf.yield %[[F0]], %[[F1]] : f32, f32

// PTX: .entry dot32(
// PTX: fma.rn.f32

module {
  nv_tileaa.func @dot32(%a: f32, %c: f32, %p: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %ta = "nv_tileas.reshape"(%a) : (f32) -> tensor<1x1xf32>
    %lhs = "nv_tileas.broadcast"(%ta) : (tensor<1x1xf32>) -> tensor<8x16xf32>
    %rhs = "nv_tileas.broadcast"(%ta) : (tensor<1x1xf32>) -> tensor<16x8xf32>
    %tc = "nv_tileas.reshape"(%c) : (f32) -> tensor<1x1xf32>
    %acc = "nv_tileas.broadcast"(%tc) : (tensor<1x1xf32>) -> tensor<8x8xf32>
    %d = "nv_tileas.dot"(%lhs, %rhs, %acc) {atom = #nv_tileas<atom mma_sync_f32_f32_f32>} : (tensor<8x16xf32>, tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %e = "nv_tileas.reshape"(%d) : (tensor<8x8xf32>) -> tensor<64xf32>
    %ptrs0 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<f32, 1>) -> tensor<1x!nv_tileaa.ptr<f32, 1>>
    %ptrs = "nv_tileas.broadcast"(%ptrs0) : (tensor<1x!nv_tileaa.ptr<f32, 1>>) -> tensor<64x!nv_tileaa.ptr<f32, 1>>
    %off = "nv_tileas.iota"() : () -> tensor<64xi32>
    %at = "nv_tileas.offset"(%ptrs, %off) : (tensor<64x!nv_tileaa.ptr<f32, 1>>, tensor<64xi32>) -> tensor<64x!nv_tileaa.ptr<f32, 1>>
    %t = "nv_tileas.store_ptr_tko"(%at, %e) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<64x!nv_tileaa.ptr<f32, 1>>, tensor<64xf32>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
