// Self-test program for the injected bug "divi-floor": (i - 32) divided by
// 7 rounding toward negative infinity. Truncating division differs for
// every negative dividend that 7 does not divide.
// tilecheck: entry=@floordiv grid=1,1,1
// tilecheck: arg0 = buffer i32[64] out
cuda_tile.module @floordiv {
  entry @floordiv(%out: tile<ptr<i32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<64xi32>
    %c32 = constant <i32: 32> : tile<64xi32>
    %c7 = constant <i32: 7> : tile<64xi32>
    %a = subi %i, %c32 : tile<64xi32>
    %q = divi %a, %c7 signed rounding<negative_inf> : tile<64xi32>
    %to = make_tensor_view %out, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %t = store_view_tko weak %q, %po[%bid] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
