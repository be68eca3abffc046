// cuTile Python's export of scanreshape.py (scanreshape.tileirbc) as text:
// a scan (addi) of a loaded tile<8xi32>, reshaped to 2x4, stored. tileiras
// 13.5.37 rejects it at -O0..-O3 ("failed to compile Tile IR program").
// The launch below: X (8 x i32) and Y (2x4 i32), with the shape and stride
// scalars of cuTile's calling convention.
// tilecheck: entry=@scanreshape_Kt1_A1i32_1l0_A2i32_3l0 grid=1,1,1
// tilecheck: arg0 = buffer i32[8] in
// tilecheck: arg1 = scalar i32 8
// tilecheck: arg2 = scalar i32 1
// tilecheck: arg3 = buffer i32[2x4] out
// tilecheck: arg4 = scalar i32 2
// tilecheck: arg5 = scalar i32 4
// tilecheck: arg6 = scalar i32 4
// tilecheck: arg7 = scalar i32 1
cuda_tile.module @kernels {
  entry @scanreshape_Kt1_A1i32_1l0_A2i32_3l0(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume bounded<0, ?>, %arg1 : tile<i32>
    %2 = assume bounded<0, ?>, %arg2 : tile<i32>
    %3 = make_tensor_view %arg0, shape = [%1], strides = [%2] : tile<i32> -> tensor_view<?xi32, strides=[?]>
    %4 = assume bounded<0, ?>, %arg4 : tile<i32>
    %5 = assume bounded<0, ?>, %arg5 : tile<i32>
    %6 = assume bounded<0, ?>, %arg6 : tile<i32>
    %7 = assume bounded<0, ?>, %arg7 : tile<i32>
    %8 = make_tensor_view %arg3, shape = [%4, %5], strides = [%6, %7] : tile<i32> -> tensor_view<?x?xi32, strides=[?,?]>
    %9 = constant <i32: 0> : tile<i32>
    %10 = make_partition_view %3 : partition_view<tile=(8), tensor_view<?xi32, strides=[?]>>
    %tile, %result_token = load_view_tko weak %10[%9] token = %0 : partition_view<tile=(8), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<8xi32>, token
    %11 = scan %tile dim=0 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32> 
    (%arg8: tile<i32>, %arg9: tile<i32>) {
      %17 = addi %arg8, %arg9 : tile<i32>
      yield %17 : tile<i32>
    }
    %12 = constant <i32: 0> : tile<i32>
    %13 = constant <i32: 0> : tile<i32>
    %14 = reshape %11 : tile<8xi32> -> tile<2x4xi32>
    %15 = make_partition_view %8 : partition_view<tile=(2x4), tensor_view<?x?xi32, strides=[?,?]>>
    %16 = store_view_tko weak %14, %15[%12, %13] token = %0 : tile<2x4xi32>, partition_view<tile=(2x4), tensor_view<?x?xi32, strides=[?,?]>>, tile<i32> -> token
  }
}

