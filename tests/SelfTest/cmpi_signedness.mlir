// Self-test program for the injected bug "cmpi-signedness": an unsigned
// minimum of (i - 32) and 5. As unsigned numbers the negative values are
// huge, so the minimum is 5 for them; a signed comparison picks i - 32.
// tilecheck: entry=@umin grid=1,1,1
// tilecheck: arg0 = buffer i32[64] out
cuda_tile.module @umin {
  entry @umin(%out: tile<ptr<i32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<64xi32>
    %c32 = constant <i32: 32> : tile<64xi32>
    %c5 = constant <i32: 5> : tile<64xi32>
    %a = subi %i, %c32 : tile<64xi32>
    %lt = cmpi less_than %a, %c5, unsigned : tile<64xi32> -> tile<64xi1>
    %m = select %lt, %a, %c5 : tile<64xi1>, tile<64xi32>
    %to = make_tensor_view %out, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %t = store_view_tko weak %m, %po[%bid] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
