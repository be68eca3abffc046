// cuTile Python's export of tf32mma.py (tf32mma.tileirbc) as text: a for
// loop loads an 8x32 tile of a tf32 array (base divisible by 16, static
// shape (8, 32) and strides (64, 1)) and feeds it to mmaf. tileiras
// 13.5.37 aborts on it at -O0..-O3 for sm_80.
// The launch below: B (8 x 64 tf32: rows 64 apart), C (32x32 f32), with
// the shape and stride scalars of cuTile's calling convention.
// tilecheck: entry=@tf32mma_Kt2_A2tf32_1s8t64_2s32t1_p16_A2f32_3l0_p16 grid=1,1,1
// tilecheck: arg0 = buffer tf32[8x64] in
// tilecheck: arg1 = scalar i32 8
// tilecheck: arg2 = scalar i32 32
// tilecheck: arg3 = scalar i32 64
// tilecheck: arg4 = scalar i32 1
// tilecheck: arg5 = buffer f32[32x32] out
// tilecheck: arg6 = scalar i32 32
// tilecheck: arg7 = scalar i32 32
// tilecheck: arg8 = scalar i32 32
// tilecheck: arg9 = scalar i32 1
cuda_tile.module @kernels {
  entry @tf32mma_Kt2_A2tf32_1s8t64_2s32t1_p16_A2f32_3l0_p16(%arg0: tile<ptr<tf32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume div_by<16>, %arg0 : tile<ptr<tf32>>
    %2 = assume div_by<16>, %arg5 : tile<ptr<f32>>
    %3 = constant <i32: 8> : tile<i32>
    %4 = constant <i32: 32> : tile<i32>
    %5 = constant <i32: 64> : tile<i32>
    %6 = constant <i32: 1> : tile<i32>
    %7 = make_tensor_view %1, shape = [8, 32], strides = [64, 1] : tensor_view<8x32xtf32, strides=[64,1]>
    %8 = assume bounded<0, ?>, %arg6 : tile<i32>
    %9 = assume bounded<0, ?>, %arg7 : tile<i32>
    %10 = assume bounded<0, ?>, %arg8 : tile<i32>
    %11 = assume bounded<0, ?>, %arg9 : tile<i32>
    %12 = make_tensor_view %2, shape = [%8, %9], strides = [%10, %11] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %13 = constant <f32: 0.000000e+00> : tile<32x32xf32>
    %14 = constant <tf32: 0.000000e+00> : tile<32x8xtf32>
    %15 = constant <i32: 32> : tile<i32>
    %16 = divi %8, %15 signed rounding<negative_inf> : tile<i32>
    %17 = constant <i32: 0> : tile<i32>
    %18 = constant <i32: 1> : tile<i32>
    %19 = constant <i32: 0> : tile<i32>
    %20 = make_partition_view %7 : partition_view<tile=(8x32), tensor_view<8x32xtf32, strides=[64,1]>>
    %21 = for %arg10 in (%17 to %16, step %18) : tile<i32> iter_values(%arg11 = %13) -> (tile<32x32xf32>) {
      %tile, %result_token = load_view_tko weak %20[%arg10, %19] token = %0 : partition_view<tile=(8x32), tensor_view<8x32xtf32, strides=[64,1]>>, tile<i32> -> tile<8x32xtf32>, token
      %26 = mmaf %14, %tile, %arg11 : tile<32x8xtf32>, tile<8x32xtf32>, tile<32x32xf32>
      continue %26 : tile<32x32xf32>
    }
    %22 = constant <i32: 0> : tile<i32>
    %23 = constant <i32: 0> : tile<i32>
    %24 = make_partition_view %12 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,?]>>
    %25 = store_view_tko weak %21, %24[%22, %23] token = %0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
  }
}

