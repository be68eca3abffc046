// tf32 is held as its f32 pattern: 4 bytes an element in a register and in
// a staging buffer (regression: its 19-bit width made the buffers half
// their size, so staged tf32 tiles overlapped the next buffer and ran past
// the end of shared memory on the SIMT executor).
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=0 %s | FileCheck %s
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=0 --convert-tileas-to-llvm %s | FileCheck %s --check-prefix=LLVM
// Below 4 bytes there is no per-element copy of tf32: staged.
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=3 %s | FileCheck %s
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=4 %s | FileCheck %s --check-prefix=ELEM

#reg = #nv_tileas<layout reg>
#mma_a = #nv_tileas<layout mma_a>
#mma_b = #nv_tileas<layout mma_b>

// CHECK-LABEL: nv_tileaa.func @tf32
// CHECK: nv_tileas.alloc_tensor {offset = 2048 : i64} : !nv_tileas.smem<16x32xtf32>
// CHECK: nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<16x32xtf32>
// LLVM: tilec.dynamic_shared_memory = 4096 : i64
// ELEM: nv_tileas.convert_layout %{{.*}} {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 4>, nv_tileas.root_reg_to_reg_copy_op}
module attributes {nv_tileaa.compute_capability = 90 : i32} {
  nv_tileaa.func @tf32(%p: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 90>, nv_tileas.layouts} {
    %c0 = arith.constant 0 : i32
    %m = nv_tileas.make_memref %p {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<16x32xf32, strides=[32, 1], 1>
    %v = nv_tileas.view %m : (!nv_tileaa.memref<16x32xf32, strides=[32, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[16, 32], !nv_tileaa.memref<16x32xf32, strides=[32, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %f, %tok = nv_tileas.tiled_load %v, %c0, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>} : (!nv_tileaa.tiled_view<partition, tile=[16, 32], !nv_tileaa.memref<16x32xf32, strides=[32, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<16x32xf32, #reg>, !nv_tileaa.mem_token)
    %a = "nv_tileas.ftof"(%f) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (tensor<16x32xf32, #reg>) -> tensor<16x32xtf32, #reg>
    %0 = nv_tileas.convert_layout %a : (tensor<16x32xtf32, #reg>) -> tensor<16x32xtf32, #mma_a>
    %1 = nv_tileas.convert_layout %a : (tensor<16x32xtf32, #reg>) -> tensor<16x32xtf32, #mma_b>
    nv_tileaa.return
  }
}
