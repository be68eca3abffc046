// NVIDIA tileiras (pip nvidia-cuda-tileiras, --gpu-name sm_100) aborts
// (SIGABRT, exit 134, no message) on this valid program: a two-result scan
// (signed max, add), a reshape, a cat of the result with itself and a reshape
// to 2x64. Our interpreter and tilec at O0-O3 agree on it. Reduced with
// tile-reduce --test from generated program ints/7058 (the combiner was put
// back to a valid max/add pair by hand; the abort stayed); see
// README.md beside this file for the reproducing commands.
// tilecheck: entry=@kernel grid=1,1,1
// tilecheck: arg0 = buffer i64[2x64] out
cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<i64>>) {
    %0 = constant <i32: 0> : tile<i32>
    %1 = constant <i64: 0> : tile<16x4xi64>
    %2:2 = scan %1, %1 dim=0 reverse=false identities=[-9223372036854775808, 0] : tile<16x4xi64>, tile<16x4xi64> -> tile<16x4xi64>, tile<16x4xi64> 
    (%arg1: tile<i64>, %arg2: tile<i64>, %arg3: tile<i64>, %arg4: tile<i64>) {
      %m = maxi %arg1, %arg2 signed : tile<i64>
      %s = addi %arg3, %arg4 : tile<i64>
      yield %m, %s : tile<i64>, tile<i64>
    }
    %3 = reshape %2#0 : tile<16x4xi64> -> tile<1x2x32xi64>
    %4 = cat %3, %3 dim = 2 : tile<1x2x32xi64>, tile<1x2x32xi64> -> tile<1x2x64xi64>
    %5 = reshape %4 : tile<1x2x64xi64> -> tile<2x64xi64>
    %6 = make_tensor_view %arg0, shape = [2, 64], strides = [64, 1] : tensor_view<2x64xi64, strides=[64,1]>
    %7 = make_partition_view %6 : partition_view<tile=(2x64), tensor_view<2x64xi64, strides=[64,1]>>
    %8 = store_view_tko weak %5, %7[%0, %0] : tile<2x64xi64>, partition_view<tile=(2x64), tensor_view<2x64xi64, strides=[64,1]>>, tile<i32> -> token
  }
}
