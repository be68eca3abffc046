// Hand-scheduled loops for tileas-materialize-schedule (the schedules are
// written as tileas-generate-schedule writes them, and pass its checker):
// @aliasing stores, in stage 1, into the buffer its stage 0 load reads;
// @nested has a two-stage inner loop inside a one-stage outer loop; @rows
// is that inner loop alone, at the top level (4 iterations, 2 slots);
// @twice runs it twice, one loop after the other; @huge_step is an i64
// loop of one iteration whose step is INT64_MAX.
#reg = #nv_tileas<layout reg>
module attributes {nv_tileaa.compute_capability = 100 : i32} {
  nv_tileaa.func @aliasing(%arg0: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    scf.for %arg1 = %c0_i32 to %c3_i32 step %c1_i32  : i32 {
      %tile, %result_token = nv_tileas.tiled_load %1, %arg1, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.cycle = 4 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.stage = 0 : i32} : (!nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      %2 = arith.addf %tile, %tile {tileas.schedule.cycle = 504 : i32, tileas.schedule.order = 2 : i32, tileas.schedule.stage = 0 : i32} : tensor<1x8xf32, #reg>
      %3 = arith.addi %arg1, %c1_i32 {tileas.schedule.cycle = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32} : i32
      %4 = nv_tileas.tiled_store %2, %1, %3, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.schedule.cycle = 520 : i32, tileas.schedule.order = 3 : i32, tileas.schedule.stage = 1 : i32} : (tensor<1x8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    } {tileas.schedule.generator = "cost", tileas.schedule.ii = 520 : i32, tileas.schedule.mii = 520 : i32}
    nv_tileaa.return
  }
  nv_tileaa.func @nested(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<1x8xf32, #reg>
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %2 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>
    %3 = nv_tileas.view %2 : (!nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %4 = scf.for %arg2 = %c0_i32 to %c2_i32 step %c1_i32 iter_args(%arg3 = %cst) -> (tensor<1x8xf32, #reg>)  : i32 {
      %6 = scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg5 = %arg3) -> (tensor<1x8xf32, #reg>)  : i32 {
        %tile, %result_token = nv_tileas.tiled_load %1, %arg4, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.cycle = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32} : (!nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
        %7 = arith.addf %arg5, %tile {tileas.schedule.cycle = 500 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.stage = 1 : i32} : tensor<1x8xf32, #reg>
        scf.yield %7 : tensor<1x8xf32, #reg>
      } {tileas.schedule.generator = "cost", tileas.schedule.ii = 500 : i32, tileas.schedule.mii = 500 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32}
      scf.yield %6 : tensor<1x8xf32, #reg>
    } {tileas.schedule.generator = "serial"}
    %5 = nv_tileas.tiled_store %4, %3, %c0_i32, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<1x8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }

  nv_tileaa.func @rows(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<1x8xf32, #reg>
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %2 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>
    %3 = nv_tileas.view %2 : (!nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %4 = scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<1x8xf32, #reg>)  : i32 {
      %tile, %result_token = nv_tileas.tiled_load %1, %arg4, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.cycle = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32} : (!nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      %7 = arith.addf %arg5, %tile {tileas.schedule.cycle = 500 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.stage = 1 : i32} : tensor<1x8xf32, #reg>
      scf.yield %7 : tensor<1x8xf32, #reg>
    } {tileas.schedule.generator = "cost", tileas.schedule.ii = 500 : i32, tileas.schedule.mii = 500 : i32}
    %5 = nv_tileas.tiled_store %4, %3, %c0_i32, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<1x8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }

  nv_tileaa.func @twice(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<1x8xf32, #reg>
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %2 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>
    %3 = nv_tileas.view %2 : (!nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %4 = scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<1x8xf32, #reg>)  : i32 {
      %tile, %result_token = nv_tileas.tiled_load %1, %arg4, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.cycle = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32} : (!nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      %7 = arith.addf %arg5, %tile {tileas.schedule.cycle = 500 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.stage = 1 : i32} : tensor<1x8xf32, #reg>
      scf.yield %7 : tensor<1x8xf32, #reg>
    } {tileas.schedule.generator = "cost", tileas.schedule.ii = 500 : i32, tileas.schedule.mii = 500 : i32}
    %5 = nv_tileas.tiled_store %4, %3, %c0_i32, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<1x8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    %14 = scf.for %arg4 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<1x8xf32, #reg>)  : i32 {
      %tile, %result_token = nv_tileas.tiled_load %1, %arg4, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.cycle = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32} : (!nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      %17 = arith.addf %arg5, %tile {tileas.schedule.cycle = 500 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.stage = 1 : i32} : tensor<1x8xf32, #reg>
      scf.yield %17 : tensor<1x8xf32, #reg>
    } {tileas.schedule.generator = "cost", tileas.schedule.ii = 500 : i32, tileas.schedule.mii = 500 : i32}
    %15 = nv_tileas.tiled_store %14, %3, %c0_i32, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<1x8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }

  nv_tileaa.func @huge_step(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c0_i64 = arith.constant 0 : i64
    %c10_i64 = arith.constant 10 : i64
    %cmax_i64 = arith.constant 9223372036854775807 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<1x8xf32, #reg>
    %0 = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>
    %1 = nv_tileas.view %0 : (!nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %2 = nv_tileas.make_memref %arg1 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>
    %3 = nv_tileas.view %2 : (!nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %4 = scf.for %arg4 = %c0_i64 to %c10_i64 step %cmax_i64 iter_args(%arg5 = %cst) -> (tensor<1x8xf32, #reg>)  : i64 {
      %row = arith.trunci %arg4 {tileas.schedule.cycle = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32} : i64 to i32
      %tile, %result_token = nv_tileas.tiled_load %1, %row, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.cycle = 4 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.stage = 0 : i32} : (!nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      %7 = arith.addf %arg5, %tile {tileas.schedule.cycle = 504 : i32, tileas.schedule.order = 2 : i32, tileas.schedule.stage = 1 : i32} : tensor<1x8xf32, #reg>
      scf.yield %7 : tensor<1x8xf32, #reg>
    } {tileas.schedule.generator = "cost", tileas.schedule.ii = 500 : i32, tileas.schedule.mii = 500 : i32}
    %5 = nv_tileas.tiled_store %4, %3, %c0_i32, %c0_i32 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (tensor<1x8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<1x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
