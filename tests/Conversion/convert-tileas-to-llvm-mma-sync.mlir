// A dot with f16 or bf16 inputs and an f32 accumulator runs on tensor
// cores: A, B and the accumulator through the scratch buffer, then each
// warp loops over K in steps of 16 with mma.sync.aligned.m16n8k16 on its
// 16x8 output blocks (fragment elements outside the tile read as zero,
// stores of them skipped) and writes the block back for every thread to
// read its slots. Other element types keep the FMA loop
// (convert-tileas-to-llvm-dot.mlir). What it computes is checked by
// tests/Fuzz/simt-mma-sync.mlir.
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s
// RUN: tilec --emit ptx --gpu-name sm_80 --pass-pipeline "builtin.module(convert-tileas-to-llvm,tilec-finalize-llvm)" %s | FileCheck %s --check-prefix=PTX

// 16x32 (f16, 1024 bytes) + 32x8 (f16, 512) + 16x8 (f32, 512).
// CHECK-LABEL: module attributes {tilec.dynamic_shared_memory = 2048 : i64}
// CHECK: llvm.func @mma(
// CHECK: nvvm.barrier0
// CHECK: scf.for %{{.*}} = %c0_i32 to %c2_i32 step %c1_i32 iter_args(%{{.*}}) -> (f32, f32, f32, f32)
// The tile is a whole number of blocks, so ldmatrix loads the fragments:
// A's four registers, then B's two, transposed.
// CHECK:   llvm.call @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(%{{.*}}) {convergent} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK:   llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK:   llvm.call @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(%{{.*}}) {convergent} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// The intrinsic is called as a convergent function (LLVM's declaration of
// it lacks `convergent`, and LLVM would sink it into divergent code).
// CHECK:   %[[D:.*]] = llvm.call @llvm.nvvm.mma.m16n8k16.row.col.f32.f32({{.*}}) {convergent} : (vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK:   llvm.extractvalue %[[D]][3]
// CHECK: nvvm.barrier0

// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

module {
  nv_tileaa.func @mma(%a: f16, %c: f32, %p: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %ta = "nv_tileas.reshape"(%a) : (f16) -> tensor<1x1xf16>
    %lhs = "nv_tileas.broadcast"(%ta) : (tensor<1x1xf16>) -> tensor<16x32xf16>
    %rhs = "nv_tileas.broadcast"(%ta) : (tensor<1x1xf16>) -> tensor<32x8xf16>
    %tc = "nv_tileas.reshape"(%c) : (f32) -> tensor<1x1xf32>
    %acc = "nv_tileas.broadcast"(%tc) : (tensor<1x1xf32>) -> tensor<16x8xf32>
    %d = "nv_tileas.dot"(%lhs, %rhs, %acc) {atom = #nv_tileas<atom mma_sync_f16_f16_f32>} : (tensor<16x32xf16>, tensor<32x8xf16>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %e = "nv_tileas.reshape"(%d) : (tensor<16x8xf32>) -> tensor<128xf32>
    %ptrs0 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<f32, 1>) -> tensor<1x!nv_tileaa.ptr<f32, 1>>
    %ptrs = "nv_tileas.broadcast"(%ptrs0) : (tensor<1x!nv_tileaa.ptr<f32, 1>>) -> tensor<128x!nv_tileaa.ptr<f32, 1>>
    %off = "nv_tileas.iota"() : () -> tensor<128xi32>
    %at = "nv_tileas.offset"(%ptrs, %off) : (tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xi32>) -> tensor<128x!nv_tileaa.ptr<f32, 1>>
    %t = "nv_tileas.store_ptr_tko"(%at, %e) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xf32>) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
