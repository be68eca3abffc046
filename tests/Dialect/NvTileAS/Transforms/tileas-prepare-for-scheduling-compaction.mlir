// tileas-prepare-for-scheduling, stage 5 (seed 000's memory layout
// compaction): buffers whose live ranges do not overlap share bytes.
// RUN: tilec-opt --tileas-prepare-for-scheduling %s | FileCheck %s
// RUN: tilec-opt --tileas-prepare-for-scheduling %s -o %t.mlir
// The compacted kernel computes what the input did: two buffers live at
// once keep apart (the interpreter's shared memory is bytes at offsets, so
// a buffer placed over a live one would change the sums).
// RUN: python3 -c "import numpy as np; np.save('%t.a.npy', np.arange(64, dtype=np.float32))"
// RUN: tile-run %s --entry live --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --out-dir %t.ref
// RUN: tile-run %t.mlir --entry live --grid 1 --arg @%t.a.npy --arg zeros:f32:64 --out-dir %t.out
// RUN: cmp %t.ref/arg1.npy %t.out/arg1.npy
// RUN: python3 -c "import numpy as np; print(np.load('%t.out/arg1.npy')[:16])" | FileCheck %s --check-prefix=VALUES
// VALUES: [ 8. 10. 12. 14. 16. 18. 20. 22.  8. 10. 12. 14. 16. 18. 20. 22.]
// The driver runs the stage after tileas-materialize-convert-layout, so
// the gemm seed's staged conversions (sm_90, no register copies) all start
// at byte 0: each is dead before the next is written.
// RUN: tilec -O2 --gpu-name sm_90 --materialize-convert-layout-reg2reg-vec-size 0 --emit tileas %S/../../../../corpus/seeds/gemm.mlir | FileCheck %s --check-prefix=GEMM
// GEMM-COUNT-4: nv_tileas.alloc_tensor {offset = 0 : i64{{[,}]}}
// GEMM-NOT: nv_tileas.alloc_tensor
// Loops pipelined after the compaction keep the staging ops of every
// iteration in order (each pair of them conflicts in the schedules'
// dependence graphs), so the buffers sharing byte 0 compute the seed's
// result: software-pipelined three stages deep, and warp-specialized.
// RUN: tile-diff %S/../../../../corpus/seeds/gemm.mlir --only-config sm_90,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=3,reg2reg=0 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff %S/../../../../corpus/seeds/gemm.mlir --only-config sm_90,O2,v2=1,strategy=warp-specialize,scheduler=cost,reg2reg=0,order=seed:3 -v | FileCheck %s --check-prefix=DIFF
// DIFF: 1 programs checked, 0 findings

#reg = #nv_tileas<layout reg>
#mma_a = #nv_tileas<layout mma_a>
module attributes {nv_tileaa.compute_capability = 90 : i32} {

// %a and %b are live at once; %c is written after both are read and
// reuses %a's bytes. The footprint drops from 96 to 64 bytes.
// CHECK-LABEL: nv_tileaa.func @live
// CHECK: %[[A:.*]] = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<8xf32>
// CHECK: %[[B:.*]] = nv_tileas.alloc_tensor {offset = 32 : i64} : !nv_tileas.smem<8xf32>
// CHECK: %[[C:.*]] = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<8xf32>
nv_tileaa.func @live(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 90>, nv_tileas.layouts} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64xf32, strides=[1], 1>
  %v0 = nv_tileas.view %m0 : (!nv_tileaa.memref<64xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
  %m1 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64xf32, strides=[1], 1>
  %v1 = nv_tileas.view %m1 : (!nv_tileaa.memref<64xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
  %x, %tx = nv_tileas.tiled_load %v0, %c0 {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
  %y, %ty = nv_tileas.tiled_load %v0, %c1 {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<8xf32, #reg>, !nv_tileaa.mem_token)
  %a = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<8xf32>
  %b = nv_tileas.alloc_tensor {offset = 32 : i64} : !nv_tileas.smem<8xf32>
  nv_tileas.copy %x, %a : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
  nv_tileas.copy %y, %b : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
  %la = nv_tileas.smem_load %a : (!nv_tileas.smem<8xf32>) -> tensor<8xf32, #reg>
  %lb = nv_tileas.smem_load %b : (!nv_tileas.smem<8xf32>) -> tensor<8xf32, #reg>
  %s = arith.addf %la, %lb : tensor<8xf32, #reg>
  %c = nv_tileas.alloc_tensor {offset = 64 : i64} : !nv_tileas.smem<8xf32>
  nv_tileas.copy %s, %c : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
  %lc = nv_tileas.smem_load %c : (!nv_tileas.smem<8xf32>) -> tensor<8xf32, #reg>
  %s0 = nv_tileas.tiled_store %s, %v1, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
  %s1 = nv_tileas.tiled_store %lc, %v1, %c1 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<64xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// A buffer made before a loop (five trips: not tiny) and read in it is
// live for the whole loop,
// so the one made and read in each iteration overlaps it; the one after
// the loop overlaps none. Largest first: the 512-byte buffer takes byte
// 0, the 64-byte one after the loop byte 0 too, the 40-byte one live
// across the loop byte 512, and the loop's 40-byte one the next 16-byte
// boundary past it, 560.
// CHECK-LABEL: nv_tileaa.func @ranges
// CHECK: %[[BIG:.*]] = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<128xf32>
// CHECK: %[[ODD:.*]] = nv_tileas.alloc_tensor {offset = 512 : i64} : !nv_tileas.smem<10xf32>
// CHECK: scf.for
// CHECK: nv_tileas.alloc_tensor {offset = 560 : i64} : !nv_tileas.smem<10xf32>
// CHECK: }
// CHECK: nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<16xf32>
nv_tileaa.func @ranges(%t: tensor<128xf32, #reg>, %u: tensor<10xf32, #reg>, %v: tensor<16xf32, #reg>) -> (tensor<10xf32, #reg>, tensor<16xf32, #reg>) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %big = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<128xf32>
  nv_tileas.copy %t, %big : (tensor<128xf32, #reg>, !nv_tileas.smem<128xf32>) -> ()
  %odd = nv_tileas.alloc_tensor {offset = 1024 : i64} : !nv_tileas.smem<10xf32>
  nv_tileas.copy %u, %odd : (tensor<10xf32, #reg>, !nv_tileas.smem<10xf32>) -> ()
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %v) -> (tensor<16xf32, #reg>) : i32 {
    %in = nv_tileas.alloc_tensor {offset = 2048 : i64} : !nv_tileas.smem<10xf32>
    nv_tileas.copy %u, %in : (tensor<10xf32, #reg>, !nv_tileas.smem<10xf32>) -> ()
    %l = nv_tileas.smem_load %in : (!nv_tileas.smem<10xf32>) -> tensor<10xf32, #reg>
    %o = nv_tileas.smem_load %odd : (!nv_tileas.smem<10xf32>) -> tensor<10xf32, #reg>
    %w = nv_tileas.smem_load %big : (!nv_tileas.smem<128xf32>) -> tensor<128xf32, #reg>
    scf.yield %acc : tensor<16xf32, #reg>
  }
  %o2 = nv_tileas.smem_load %odd : (!nv_tileas.smem<10xf32>) -> tensor<10xf32, #reg>
  %after = nv_tileas.alloc_tensor {offset = 4096 : i64} : !nv_tileas.smem<16xf32>
  nv_tileas.copy %r, %after : (tensor<16xf32, #reg>, !nv_tileas.smem<16xf32>) -> ()
  %l2 = nv_tileas.smem_load %after : (!nv_tileas.smem<16xf32>) -> tensor<16xf32, #reg>
  nv_tileaa.return %o2, %l2 : tensor<10xf32, #reg>, tensor<16xf32, #reg>
}

// Agents run at once: the producer's buffer and the consumer's never share
// bytes, though one ends before the other starts in the text.
// CHECK-LABEL: nv_tileaa.func @agents
// CHECK: agent_switch
// CHECK: nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<8xf32>
// CHECK: nv_tileas.alloc_tensor {offset = 32 : i64} : !nv_tileas.smem<8xf32>
nv_tileaa.func @agents(%x: tensor<8xf32, #reg>) {
  nv_tileas.async.pipeline.agent_switch {
    %a = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<8xf32>
    nv_tileas.copy %x, %a : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
    %la = nv_tileas.smem_load %a : (!nv_tileas.smem<8xf32>) -> tensor<8xf32, #reg>
    nv_tileas.async.pipeline.yield
  }, {
    %b = nv_tileas.alloc_tensor {offset = 64 : i64} : !nv_tileas.smem<8xf32>
    nv_tileas.copy %x, %b : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
    %lb = nv_tileas.smem_load %b : (!nv_tileas.smem<8xf32>) -> tensor<8xf32, #reg>
    nv_tileas.async.pipeline.yield
  }
  nv_tileaa.return
}

// An nv_tileaa.execute runs at once with the rest of its block, which the
// live ranges do not model: the function keeps its offsets (the driver
// rewrites every execute into an agent_switch before this stage).
// CHECK-LABEL: nv_tileaa.func @execute
// CHECK: nv_tileas.alloc_tensor {offset = 0 : i64}
// CHECK: nv_tileas.alloc_tensor {offset = 32 : i64}
nv_tileaa.func @execute(%x: tensor<8xf32, #reg>) {
  nv_tileaa.execute {
    %a = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<8xf32>
    nv_tileas.copy %x, %a : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
    %la = nv_tileas.smem_load %a : (!nv_tileas.smem<8xf32>) -> tensor<8xf32, #reg>
    nv_tileaa.execute.yield
  }
  %b = nv_tileas.alloc_tensor {offset = 32 : i64} : !nv_tileas.smem<8xf32>
  nv_tileas.copy %x, %b : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
  %lb = nv_tileas.smem_load %b : (!nv_tileas.smem<8xf32>) -> tensor<8xf32, #reg>
  nv_tileaa.return
}

// A buffer that reaches another op (here a loop's iter_arg) may be used
// anywhere: the function keeps its offsets.
// CHECK-LABEL: nv_tileaa.func @escapes
// CHECK: nv_tileas.alloc_tensor {offset = 64 : i64}
// CHECK: nv_tileas.alloc_tensor {offset = 128 : i64}
nv_tileaa.func @escapes(%x: tensor<8xf32, #reg>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = nv_tileas.alloc_tensor {offset = 64 : i64} : !nv_tileas.smem<8xf32>
  nv_tileas.copy %x, %a : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%buf = %a) -> (!nv_tileas.smem<8xf32>) : i32 {
    scf.yield %buf : !nv_tileas.smem<8xf32>
  }
  %b = nv_tileas.alloc_tensor {offset = 128 : i64} : !nv_tileas.smem<8xf32>
  nv_tileas.copy %x, %b : (tensor<8xf32, #reg>, !nv_tileas.smem<8xf32>) -> ()
  nv_tileaa.return
}

}
