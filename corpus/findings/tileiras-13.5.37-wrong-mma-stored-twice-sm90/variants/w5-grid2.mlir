// w5: as seed 21000426's batched f64 mmaf: grid 2x1, tile rows by block,
// aligned pointers, relaxed sys accumulator load from a wider tensor.
// tilecheck: entry=@k grid=2,1,1
// tilecheck: arg0 = buffer f64[256x32] in
// tilecheck: arg1 = buffer f64[32x64] in
// tilecheck: arg2 = buffer f64[256x128] in
// tilecheck: arg3 = buffer f64[256x64] out
cuda_tile.module @m {
  entry @k(%pa0: tile<ptr<f64>>, %pb: tile<ptr<f64>>, %pi0: tile<ptr<f64>>, %pc0: tile<ptr<f64>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %pa = assume div_by<16>, %pa0 : tile<ptr<f64>>
    %pi = assume div_by<16>, %pi0 : tile<ptr<f64>>
    %pc = assume div_by<16>, %pc0 : tile<ptr<f64>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 2> : tile<i32>
    %ta = make_tensor_view %pa, shape = [256, 32], strides = [32, 1] : tensor_view<256x32xf64, strides=[32,1]>
    %tb = make_tensor_view %pb, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf64, strides=[64,1]>
    %ti = make_tensor_view %pi, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf64, strides=[128,1]>
    %tc = make_tensor_view %pc, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf64, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(128x16), tensor_view<256x32xf64, strides=[32,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(16x64), tensor_view<32x64xf64, strides=[64,1]>>
    %vi = make_partition_view %ti : partition_view<tile=(128x64), tensor_view<256x128xf64, strides=[128,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>
    %i0, %t9 = load_view_tko relaxed sys %vi[%bx, %c0] : partition_view<tile=(128x64), tensor_view<256x128xf64, strides=[128,1]>>, tile<i32> -> tile<128x64xf64>, token
    %init = reshape %i0 : tile<128x64xf64> -> tile<2x64x64xf64>
    %r = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%s = %init) -> (tile<2x64x64xf64>) {
      %a, %t0 = load_view_tko weak %va[%bx, %k] : partition_view<tile=(128x16), tensor_view<256x32xf64, strides=[32,1]>>, tile<i32> -> tile<128x16xf64>, token
      %b, %t1 = load_view_tko weak %vb[%k, %by] : partition_view<tile=(16x64), tensor_view<32x64xf64, strides=[64,1]>>, tile<i32> -> tile<16x64xf64>, token
      %a3 = reshape %a : tile<128x16xf64> -> tile<2x64x16xf64>
      %b1 = reshape %b : tile<16x64xf64> -> tile<1x16x64xf64>
      %b3 = broadcast %b1 : tile<1x16x64xf64> -> tile<2x16x64xf64>
      %m = mmaf %a3, %b3, %s : tile<2x64x16xf64>, tile<2x16x64xf64>, tile<2x64x64xf64>
      continue %m : tile<2x64x64xf64>
    }
    %r2 = reshape %r : tile<2x64x64xf64> -> tile<128x64xf64>
    %t2 = store_view_tko weak %r2, %vc[%bx, %by] token = %t9 : tile<128x64xf64>, partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
