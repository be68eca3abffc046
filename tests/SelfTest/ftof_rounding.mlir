// Self-test program for the injected bug "ftof-rounding": 1 + 0.375 * i
// converted to the f8E8M0FNU scale format rounding toward zero (the power
// of two at or below the value) and back to f32. Rounding to nearest
// instead moves every value above 1.5 * 2^k up to 2^(k+1).
// tilecheck: entry=@scale_floor grid=1,1,1
// tilecheck: arg0 = buffer f32[64] out
cuda_tile.module @scale_floor {
  entry @scale_floor(%out: tile<ptr<f32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<64xi32>
    %f = itof %i signed : tile<64xi32> -> tile<64xf32>
    %step = constant <f32: 0.375> : tile<64xf32>
    %one = constant <f32: 1.0> : tile<64xf32>
    %s = mulf %f, %step : tile<64xf32>
    %x = addf %s, %one : tile<64xf32>
    %e = ftof %x rounding<zero> : tile<64xf32> -> tile<64xf8E8M0FNU>
    %y = ftof %e : tile<64xf8E8M0FNU> -> tile<64xf32>
    %to = make_tensor_view %out, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t = store_view_tko weak %y, %po[%bid] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
