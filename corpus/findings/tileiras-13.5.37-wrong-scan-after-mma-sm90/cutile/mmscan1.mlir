// cuTile Python's export of mmscan1.py (mmscan1.tileirbc) as text: a scan
// dim=1 (minf, identity +inf) of a 16x64 f32 mmaf result, stored, as in
// ../scan-after-mma.mlir. Not run on a GPU yet. The launch below has the
// buffers of scan-after-mma.mlir, plus the shape and stride scalars of
// cuTile's calling convention.
// tilecheck: entry=@mmscan1_Kt1_A2f16_3l0_A2f16_3l0_A2f32_3l0 grid=1,1,1
// tilecheck: arg0 = buffer f16[16x32] in
// tilecheck: arg1 = scalar i32 16
// tilecheck: arg2 = scalar i32 32
// tilecheck: arg3 = scalar i32 32
// tilecheck: arg4 = scalar i32 1
// tilecheck: arg5 = buffer f16[32x64] in
// tilecheck: arg6 = scalar i32 32
// tilecheck: arg7 = scalar i32 64
// tilecheck: arg8 = scalar i32 64
// tilecheck: arg9 = scalar i32 1
// tilecheck: arg10 = buffer f32[16x64] out
// tilecheck: arg11 = scalar i32 16
// tilecheck: arg12 = scalar i32 64
// tilecheck: arg13 = scalar i32 64
// tilecheck: arg14 = scalar i32 1
cuda_tile.module @kernels {
  entry @mmscan1_Kt1_A2f16_3l0_A2f16_3l0_A2f32_3l0(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume bounded<0, ?>, %arg1 : tile<i32>
    %2 = assume bounded<0, ?>, %arg2 : tile<i32>
    %3 = assume bounded<0, ?>, %arg3 : tile<i32>
    %4 = assume bounded<0, ?>, %arg4 : tile<i32>
    %5 = make_tensor_view %arg0, shape = [%1, %2], strides = [%3, %4] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
    %6 = assume bounded<0, ?>, %arg6 : tile<i32>
    %7 = assume bounded<0, ?>, %arg7 : tile<i32>
    %8 = assume bounded<0, ?>, %arg8 : tile<i32>
    %9 = assume bounded<0, ?>, %arg9 : tile<i32>
    %10 = make_tensor_view %arg5, shape = [%6, %7], strides = [%8, %9] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
    %11 = assume bounded<0, ?>, %arg11 : tile<i32>
    %12 = assume bounded<0, ?>, %arg12 : tile<i32>
    %13 = assume bounded<0, ?>, %arg13 : tile<i32>
    %14 = assume bounded<0, ?>, %arg14 : tile<i32>
    %15 = make_tensor_view %arg10, shape = [%11, %12], strides = [%13, %14] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %16 = constant <i32: 0> : tile<i32>
    %17 = constant <i32: 0> : tile<i32>
    %18 = make_partition_view %5 : partition_view<tile=(16x32), tensor_view<?x?xf16, strides=[?,?]>>
    %tile, %result_token = load_view_tko weak %18[%16, %17] token = %0 : partition_view<tile=(16x32), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<16x32xf16>, token
    %19 = constant <i32: 0> : tile<i32>
    %20 = constant <i32: 0> : tile<i32>
    %21 = make_partition_view %10 : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,?]>>
    %tile_0, %result_token_1 = load_view_tko weak %21[%19, %20] token = %0 : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<32x64xf16>, token
    %22 = constant <f32: 0.000000e+00> : tile<16x64xf32>
    %23 = mmaf %tile, %tile_0, %22 : tile<16x32xf16>, tile<32x64xf16>, tile<16x64xf32>
    %24 = constant <i32: 0> : tile<i32>
    %25 = constant <i32: 0> : tile<i32>
    %26 = scan %23 dim=1 reverse=false identities=[0x7F800000 : f32] : tile<16x64xf32> -> tile<16x64xf32> 
    (%arg15: tile<f32>, %arg16: tile<f32>) {
      %29 = minf %arg15, %arg16 : tile<f32>
      yield %29 : tile<f32>
    }
    %27 = make_partition_view %15 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>>
    %28 = store_view_tko weak %26, %27[%24, %25] token = %0 : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
  }
}

