// tileiras 13.5.37 at -O0..-O3 on sm_90 (run on an H200): a min-scan along
// dimension 1 of a 16x64 f32 mmaf result returns values that are no scan
// of anything (not monotone); the same scan of a loaded tile, and the mmaf
// result stored without the scan, are right.
// tilecheck: entry=@k grid=1,1,1
// tilecheck: arg0 = buffer f16[16x32] in
// tilecheck: arg1 = buffer f16[32x64] in
// tilecheck: arg2 = buffer f32[16x64] inout
cuda_tile.module @m {
  entry @k(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ta = make_tensor_view %pa, shape = [16, 32], strides = [32, 1] : tensor_view<16x32xf16, strides=[32,1]>
    %tb = make_tensor_view %pb, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf16, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(16x32), tensor_view<16x32xf16, strides=[32,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>
    %a, %t0 = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(16x32), tensor_view<16x32xf16, strides=[32,1]>>, tile<i32> -> tile<16x32xf16>, token
    %b, %t1 = load_view_tko weak %vb[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
    %z = constant <f32: 0.0> : tile<16x64xf32>
    %m = mmaf %a, %b, %z : tile<16x32xf16>, tile<32x64xf16>, tile<16x64xf32>
    %l, %t3 = load_view_tko weak %vc[%c0, %c0] : partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x64xf32>, token
    %s = scan %l dim=1 reverse=false identities=[0x7F800000 : f32] : tile<16x64xf32> -> tile<16x64xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %r = minf %e, %acc : tile<f32>
      yield %r : tile<f32>
    }
    %t2 = store_view_tko weak %s, %vc[%c0, %c0] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
