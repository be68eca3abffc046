// cuTile Python's export of mm2.py (mm2.tileirbc) as text, with the launch
// the H200 run used: two ct.store of one ct.mma result, C and D aligned and
// in one alias group.
// tilecheck: entry=@mm2_Kt1_A2f64_1t64_2t1_3i16_p16_A2f64_1t64_2t1_3i16_p16_A2f64_1t64_2t1_3i16_p16g0_A2f64_1t64_2t1_3i16_p16g0_I128_I64_I16 grid=1,1,1
// tilecheck: arg0 = buffer f64[128x64] in
// tilecheck: arg1 = scalar i32 128
// tilecheck: arg2 = scalar i32 64
// tilecheck: arg3 = scalar i32 64
// tilecheck: arg4 = scalar i32 1
// tilecheck: arg5 = buffer f64[16x64] in
// tilecheck: arg6 = scalar i32 16
// tilecheck: arg7 = scalar i32 64
// tilecheck: arg8 = scalar i32 64
// tilecheck: arg9 = scalar i32 1
// tilecheck: arg10 = buffer f64[128x64] out
// tilecheck: arg11 = scalar i32 128
// tilecheck: arg12 = scalar i32 64
// tilecheck: arg13 = scalar i32 64
// tilecheck: arg14 = scalar i32 1
// tilecheck: arg15 = buffer f64[128x64] out
// tilecheck: arg16 = scalar i32 128
// tilecheck: arg17 = scalar i32 64
// tilecheck: arg18 = scalar i32 64
// tilecheck: arg19 = scalar i32 1
cuda_tile.module @kernels {
  entry @mm2_Kt1_A2f64_1t64_2t1_3i16_p16_A2f64_1t64_2t1_3i16_p16_A2f64_1t64_2t1_3i16_p16g0_A2f64_1t64_2t1_3i16_p16g0_I128_I64_I16(%arg0: tile<ptr<f64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f64>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f64>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f64>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume div_by<16>, %arg0 : tile<ptr<f64>>
    %2 = assume div_by<16>, %arg1 : tile<i32>
    %3 = assume div_by<16>, %arg2 : tile<i32>
    %4 = assume div_by<16>, %arg5 : tile<ptr<f64>>
    %5 = assume div_by<16>, %arg6 : tile<i32>
    %6 = assume div_by<16>, %arg7 : tile<i32>
    %7 = assume div_by<16>, %arg10 : tile<ptr<f64>>
    %8 = assume div_by<16>, %arg11 : tile<i32>
    %9 = assume div_by<16>, %arg12 : tile<i32>
    %10 = assume div_by<16>, %arg15 : tile<ptr<f64>>
    %11 = assume div_by<16>, %arg16 : tile<i32>
    %12 = assume div_by<16>, %arg17 : tile<i32>
    %13 = constant <i32: 64> : tile<i32>
    %14 = constant <i32: 1> : tile<i32>
    %15 = constant <i32: 64> : tile<i32>
    %16 = constant <i32: 1> : tile<i32>
    %17 = constant <i32: 64> : tile<i32>
    %18 = constant <i32: 1> : tile<i32>
    %19 = constant <i32: 64> : tile<i32>
    %20 = constant <i32: 1> : tile<i32>
    %21 = assume bounded<0, ?>, %2 : tile<i32>
    %22 = assume div_by<16>, %21 : tile<i32>
    %23 = assume bounded<0, ?>, %3 : tile<i32>
    %24 = assume div_by<16>, %23 : tile<i32>
    %25 = make_tensor_view %1, shape = [%22, %24], strides = [64, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[64,1]>
    %26 = assume bounded<0, ?>, %5 : tile<i32>
    %27 = assume div_by<16>, %26 : tile<i32>
    %28 = assume bounded<0, ?>, %6 : tile<i32>
    %29 = assume div_by<16>, %28 : tile<i32>
    %30 = make_tensor_view %4, shape = [%27, %29], strides = [64, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[64,1]>
    %31 = assume bounded<0, ?>, %8 : tile<i32>
    %32 = assume div_by<16>, %31 : tile<i32>
    %33 = assume bounded<0, ?>, %9 : tile<i32>
    %34 = assume div_by<16>, %33 : tile<i32>
    %35 = make_tensor_view %7, shape = [%32, %34], strides = [64, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[64,1]>
    %36 = assume bounded<0, ?>, %11 : tile<i32>
    %37 = assume div_by<16>, %36 : tile<i32>
    %38 = assume bounded<0, ?>, %12 : tile<i32>
    %39 = assume div_by<16>, %38 : tile<i32>
    %40 = make_tensor_view %10, shape = [%37, %39], strides = [64, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[64,1]>
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %blockId_x_0, %blockId_y_1, %blockId_z_2 = get_tile_block_id : tile<i32>
    %41 = constant <f64: 0.000000e+00> : tile<128x64xf64>
    %42 = constant <i32: 0> : tile<i32>
    %43 = make_partition_view %25 : partition_view<tile=(128x16), tensor_view<?x?xf64, strides=[64,1]>>
    %tile, %result_token = load_view_tko weak %43[%blockId_x, %42] token = %0 : partition_view<tile=(128x16), tensor_view<?x?xf64, strides=[64,1]>>, tile<i32> -> tile<128x16xf64>, token
    %44 = constant <i32: 0> : tile<i32>
    %45 = make_partition_view %30 : partition_view<tile=(16x64), tensor_view<?x?xf64, strides=[64,1]>>
    %tile_3, %result_token_4 = load_view_tko weak %45[%44, %blockId_y_1] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf64, strides=[64,1]>>, tile<i32> -> tile<16x64xf64>, token
    %46 = mmaf %tile, %tile_3, %41 : tile<128x16xf64>, tile<16x64xf64>, tile<128x64xf64>
    %47 = make_partition_view %35 : partition_view<tile=(128x64), tensor_view<?x?xf64, strides=[64,1]>>
    %48 = store_view_tko weak %46, %47[%blockId_x, %blockId_y_1] token = %0 : tile<128x64xf64>, partition_view<tile=(128x64), tensor_view<?x?xf64, strides=[64,1]>>, tile<i32> -> token
    %49 = make_partition_view %40 : partition_view<tile=(128x64), tensor_view<?x?xf64, strides=[64,1]>>
    %50 = store_view_tko weak %46, %49[%blockId_x, %blockId_y_1] token = %48 : tile<128x64xf64>, partition_view<tile=(128x64), tensor_view<?x?xf64, strides=[64,1]>>, tile<i32> -> token
  }
}

