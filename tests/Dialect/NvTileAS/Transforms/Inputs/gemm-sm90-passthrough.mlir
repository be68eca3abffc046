// gemm-sm90.mlir with a second loop-carried value that every iteration
// yields unchanged (scf.yield of the block argument itself), which upstream
// scf::pipelineForLoop does not pipeline: the input of
// tileas-unspecialized-pipeline's "Failed to pipeline loop" test.
#mma_a = #nv_tileas<layout mma_a>
#mma_b = #nv_tileas<layout mma_b>
#mma_c = #nv_tileas<layout mma_c>
#reg = #nv_tileas<layout reg>
module @gemm attributes {nv_tileaa.compute_capability = 90 : i32} {
  nv_tileaa.func @gemm(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 90>, nv_tileas.layouts} {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #reg>
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %blockId_x, %blockId_y, %blockId_z = nv_tileas.get_tile_block_id : () -> (i32, i32, i32)
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>
    %1 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>
    %2 = nv_tileas.make_memref %arg2 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>
    %3 = nv_tileas.view %0 : (!nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[32, 32], !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %4 = nv_tileas.view %1 : (!nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[32, 32], !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %5 = nv_tileas.view %2 : (!nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[32, 32], !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %6:2 = scf.for %arg3 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg4 = %cst, %keep = %cst) -> (tensor<32x32xf32, #reg>, tensor<32x32xf32, #reg>)  : i32 {
      %tile, %result_token = nv_tileas.tiled_load %3, %blockId_x, %arg3 {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>} : (!nv_tileaa.tiled_view<partition, tile=[32, 32], !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<32x32xf32, #reg>, !nv_tileaa.mem_token)
      %tile_0, %result_token_1 = nv_tileas.tiled_load %4, %arg3, %blockId_y {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>} : (!nv_tileaa.tiled_view<partition, tile=[32, 32], !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<32x32xf32, #reg>, !nv_tileaa.mem_token)
      %8 = nv_tileas.convert_layout %tile : (tensor<32x32xf32, #reg>) -> tensor<32x32xf32, #mma_a>
      %9 = nv_tileas.convert_layout %tile_0 : (tensor<32x32xf32, #reg>) -> tensor<32x32xf32, #mma_b>
      %10 = nv_tileas.convert_layout %arg4 : (tensor<32x32xf32, #reg>) -> tensor<32x32xf32, #mma_c>
      %11 = nv_tileas.dot %8, %9, %10 {atom = #nv_tileas<atom wgmma_f32_f32_f32>} : (tensor<32x32xf32, #mma_a>, tensor<32x32xf32, #mma_b>, tensor<32x32xf32, #mma_c>) -> tensor<32x32xf32, #mma_c>
      %12 = nv_tileas.convert_layout %11 : (tensor<32x32xf32, #mma_c>) -> tensor<32x32xf32, #reg>
      scf.yield %12, %keep : tensor<32x32xf32, #reg>, tensor<32x32xf32, #reg>
    }
    %7 = nv_tileas.tiled_store %6#0, %5, %blockId_x, %blockId_y {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<32x32xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[32, 32], !nv_tileaa.memref<128x128xf32, strides=[128, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
