// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s
// RUN: tilec-opt %s --convert-tileas-to-llvm --tilec-finalize-llvm | FileCheck %s --check-prefix=FINAL

// One warp (T = 32 threads): the 64-element tile is two slots per thread
// holding a run of two elements (2 tid and 2 tid + 1: 64 is a multiple of
// 2 T; no copy_atom, so each is loaded alone), the 8-element result one
// slot replicated four
// times (element tid mod 8) whose owner (tid < 8) alone stores it. The
// reduce crosses threads: owners write the 8x8 operand to the scratch
// buffer (a thread's run with one 8-byte store), a barrier, each thread
// folds its row from the identity in order,
// a barrier. The scratch buffer is 8 * 8 * 4 bytes.

// CHECK-LABEL: module @m attributes {{{.*}}tilec.dynamic_shared_memory = 256 : i64}
// CHECK: llvm.mlir.global external @__tilec_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK: llvm.func @k(%[[X:.*]]: !llvm.ptr<1>, %[[Y:.*]]: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 32, 1, 1>, tilec.threads = 32 : i32}
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @__tilec_smem : !llvm.ptr<3>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[F0:.*]] = arith.muli %[[TID]], %c2_i32 : i32
// CHECK: %[[E0:.*]] = arith.extui %[[F0]] : i32 to i64
// CHECK: %[[IN0:.*]] = arith.cmpi ult, %[[E0]], %{{.*}} : i64
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[X]][%[[E0]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: %[[V0:.*]] = scf.if %[[IN0]] -> (f32) {
// CHECK:   llvm.load %[[P0]]
// CHECK: %[[T1:.*]] = arith.addi %[[F0]], %c1_i32 : i32
// CHECK: %[[V1:.*]] = scf.if
// CHECK: %[[S0:.*]] = arith.addf %[[V0]], %[[V0]] : f32
// CHECK: %[[S1:.*]] = arith.addf %[[V1]], %[[V1]] : f32
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[SMEM]][%[[F0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: %[[R0:.*]] = llvm.insertelement %[[S0]], %{{.*}}[%c0_i32 : i32] : vector<2xf32>
// CHECK: %[[R1:.*]] = llvm.insertelement %[[S1]], %[[R0]][%c1_i32 : i32] : vector<2xf32>
// CHECK: llvm.store %[[R1]], %[[AT]] {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[ROW:.*]] = arith.remui %[[TID]], %c8_i32 : i32
// CHECK: %[[SUM:.*]] = scf.for %[[K:.*]] = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%[[ACC:.*]] = %cst) -> (f32)
// CHECK:   %[[R:.*]] = arith.muli %[[ROW]], %c8_i32 : i32
// CHECK:   %[[I:.*]] = arith.addi %[[R]], %[[K]] : i32
// CHECK:   %[[A:.*]] = llvm.getelementptr %[[SMEM]][%[[I]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK:   %[[EL:.*]] = llvm.load %[[A]] : !llvm.ptr<3> -> f32
// CHECK:   %[[NEXT:.*]] = arith.addf %[[EL]], %[[ACC]] : f32
// CHECK:   scf.yield %[[NEXT]] : f32
// CHECK: nvvm.barrier0
// CHECK: %[[OWNER:.*]] = arith.cmpi ult, %[[TID]], %c8_i32 : i32
// CHECK: %[[WHEN:.*]] = arith.andi %{{.*}}, %[[OWNER]] : i1
// CHECK: scf.if %[[WHEN]] {
// CHECK:   llvm.store %[[SUM]], %{{.*}} : f32, !llvm.ptr<1>
// CHECK: nvvm.barrier0
// CHECK: llvm.return
// CHECK-NOT: nv_tileas
// CHECK-NOT: tensor<

// FINAL: llvm.func @k
// FINAL-NOT: scf.
// FINAL-NOT: arith.
// FINAL: llvm.return

#reg = #nv_tileas<layout reg>
module @m attributes {nv_tileaa.compute_capability = 80 : i32} {
    nv_tileaa.func @k(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>, nv_tileas.layouts} {
      %c0_i32 = arith.constant 0 : i32
      %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64xf32, strides=[1], 1>
      %1 = nv_tileas.view %0 : (!nv_tileaa.memref<64xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[64], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %tile, %result_token = nv_tileas.tiled_load %1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[64], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<64xf32, #reg>, !nv_tileaa.mem_token)
      %2 = arith.addf %tile, %tile : tensor<64xf32, #reg>
      %3 = nv_tileas.reshape %2 : (tensor<64xf32, #reg>) -> tensor<8x8xf32, #reg>
      %4 = nv_tileas.reduce %3 ({
      ^bb0(%arg2: f32, %arg3: f32):
        %8 = arith.addf %arg2, %arg3 : f32
        nv_tileas.yield %8 : (f32) -> ()
      }) {dim = 1 : i32, identities = [0.000000e+00 : f32]} : (tensor<8x8xf32, #reg>) -> tensor<8xf32, #reg>
      %5 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<8xf32, strides=[1], 1>
      %6 = nv_tileas.view %5 : (!nv_tileaa.memref<8xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
      %7 = nv_tileas.tiled_store %4, %6, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<8xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      nv_tileaa.return
    }
}
  
