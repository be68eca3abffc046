// tilecheck: entry=@kernel grid=1,1,1
// tilecheck: arg0 = buffer f16[256x32] in
// tilecheck: arg1 = buffer f16[32x64] in
// tilecheck: arg2 = buffer f32[256x64] out
// tilecheck: arg3 = buffer f32[256x64] out
cuda_tile.module @m {
  entry @kernel(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %d: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %tok = make_token : token
    %ta = make_tensor_view %a, shape = [256, 32], strides = [32, 1] : tensor_view<256x32xf16, strides=[32,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x16), tensor_view<256x32xf16, strides=[32,1]>>
    %tb = make_tensor_view %b, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf16, strides=[64,1]>
    %pb = make_partition_view %tb : partition_view<tile=(16x64), tensor_view<32x64xf16, strides=[64,1]>>
    %la, %t1 = load_view_tko weak %pa[%zero, %zero] : partition_view<tile=(128x16), tensor_view<256x32xf16, strides=[32,1]>>, tile<i32> -> tile<128x16xf16>, token
    %lb, %t2 = load_view_tko weak %pb[%zero, %zero] : partition_view<tile=(16x64), tensor_view<32x64xf16, strides=[64,1]>>, tile<i32> -> tile<16x64xf16>, token
    %acc = constant <f32: 0.0> : tile<2x64x64xf32>
    %a3 = reshape %la : tile<128x16xf16> -> tile<2x64x16xf16>
    %b1 = reshape %lb : tile<16x64xf16> -> tile<1x16x64xf16>
    %b3 = broadcast %b1 : tile<1x16x64xf16> -> tile<2x16x64xf16>
    %mma = mmaf %a3, %b3, %acc : tile<2x64x16xf16>, tile<2x16x64xf16>, tile<2x64x64xf32>
    %r1 = reshape %mma : tile<2x64x64xf32> -> tile<128x64xf32>
    %r2 = reshape %mma : tile<2x64x64xf32> -> tile<128x64xf32>
    %c16 = assume div_by<16>, %c : tile<ptr<f32>>
    %tc = make_tensor_view %c16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<256x64xf32, strides=[64,1]>>
    %s0 = store_view_tko weak %r1, %pc[%zero, %zero] token = %tok : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<256x64xf32, strides=[64,1]>>, tile<i32> -> token
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %td = make_tensor_view %d16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf32, strides=[64,1]>
    %pd = make_partition_view %td : partition_view<tile=(128x64), tensor_view<256x64xf32, strides=[64,1]>>
    %s1 = store_view_tko weak %r2, %pd[%zero, %zero] token = %s0 : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<256x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
