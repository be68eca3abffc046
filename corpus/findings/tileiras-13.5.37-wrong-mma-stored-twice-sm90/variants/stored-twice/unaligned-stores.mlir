// tilecheck: entry=@kernel grid=1,1,1
// tilecheck: arg0 = buffer f64[256x32] in
// tilecheck: arg1 = buffer f64[32x64] in
// tilecheck: arg2 = buffer f64[256x64] out
// tilecheck: arg3 = buffer f64[256x64] out
cuda_tile.module @m {
  entry @kernel(%a: tile<ptr<f64>>, %b: tile<ptr<f64>>, %c: tile<ptr<f64>>, %d: tile<ptr<f64>>) {
    %zero = constant <i32: 0> : tile<i32>
    %tok = make_token : token
    %ta = make_tensor_view %a, shape = [256, 32], strides = [32, 1] : tensor_view<256x32xf64, strides=[32,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x16), tensor_view<256x32xf64, strides=[32,1]>>
    %tb = make_tensor_view %b, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf64, strides=[64,1]>
    %pb = make_partition_view %tb : partition_view<tile=(16x64), tensor_view<32x64xf64, strides=[64,1]>>
    %la, %t1 = load_view_tko weak %pa[%zero, %zero] : partition_view<tile=(128x16), tensor_view<256x32xf64, strides=[32,1]>>, tile<i32> -> tile<128x16xf64>, token
    %lb, %t2 = load_view_tko weak %pb[%zero, %zero] : partition_view<tile=(16x64), tensor_view<32x64xf64, strides=[64,1]>>, tile<i32> -> tile<16x64xf64>, token
    %acc = constant <f64: 0.0> : tile<2x64x64xf64>
    %a3 = reshape %la : tile<128x16xf64> -> tile<2x64x16xf64>
    %b1 = reshape %lb : tile<16x64xf64> -> tile<1x16x64xf64>
    %b3 = broadcast %b1 : tile<1x16x64xf64> -> tile<2x16x64xf64>
    %mma = mmaf %a3, %b3, %acc : tile<2x64x16xf64>, tile<2x16x64xf64>, tile<2x64x64xf64>
    %r1 = reshape %mma : tile<2x64x64xf64> -> tile<128x64xf64>
    %r2 = reshape %mma : tile<2x64x64xf64> -> tile<128x64xf64>
    %tc = make_tensor_view %c, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf64, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>
    %s0 = store_view_tko weak %r1, %pc[%zero, %zero] token = %tok : tile<128x64xf64>, partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>, tile<i32> -> token
    %td = make_tensor_view %d, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf64, strides=[64,1]>
    %pd = make_partition_view %td : partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>
    %s1 = store_view_tko weak %r2, %pd[%zero, %zero] token = %s0 : tile<128x64xf64>, partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
