// Which reductions and scans the backend folds with warp shuffles
// (compiler/docs/Backend.md, "Reductions and scans"). The reductions: one
// warp (T = 32), 8x64 operands reduced along dim 1 into 8 results:
// R = min(64, 32 / 8) = 4 threads per result, each folding 16 elements, a
// butterfly over offsets 2 and 1, and the 8 partials after the operand.
// RUN: tilec-opt %s --split-input-file --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s

#reg = #nv_tileas<layout reg>

// An i64 xor moves in two 32-bit words per step: four shuffles. The
// scratch buffer holds the 4096-byte operand and 8 partials of 8 bytes.
// CHECK-LABEL: module attributes {{{.*}}tilec.dynamic_shared_memory = 4160 : i64}
// CHECK: llvm.func @xor64
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: nvvm.shfl.sync bfly %c-1_i32, %{{.*}}, %c2_i32, %c31_i32 : i32 -> i32
// CHECK: arith.xori %{{.*}} : i64
// CHECK-COUNT-2: nvvm.shfl.sync bfly %c-1_i32, %{{.*}}, %c1_i32, %c31_i32 : i32 -> i32
// CHECK: arith.xori %{{.*}} : i64
// CHECK-NOT: nvvm.shfl.sync
// CHECK: nvvm.barrier0
// CHECK: llvm.return

module attributes {nv_tileaa.compute_capability = 80 : i32} {
    nv_tileaa.func @xor64(%arg0: !nv_tileaa.ptr<i64, 1>, %arg1: !nv_tileaa.ptr<i64, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i64, 1>) -> !nv_tileaa.memref<512xi64, strides=[1], 1>
      %1 = nv_tileas.view %0 : (!nv_tileaa.memref<512xi64, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xi64, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xi64, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<512xi64, #reg>, !nv_tileaa.mem_token)
      %3 = nv_tileas.reshape %tile : (tensor<512xi64, #reg>) -> tensor<8x64xi64, #reg>
      %4 = nv_tileas.reduce %3 ({
      ^bb0(%a: i64, %b: i64):
        %s = arith.xori %a, %b : i64
        nv_tileas.yield %s : (i64) -> ()
      }) {dim = 1 : i32, identities = [0 : i64]} : (tensor<8x64xi64, #reg>) -> (tensor<8xi64, #reg>)
      %5 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i64, 1>) -> !nv_tileaa.memref<8xi64, strides=[1], 1>
      %6 = nv_tileas.view %5 : (!nv_tileaa.memref<8xi64, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xi64, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %7 = nv_tileas.tiled_store %4, %6, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xi64, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xi64, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileaa.return
    }
}

// -----

#reg = #nv_tileas<layout reg>

// A dead pure op in the body does not matter; the combiner's operands in
// the other order do not either. f16 shuffles as a zero-extended word;
// 16-bit rows shuffle from 128 elements on (4x128: R = 8, offsets 4 to 1).
// CHECK-LABEL: module attributes {{{.*}}tilec.dynamic_shared_memory = 1032 : i64}
// CHECK: llvm.func @maxf16
// CHECK-COUNT-3: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return

module attributes {nv_tileaa.compute_capability = 80 : i32} {
    nv_tileaa.func @maxf16(%arg0: !nv_tileaa.ptr<f16, 1>, %arg1: !nv_tileaa.ptr<f16, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f16, 1>) -> !nv_tileaa.memref<512xf16, strides=[1], 1>
      %1 = nv_tileas.view %0 : (!nv_tileaa.memref<512xf16, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf16, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf16, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<512xf16, #reg>, !nv_tileaa.mem_token)
      %3 = nv_tileas.reshape %tile : (tensor<512xf16, #reg>) -> tensor<4x128xf16, #reg>
      %4 = nv_tileas.reduce %3 ({
      ^bb0(%a: f16, %b: f16):
        %d = arith.mulf %a, %b : f16
        %s = nv_tileas.maxf %b, %a : f16
        nv_tileas.yield %s : (f16) -> ()
      }) {dim = 1 : i32, identities = [0xFC00 : f16]} : (tensor<4x128xf16, #reg>) -> (tensor<4xf16, #reg>)
      %5 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f16, 1>) -> !nv_tileaa.memref<4xf16, strides=[1], 1>
      %6 = nv_tileas.view %5 : (!nv_tileaa.memref<4xf16, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[4], !nv_tileaa.memref<4xf16, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %7 = nv_tileas.tiled_store %4, %6, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<4xf16, #reg>, !nv_tileaa.tiled_view<partition, tile=[4], !nv_tileaa.memref<4xf16, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileaa.return
    }
}

// -----

#reg = #nv_tileas<layout reg>

// With an overflow flag a partial sum of another order could overflow
// where the sequential one does not: the sequential fold, no partials.
// CHECK-LABEL: module attributes {{{.*}}tilec.dynamic_shared_memory = 2048 : i64}
// CHECK: llvm.func @addnsw
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return

module attributes {nv_tileaa.compute_capability = 80 : i32} {
    nv_tileaa.func @addnsw(%arg0: !nv_tileaa.ptr<i32, 1>, %arg1: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i32, 1>) -> !nv_tileaa.memref<512xi32, strides=[1], 1>
      %1 = nv_tileas.view %0 : (!nv_tileaa.memref<512xi32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<512xi32, #reg>, !nv_tileaa.mem_token)
      %3 = nv_tileas.reshape %tile : (tensor<512xi32, #reg>) -> tensor<8x64xi32, #reg>
      %4 = nv_tileas.reduce %3 ({
      ^bb0(%a: i32, %b: i32):
        %s = arith.addi %a, %b overflow<nsw> : i32
        nv_tileas.yield %s : (i32) -> ()
      }) {dim = 1 : i32, identities = [0 : i32]} : (tensor<8x64xi32, #reg>) -> (tensor<8xi32, #reg>)
      %5 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i32, 1>) -> !nv_tileaa.memref<8xi32, strides=[1], 1>
      %6 = nv_tileas.view %5 : (!nv_tileaa.memref<8xi32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %7 = nv_tileas.tiled_store %4, %6, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xi32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileaa.return
    }
}

// -----

#reg = #nv_tileas<layout reg>

// A float sum depends on the order.
// CHECK-LABEL: module attributes {{{.*}}tilec.dynamic_shared_memory = 2048 : i64}
// CHECK: llvm.func @addf
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return

module attributes {nv_tileaa.compute_capability = 80 : i32} {
    nv_tileaa.func @addf(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<512xf32, strides=[1], 1>
      %1 = nv_tileas.view %0 : (!nv_tileaa.memref<512xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<512xf32, #reg>, !nv_tileaa.mem_token)
      %3 = nv_tileas.reshape %tile : (tensor<512xf32, #reg>) -> tensor<8x64xf32, #reg>
      %4 = nv_tileas.reduce %3 ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        nv_tileas.yield %s : (f32) -> ()
      }) {dim = 1 : i32, identities = [0.0 : f32]} : (tensor<8x64xf32, #reg>) -> (tensor<8xf32, #reg>)
      %5 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<8xf32, strides=[1], 1>
      %6 = nv_tileas.view %5 : (!nv_tileaa.memref<8xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %7 = nv_tileas.tiled_store %4, %6, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileaa.return
    }
}

// -----

#reg = #nv_tileas<layout reg>

// Two operands: the sequential fold.
// CHECK-LABEL: module attributes {{{.*}}tilec.dynamic_shared_memory = 4096 : i64}
// CHECK: llvm.func @two
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return

module attributes {nv_tileaa.compute_capability = 80 : i32} {
    nv_tileaa.func @two(%arg0: !nv_tileaa.ptr<i32, 1>, %arg1: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i32, 1>) -> !nv_tileaa.memref<512xi32, strides=[1], 1>
      %1 = nv_tileas.view %0 : (!nv_tileaa.memref<512xi32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[512], !nv_tileaa.memref<512xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<512xi32, #reg>, !nv_tileaa.mem_token)
      %3 = nv_tileas.reshape %tile : (tensor<512xi32, #reg>) -> tensor<8x64xi32, #reg>
      %4:2 = nv_tileas.reduce %3, %3 ({
      ^bb0(%a: i32, %b: i32, %c: i32, %d: i32):
        %s = arith.maxui %a, %b : i32
        %t = arith.minui %c, %d : i32
        nv_tileas.yield %s, %t : (i32, i32) -> ()
      }) {dim = 1 : i32, identities = [0 : i32, 0 : i32]} : (tensor<8x64xi32, #reg>, tensor<8x64xi32, #reg>) -> (tensor<8xi32, #reg>, tensor<8xi32, #reg>)
      %5 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i32, 1>) -> !nv_tileaa.memref<8xi32, strides=[1], 1>
      %6 = nv_tileas.view %5 : (!nv_tileaa.memref<8xi32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %7 = nv_tileas.tiled_store %4#0, %6, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xi32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileaa.return
    }
}

// -----

#reg = #nv_tileas<layout reg>

// Rows of 32: LLVM unrolls the sequential fold, which costs less than the
// shuffles (minShuffleExtent).
// CHECK-LABEL: module attributes {{{.*}}tilec.dynamic_shared_memory = 1024 : i64}
// CHECK: llvm.func @short
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return

module attributes {nv_tileaa.compute_capability = 80 : i32} {
    nv_tileaa.func @short(%arg0: !nv_tileaa.ptr<i32, 1>, %arg1: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i32, 1>) -> !nv_tileaa.memref<256xi32, strides=[1], 1>
      %1 = nv_tileas.view %0 : (!nv_tileaa.memref<256xi32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[256], !nv_tileaa.memref<256xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[256], !nv_tileaa.memref<256xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<256xi32, #reg>, !nv_tileaa.mem_token)
      %3 = nv_tileas.reshape %tile : (tensor<256xi32, #reg>) -> tensor<8x32xi32, #reg>
      %4 = nv_tileas.reduce %3 ({
      ^bb0(%a: i32, %b: i32):
        %s = arith.xori %a, %b : i32
        nv_tileas.yield %s : (i32) -> ()
      }) {dim = 1 : i32, identities = [0 : i32]} : (tensor<8x32xi32, #reg>) -> (tensor<8xi32, #reg>)
      %5 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i32, 1>) -> !nv_tileaa.memref<8xi32, strides=[1], 1>
      %6 = nv_tileas.view %5 : (!nv_tileaa.memref<8xi32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %7 = nv_tileas.tiled_store %4, %6, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xi32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileaa.return
    }
}

// -----

// A scan of 8 lines of 16 i64 on 128 threads: 16 threads a line, one
// element each; Kogge-Stone over offsets 1 to 8 and the exclusive step,
// two 32-bit shuffles each. Scratch: the 1024-byte operand, which the
// results overwrite (each thread its own chunk); one warp to a line, so no
// partials.
// CHECK-LABEL: module @m attributes {{{.*}}tilec.dynamic_shared_memory = 1024 : i64
// CHECK: llvm.func @k
// CHECK-COUNT-2: nvvm.shfl.sync up %c-1_i32, %{{.*}}, %c1_i32, %c0_i32 : i32 -> i32
// CHECK-COUNT-2: nvvm.shfl.sync up %c-1_i32, %{{.*}}, %c2_i32, %c0_i32 : i32 -> i32
// CHECK-COUNT-2: nvvm.shfl.sync up %c-1_i32, %{{.*}}, %c4_i32, %c0_i32 : i32 -> i32
// CHECK-COUNT-2: nvvm.shfl.sync up %c-1_i32, %{{.*}}, %c8_i32, %c0_i32 : i32 -> i32
// CHECK-COUNT-2: nvvm.shfl.sync up %c-1_i32, %{{.*}}, %c1_i32, %c0_i32 : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return

#reg = #nv_tileas<layout reg>
module @m attributes {nv_tileaa.compute_capability = 100 : i32, tilec.pipeline_config = {pipeline_strategy = "none", rrt_size_threshold = 0 : i64, scheduler = "cost", v2_opt_level = 0 : i64}} {
  nv_tileaa.func @k(%arg0: !nv_tileaa.ptr<i64, 1>, %arg1: !nv_tileaa.ptr<i64, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 100>, nv_tileas.layouts} {
    %c0_i32 = arith.constant 0 : i32
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i64, 1>) -> !nv_tileaa.memref<8x16xi64, strides=[16, 1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<8x16xi64, strides=[16, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8, 16], !nv_tileaa.memref<8x16xi64, strides=[16, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32, %c0_i32 {copy_atom = #nv_tileaa.copy_atom<"tiled", 1>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8, 16], !nv_tileaa.memref<8x16xi64, strides=[16, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<8x16xi64, #reg>, !nv_tileaa.mem_token)
    %2 = nv_tileas.scan %tile ({
    ^bb0(%arg2: i64, %arg3: i64):
      %6 = arith.ori %arg2, %arg3 : i64
      nv_tileas.yield %6 : (i64) -> ()
    }) {dim = 1 : i32, identities = [0], reduce_atom = #nv_tileaa.reduce_atom<"warp_shfl_xor">, reverse = false} : tensor<8x16xi64, #reg>
    %3 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i64, 1>) -> !nv_tileaa.memref<8x16xi64, strides=[16, 1], 1>
    %4 = nv_tileas.view %3 : (!nv_tileaa.memref<8x16xi64, strides=[16, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8, 16], !nv_tileaa.memref<8x16xi64, strides=[16, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %5 = nv_tileas.tiled_store %2, %4, %c0_i32, %c0_i32 {copy_atom = #nv_tileaa.copy_atom<"tiled", 1>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<8x16xi64, #reg>, !nv_tileaa.tiled_view<partition, tile=[8, 16], !nv_tileaa.memref<8x16xi64, strides=[16, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}

// -----

// 64-bit lines of 8 scan sequentially (two shuffles a step cost more than
// the loop saves: minShuffleExtent).
// CHECK-LABEL: module @m attributes {{{.*}}tilec.dynamic_shared_memory = 512 : i64
// CHECK: llvm.func @k
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return

#reg = #nv_tileas<layout reg>
module @m attributes {nv_tileaa.compute_capability = 100 : i32, tilec.pipeline_config = {pipeline_strategy = "none", rrt_size_threshold = 0 : i64, scheduler = "cost", v2_opt_level = 0 : i64}} {
  nv_tileaa.func @k(%arg0: !nv_tileaa.ptr<i64, 1>, %arg1: !nv_tileaa.ptr<i64, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 100>, nv_tileas.layouts} {
    %c0_i32 = arith.constant 0 : i32
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i64, 1>) -> !nv_tileaa.memref<8x8xi64, strides=[8, 1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<8x8xi64, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8, 8], !nv_tileaa.memref<8x8xi64, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32, %c0_i32 {copy_atom = #nv_tileaa.copy_atom<"tiled", 1>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8, 8], !nv_tileaa.memref<8x8xi64, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<8x8xi64, #reg>, !nv_tileaa.mem_token)
    %2 = nv_tileas.scan %tile ({
    ^bb0(%arg2: i64, %arg3: i64):
      %6 = arith.ori %arg2, %arg3 : i64
      nv_tileas.yield %6 : (i64) -> ()
    }) {dim = 1 : i32, identities = [0], reduce_atom = #nv_tileaa.reduce_atom<"warp_shfl_xor">, reverse = false} : tensor<8x8xi64, #reg>
    %3 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i64, 1>) -> !nv_tileaa.memref<8x8xi64, strides=[8, 1], 1>
    %4 = nv_tileas.view %3 : (!nv_tileaa.memref<8x8xi64, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8, 8], !nv_tileaa.memref<8x8xi64, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %5 = nv_tileas.tiled_store %2, %4, %c0_i32, %c0_i32 {copy_atom = #nv_tileaa.copy_atom<"tiled", 1>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<8x8xi64, #reg>, !nv_tileaa.tiled_view<partition, tile=[8, 8], !nv_tileaa.memref<8x8xi64, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
