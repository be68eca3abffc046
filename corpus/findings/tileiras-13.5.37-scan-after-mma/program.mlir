// tileiras 13.5.37 rejects this valid program at -O0..-O3 with only
// "error: failed to compile Tile IR program" (exit 5): an inclusive scan
// (addf) along dimension 0 of an mmaf result. Along dimension 1, or of a
// tile that does not come from mmaf, it compiles. See README.md.
// tilecheck: entry=@kernel grid=1,1,1
// tilecheck: arg0 = buffer f32[32x16] out
cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<f32>>) {
    %a = constant <f16: 0.000000e+00> : tile<32x16xf16>
    %b = constant <f16: 0.000000e+00> : tile<16x16xf16>
    %c = constant <f32: 0.000000e+00> : tile<32x16xf32>
    %2 = mmaf %a, %b, %c : tile<32x16xf16>, tile<16x16xf16>, tile<32x16xf32>
    %3 = scan %2 dim=0 reverse=false identities=[0.0 : f32] : tile<32x16xf32> -> tile<32x16xf32>
    (%x: tile<f32>, %y: tile<f32>) {
      %s = addf %x, %y : tile<f32>
      yield %s : tile<f32>
    }
    %4 = make_tensor_view %arg0, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xf32, strides=[16,1]>
    %5 = make_partition_view %4 : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %6 = store_view_tko weak %3, %5[%c0, %c0] : tile<32x16xf32>, partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
