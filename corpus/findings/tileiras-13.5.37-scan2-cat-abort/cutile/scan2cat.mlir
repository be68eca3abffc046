// cuTile Python's export of scan2cat.py (scan2cat.tileirbc) as text: a
// two-result scan (signed max, add), reshape, cat with itself, reshape,
// stored. tileiras 13.5.37 aborts on it at -O0..-O3 (SIGABRT).
// The launch below: X (16x4 i64) and Y (2x64 i64), with the shape and
// stride scalars of cuTile's calling convention.
// tilecheck: entry=@scan2cat_Kt1_A2i64_3l0_A2i64_3l0 grid=1,1,1
// tilecheck: arg0 = buffer i64[16x4] in
// tilecheck: arg1 = scalar i32 16
// tilecheck: arg2 = scalar i32 4
// tilecheck: arg3 = scalar i32 4
// tilecheck: arg4 = scalar i32 1
// tilecheck: arg5 = buffer i64[2x64] out
// tilecheck: arg6 = scalar i32 2
// tilecheck: arg7 = scalar i32 64
// tilecheck: arg8 = scalar i32 64
// tilecheck: arg9 = scalar i32 1
cuda_tile.module @kernels {
  entry @scan2cat_Kt1_A2i64_3l0_A2i64_3l0(%arg0: tile<ptr<i64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i64>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume bounded<0, ?>, %arg1 : tile<i32>
    %2 = assume bounded<0, ?>, %arg2 : tile<i32>
    %3 = assume bounded<0, ?>, %arg3 : tile<i32>
    %4 = assume bounded<0, ?>, %arg4 : tile<i32>
    %5 = make_tensor_view %arg0, shape = [%1, %2], strides = [%3, %4] : tile<i32> -> tensor_view<?x?xi64, strides=[?,?]>
    %6 = assume bounded<0, ?>, %arg6 : tile<i32>
    %7 = assume bounded<0, ?>, %arg7 : tile<i32>
    %8 = assume bounded<0, ?>, %arg8 : tile<i32>
    %9 = assume bounded<0, ?>, %arg9 : tile<i32>
    %10 = make_tensor_view %arg5, shape = [%6, %7], strides = [%8, %9] : tile<i32> -> tensor_view<?x?xi64, strides=[?,?]>
    %11 = constant <i32: 0> : tile<i32>
    %12 = constant <i32: 0> : tile<i32>
    %13 = make_partition_view %5 : partition_view<tile=(16x4), tensor_view<?x?xi64, strides=[?,?]>>
    %tile, %result_token = load_view_tko weak %13[%11, %12] token = %0 : partition_view<tile=(16x4), tensor_view<?x?xi64, strides=[?,?]>>, tile<i32> -> tile<16x4xi64>, token
    %14:2 = scan %tile, %tile dim=0 reverse=false identities=[-9223372036854775808, 0] : tile<16x4xi64>, tile<16x4xi64> -> tile<16x4xi64>, tile<16x4xi64> 
    (%arg10: tile<i64>, %arg11: tile<i64>, %arg12: tile<i64>, %arg13: tile<i64>) {
      %22 = maxi %arg10, %arg11 signed : tile<i64>
      %23 = addi %arg12, %arg13 : tile<i64>
      yield %22, %23 : tile<i64>, tile<i64>
    }
    %15 = reshape %14#0 : tile<16x4xi64> -> tile<1x2x32xi64>
    %16 = constant <i32: 0> : tile<i32>
    %17 = constant <i32: 0> : tile<i32>
    %18 = cat %15, %15 dim = 2 : tile<1x2x32xi64>, tile<1x2x32xi64> -> tile<1x2x64xi64>
    %19 = reshape %18 : tile<1x2x64xi64> -> tile<2x64xi64>
    %20 = make_partition_view %10 : partition_view<tile=(2x64), tensor_view<?x?xi64, strides=[?,?]>>
    %21 = store_view_tko weak %19, %20[%16, %17] token = %0 : tile<2x64xi64>, partition_view<tile=(2x64), tensor_view<?x?xi64, strides=[?,?]>>, tile<i32> -> token
  }
}

